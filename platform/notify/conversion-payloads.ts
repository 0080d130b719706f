import { createHash } from "node:crypto";
import type { ConversionPlatform, OrderTracking, UtmRecord } from "../db/schema";

// Each ad platform's server-side Purchase, shaped as the platform documents it (docs/behaviour.md
// names the sources). One order's facts go in; the request (path below the platform's base, query,
// headers and JSON body) comes out. Pure: the worker sends it (conversions.ts), the tests read it.

/** Meta's Graph API version the requests are written against (the WhatsApp sender's too). */
export const META_GRAPH_VERSION = "v21.0";

/** A line of the order as the pixels name it: the product's id, name, unit price with VAT (SAR) and quantity. */
export type PurchaseItem = { id: string; name: string; price: number; quantity: number };

/** What every platform's Purchase is made of. */
export type PurchaseFacts = {
  /** The order's id: the browser pixel's event id (components/order/order-view.tsx), so the two count once. */
  orderId: string;
  /** When the order completed. */
  completedAt: Date;
  /** The order's total with VAT, SAR (the pixel's value). */
  value: number;
  currency: "SAR";
  items: PurchaseItem[];
  /** E.164 (+9665…); null when the order has none. */
  mobile: string | null;
  tracking: OrderTracking;
  utm: UtmRecord | null;
};

export type ConversionCredentials = { pixelId: string; accessToken: string };

export type ConversionRequest = {
  /** Below the platform's base URL (https://graph.facebook.com, or this app's sandbox for it). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/**
 * The mobile number hashed as `platform` asks (SHA-256, lowercase hex): Meta and Snap take the
 * digits with the country code and no `+`; TikTok and GA4 take E.164 with its `+`.
 */
export function hashedPhone(platform: ConversionPlatform, e164: string): string {
  const digits = e164.replace(/\D/g, "").replace(/^0+/, "");
  return sha256(platform === "tiktok" || platform === "ga4" ? `+${digits}` : digits);
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const numItems = (items: PurchaseItem[]) => items.reduce((n, i) => n + i.quantity, 0);
/** Drops the absent fields: a platform reads a present empty value as a wrong one. */
const present = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== "")) as Partial<T>;

/** Meta's `_fbc`: the browser's cookie, else the one built from the landing's fbclid. */
const fbcOf = (f: PurchaseFacts) => f.tracking.fbc ?? f.utm?.fbc;

/**
 * Meta Conversions API: `POST /{version}/{pixel-id}/events?access_token=` with `data: [ServerEvent]`
 * (the Business SDK's ServerEvent, UserData, CustomData and Content names).
 */
export function metaPurchase(f: PurchaseFacts, c: ConversionCredentials): ConversionRequest {
  const event = present({
    event_name: "Purchase",
    event_time: seconds(f.completedAt),
    event_id: f.orderId,
    action_source: "website",
    event_source_url: f.tracking.pageUrl,
    user_data: present({
      ph: f.mobile ? [hashedPhone("meta", f.mobile)] : undefined,
      client_ip_address: f.tracking.ip,
      client_user_agent: f.tracking.userAgent,
      fbp: f.tracking.fbp,
      fbc: fbcOf(f),
    }),
    custom_data: {
      currency: f.currency,
      value: f.value,
      content_ids: f.items.map((i) => i.id),
      contents: f.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: i.price })),
      content_type: "product",
      num_items: numItems(f.items),
      order_id: f.orderId,
    },
  });
  return {
    path: `/${META_GRAPH_VERSION}/${encodeURIComponent(c.pixelId)}/events`,
    query: { access_token: c.accessToken },
    headers: {},
    body: { data: [event] },
  };
}

