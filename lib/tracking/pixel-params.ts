import type { PixelEvent, PixelItem, PixelPayload } from "./pixels";

/**
 * What each pixel is told of an event, in its own documented names and types (docs/behaviour.md,
 * "Pixel events"): the products by id (what catalogues and dynamic ads match on), name, unit price
 * with VAT, quantity and kind; the value and currency; the payment method; and, on a purchase only,
 * the order id the platforms de-duplicate browser and server events by. Pure: the loaders in
 * load-pixels.ts hand the result to each vendor's function.
 */

type Params = Record<string, unknown>;
export type PixelName = "gtm" | "meta" | "tiktok" | "snapchat";
export type PixelMapping = {
  names: Record<PixelEvent, string>;
  params: (event: PixelEvent, p: PixelPayload) => Params;
};

const units = (items: readonly PixelItem[]) => items.reduce((n, i) => n + i.quantity, 0);
/** Each product once, in the order first named (two prices of one product are two lines, one product). */
const productIds = (items: readonly PixelItem[]) => [...new Set(items.map((i) => i.id))];
/** `key: value` when the value is known: the platforms read an absent field better than an empty one. */
const field = <T>(key: string, value: T | undefined): Params =>
  value === undefined || value === "" ? {} : { [key]: value };

/** Our events, in the order each pixel's names are listed below. */
const EVENTS = ["PageView", "ViewContent", "AddToCart", "InitiateCheckout", "AddPaymentInfo", "Purchase"] as const;

/**
 * One pixel's mapping: its names of our events (in EVENTS' order), the key of the event's amount,
 * its product parameters (when the event names products) and the key of the purchase's order id.
 */
function mapping(
  names: readonly [string, string, string, string, string, string],
  amountKey: "value" | "price",
  products: (items: readonly PixelItem[], event: PixelEvent, p: PixelPayload) => Params,
  orderKey: string,
): PixelMapping {
  return {
    names: Object.fromEntries(EVENTS.map((e, i) => [e, names[i]])) as Record<PixelEvent, string>,
    params: (event, p) => ({
      ...(p.value === undefined ? {} : { [amountKey]: p.value, currency: p.currency ?? "SAR" }),
      ...(p.items?.length ? products(p.items, event, p) : {}),
      ...(event === "Purchase" ? field(orderKey, p.id) : {}),
    }),
  };
}

/**
 * Meta pixel (developers.facebook.com/docs/meta-pixel/reference): content_ids (strings),
 * contents ({id, quantity, item_price}), content_type "product", num_items on InitiateCheckout and
 * Purchase (the events documenting it), value, currency; the purchase's eventID (fbq's 4th argument).
 */
export const meta = mapping(
  ["PageView", "ViewContent", "AddToCart", "InitiateCheckout", "AddPaymentInfo", "Purchase"],
  "value",
  (items, event) => ({
    content_ids: productIds(items),
    contents: items.map((i) => ({ id: i.id, quantity: i.quantity, ...field("item_price", i.price) })),
    content_type: "product",
    ...(event === "InitiateCheckout" || event === "Purchase" ? { num_items: units(items) } : {}),
  }),
  "eventID",
);

/**
 * TikTok pixel (ads.tiktok.com "About parameters"): contents ({content_id, content_name, quantity,
 * price}: price per item, value the total), content_type "product", value, currency; the
 * purchase's event_id (ttq.track's 3rd argument).
 */
export const tiktok = mapping(
  ["page", "ViewContent", "AddToCart", "InitiateCheckout", "AddPaymentInfo", "CompletePayment"],
  "value",
  (items) => ({
    contents: items.map((i) => ({
      content_id: i.id,
      ...field("content_name", i.name),
      quantity: i.quantity,
      ...field("price", i.price),
    })),
    content_type: "product",
  }),
  "event_id",
);

/**
 * Snap pixel (businesshelp.snapchat.com, Snap Pixel parameters): item_ids (strings), number_items
 * (integer), item_category (a string: the products' kinds, comma-separated), price (the event's
 * total) and currency; the purchase's transaction_id. ADD_BILLING is Snap's payment-info event.
 */
export const snapchat = mapping(
  ["PAGE_VIEW", "VIEW_CONTENT", "ADD_CART", "START_CHECKOUT", "ADD_BILLING", "PURCHASE"],
  "price",
  (items) => ({
    item_ids: productIds(items),
    number_items: units(items),
    ...field("item_category", [...new Set(items.flatMap((i) => (i.category ? [i.category] : [])))].join(",")),
  }),
  "transaction_id",
);

/**
 * GA4 through tag manager's dataLayer (developers.google.com/analytics/devguides/collection/ga4/
 * reference/events): `ecommerce: {currency, value, items: [{item_id, item_name, price, quantity,
 * item_category}]}`, payment_type on add_payment_info, transaction_id on purchase. A page view
 * carries nothing (no ecommerce object).
 */
export const gtm = mapping(
  ["page_view", "view_item", "add_to_cart", "begin_checkout", "add_payment_info", "purchase"],
  "value",
  (items, event, p) => ({
    items: items.map((i) => ({
      item_id: i.id,
      ...field("item_name", i.name),
      ...field("price", i.price),
      quantity: i.quantity,
      ...field("item_category", i.category),
    })),
    ...(event === "AddPaymentInfo" ? field("payment_type", p.paymentType) : {}),
  }),
  "transaction_id",
);

export const PIXEL_MAPPINGS: Record<PixelName, PixelMapping> = { gtm, meta, tiktok, snapchat };