/** TikTok Events API 2.0: `POST /open_api/v1.3/event/track/` with the `Access-Token` header. */
export function tiktokPurchase(f: PurchaseFacts, c: ConversionCredentials): ConversionRequest {
  const event = present({
    event: "CompletePayment",
    event_time: seconds(f.completedAt),
    event_id: f.orderId,
    user: present({
      phone: f.mobile ? hashedPhone("tiktok", f.mobile) : undefined,
      ttclid: f.utm?.ttclid,
      ip: f.tracking.ip,
      user_agent: f.tracking.userAgent,
    }),
    page: f.tracking.pageUrl ? { url: f.tracking.pageUrl } : undefined,
    properties: {
      currency: f.currency,
      value: f.value,
      content_type: "product",
      contents: f.items.map((i) => ({ content_id: i.id, content_name: i.name, quantity: i.quantity, price: i.price })),
      order_id: f.orderId,
    },
  });
  return {
    path: "/open_api/v1.3/event/track/",
    query: {},
    headers: { "Access-Token": c.accessToken },
    body: { event_source: "web", event_source_id: c.pixelId, data: [event] },
  };
}

/** Snap Conversions API v3: `POST /v3/{pixel-id}/events?access_token=` with `data: [event]`. */
export function snapPurchase(f: PurchaseFacts, c: ConversionCredentials): ConversionRequest {
  const event = present({
    event_name: "PURCHASE",
    event_time: seconds(f.completedAt),
    event_id: f.orderId,
    action_source: "WEB",
    event_source_url: f.tracking.pageUrl,
    user_data: present({
      ph: f.mobile ? [hashedPhone("snap", f.mobile)] : undefined,
      client_ip_address: f.tracking.ip,
      client_user_agent: f.tracking.userAgent,
      sc_click_id: f.utm?.ScCid,
    }),
    custom_data: {
      currency: f.currency,
      value: f.value,
      content_ids: f.items.map((i) => i.id),
      contents: f.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: i.price })),
      num_items: numItems(f.items),
      order_id: f.orderId,
    },
  });
  return {
    path: `/v3/${encodeURIComponent(c.pixelId)}/events`,
    query: { access_token: c.accessToken },
    headers: {},
    body: { data: [event] },
  };
}

/**
 * GA4's client id when the browser had no `_ga` cookie: GA4 requires one, and a stable one per
 * order keeps a retried send the same visitor.
 */
const fallbackClientId = (f: PurchaseFacts) =>
  `${BigInt(`0x${sha256(f.orderId).slice(0, 8)}`).toString()}.${seconds(f.completedAt)}`;

/**
 * GA4 Measurement Protocol: `POST /mp/collect?measurement_id=&api_secret=`. GA4 has no event id:
 * a purchase is counted once per `transaction_id`, the order's id as the browser's.
 */
export function ga4Purchase(f: PurchaseFacts, c: ConversionCredentials): ConversionRequest {
  return {
    path: "/mp/collect",
    query: { measurement_id: c.pixelId, api_secret: c.accessToken },
    headers: {},
    body: present({
      client_id: f.tracking.gaClientId ?? fallbackClientId(f),
      timestamp_micros: f.completedAt.getTime() * 1000,
      ip_override: f.tracking.ip,
      consent: { ad_user_data: "GRANTED", ad_personalization: "GRANTED" },
      user_data: f.mobile ? { sha256_phone_number: [hashedPhone("ga4", f.mobile)] } : undefined,
      events: [
        {
          name: "purchase",
          params: {
            transaction_id: f.orderId,
            currency: f.currency,
            value: f.value,
            items: f.items.map((i) => ({ item_id: i.id, item_name: i.name, price: i.price, quantity: i.quantity })),
          },
        },
      ],
    }),
  };
}

export const PURCHASE_REQUESTS: Record<
  ConversionPlatform,
  (f: PurchaseFacts, c: ConversionCredentials) => ConversionRequest
> = { meta: metaPurchase, tiktok: tiktokPurchase, snap: snapPurchase, ga4: ga4Purchase };

/** Each platform's own API, where its requests go unless the tenant's row says otherwise. */
export const PLATFORM_APIS: Record<ConversionPlatform, string> = {
  meta: "https://graph.facebook.com",
  tiktok: "https://business-api.tiktok.com",
  snap: "https://tr.snapchat.com",
  ga4: "https://www.google-analytics.com",
};
