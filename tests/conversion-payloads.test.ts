import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import {
  ga4Purchase,
  hashedPhone,
  metaPurchase,
  snapPurchase,
  tiktokPurchase,
  type PurchaseFacts,
} from "@/platform/notify/conversion-payloads";
import { sendConversion, ConversionRefused } from "@/platform/notify/conversions";

/** Each platform's server-side Purchase against its documented names and types (docs/behaviour.md). */

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const AT = new Date("2026-03-01T10:00:00.000Z");
const FACTS: PurchaseFacts = {
  orderId: "0d6f9a52-3f7e-4a8e-9a55-0c1b2d3e4f50",
  completedAt: AT,
  value: 230,
  currency: "SAR",
  items: [
    { id: "p-1", name: "Bath salts", price: 57.5, quantity: 2 },
    { id: "p-2", name: "Massage", price: 115, quantity: 1 },
  ],
  mobile: "+966551112233",
  tracking: {
    fbp: "fb.1.1714000000000.42",
    ip: "203.0.113.9",
    userAgent: "UA/1",
    pageUrl: "https://spa.example/",
    gaClientId: "1.2",
  },
  utm: { fbc: "fb.1.1714000000000.IwAR", ttclid: "tt-1", ScCid: "sc-1" },
};
const KEYS = { pixelId: "104729384756102", accessToken: "EAAtoken" };
const S = Math.floor(AT.getTime() / 1000);
/** Meta's and Snap's names for the lines: the same in both APIs. */
const META_CONTENTS = {
  content_ids: ["p-1", "p-2"],
  contents: [
    { id: "p-1", quantity: 2, item_price: 57.5 },
    { id: "p-2", quantity: 1, item_price: 115 },
  ],
};

it("hashes the phone as each platform normalizes it: Meta and Snap digits only, TikTok and GA4 E.164 with +", () => {
  expect(hashedPhone("meta", "+966551112233")).toBe(sha("966551112233"));
  expect(hashedPhone("snap", "+966551112233")).toBe(sha("966551112233"));
  expect(hashedPhone("tiktok", "+966551112233")).toBe(sha("+966551112233"));
  expect(hashedPhone("ga4", "+966551112233")).toBe(sha("+966551112233"));
  expect(hashedPhone("meta", "+966551112233")).toMatch(/^[0-9a-f]{64}$/);
});

it("Meta: a ServerEvent Purchase with UserData and CustomData, the access token in the query", () => {
  const r = metaPurchase(FACTS, KEYS);
  expect(r.path).toBe("/v21.0/104729384756102/events");
  expect(r.query).toEqual({ access_token: "EAAtoken" });
  expect(r.body).toEqual({
    data: [
      {
        event_name: "Purchase",
        event_time: S,
        event_id: FACTS.orderId,
        action_source: "website",
        event_source_url: "https://spa.example/",
        user_data: {
          ph: [sha("966551112233")],
          client_ip_address: "203.0.113.9",
          client_user_agent: "UA/1",
          fbp: "fb.1.1714000000000.42",
          fbc: "fb.1.1714000000000.IwAR",
        },
        custom_data: {
          currency: "SAR",
          value: 230,
          ...META_CONTENTS,
          content_type: "product",
          num_items: 3,
          order_id: FACTS.orderId,
        },
      },
    ],
  });
});

it("TikTok: Events API 2.0 CompletePayment, web source and pixel code, Access-Token header", () => {
  const r = tiktokPurchase(FACTS, { pixelId: "CRIMAL0TIKTOK0DEMO01", accessToken: "tt" });
  expect(r.path).toBe("/open_api/v1.3/event/track/");
  expect(r.headers).toEqual({ "Access-Token": "tt" });
  expect(r.body).toEqual({
    event_source: "web",
    event_source_id: "CRIMAL0TIKTOK0DEMO01",
    data: [
      {
        event: "CompletePayment",
        event_time: S,
        event_id: FACTS.orderId,
        user: { phone: sha("+966551112233"), ttclid: "tt-1", ip: "203.0.113.9", user_agent: "UA/1" },
        page: { url: "https://spa.example/" },
        properties: {
          currency: "SAR",
          value: 230,
          content_type: "product",
          contents: [
            { content_id: "p-1", content_name: "Bath salts", quantity: 2, price: 57.5 },
            { content_id: "p-2", content_name: "Massage", quantity: 1, price: 115 },
          ],
          order_id: FACTS.orderId,
        },
      },
    ],
  });
});

it("Snap: Conversions API v3 PURCHASE from WEB, the token in the query", () => {
  const r = snapPurchase(FACTS, { pixelId: "5b7c3f1e-2d4a-4e8b-9c6d-1a2b3c4d5e6f", accessToken: "snap" });
  expect(r.path).toBe("/v3/5b7c3f1e-2d4a-4e8b-9c6d-1a2b3c4d5e6f/events");
  expect(r.query).toEqual({ access_token: "snap" });
  const [event] = (r.body as { data: Record<string, unknown>[] }).data;
  expect(event).toEqual({
    event_name: "PURCHASE",
    event_time: S,
    event_id: FACTS.orderId,
    action_source: "WEB",
    event_source_url: "https://spa.example/",
    user_data: {
      ph: [sha("966551112233")],
      client_ip_address: "203.0.113.9",
      client_user_agent: "UA/1",
      sc_click_id: "sc-1",
    },
    custom_data: {
      currency: "SAR",
      value: 230,
      ...META_CONTENTS,
      num_items: 3,
      order_id: FACTS.orderId,
    },
  });
});

it("GA4: Measurement Protocol purchase with transaction_id, items, client_id and hashed phone", () => {
  const r = ga4Purchase(FACTS, { pixelId: "G-RIMAL0DEMO", accessToken: "secret" });
  expect(r.path).toBe("/mp/collect");
  expect(r.query).toEqual({ measurement_id: "G-RIMAL0DEMO", api_secret: "secret" });
  expect(r.body).toEqual({
    client_id: "1.2",
    timestamp_micros: AT.getTime() * 1000,
    ip_override: "203.0.113.9",
    consent: { ad_user_data: "GRANTED", ad_personalization: "GRANTED" },
    user_data: { sha256_phone_number: [sha("+966551112233")] },
    events: [
      {
        name: "purchase",
        params: {
          transaction_id: FACTS.orderId,
          currency: "SAR",
          value: 230,
          items: [
            { item_id: "p-1", item_name: "Bath salts", price: 57.5, quantity: 2 },
            { item_id: "p-2", item_name: "Massage", price: 115, quantity: 1 },
          ],
        },
      },
    ],
  });
  // Without a _ga cookie: a stable client id of GA4's form, the same on every try.
  const bare = { ...FACTS, tracking: {} };
  const id = (ga4Purchase(bare, KEYS).body as { client_id: string }).client_id;
  expect(id).toMatch(/^\d+\.\d+$/);
  expect((ga4Purchase(bare, KEYS).body as { client_id: string }).client_id).toBe(id);
});

it("sends with a 10 s timeout; a 4xx or TikTok's 4xxxx code is a refusal, a 429, 5xx or TikTok's 5xxxx is retried", async () => {
  const answer =
    (status: number, body: unknown): typeof fetch =>
    async () =>
      status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  await expect(sendConversion("ga4", KEYS, "https://g", FACTS, answer(204, null))).resolves.toBeUndefined();
  await expect(
    sendConversion("meta", KEYS, "https://g", FACTS, answer(400, { error: { message: "bad" } })),
  ).rejects.toBeInstanceOf(ConversionRefused);
  await expect(
    sendConversion("tiktok", KEYS, "https://g", FACTS, answer(200, { code: 40002, message: "x" })),
  ).rejects.toBeInstanceOf(ConversionRefused);
  for (const [platform, status, body] of [
    ["meta", 500, {}],
    ["snap", 429, {}],
    ["tiktok", 200, { code: 50000, message: "busy" }],
  ] as const) {
    const err = await sendConversion(platform, KEYS, "https://g", FACTS, answer(status, body)).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ConversionRefused);
  }
  let signal: AbortSignal | undefined;
  await sendConversion("snap", KEYS, "https://g", FACTS, (async (_u: string, init: RequestInit) => {
    signal = init.signal ?? undefined;
    return Response.json({ status: "VALID" });
  }) as unknown as typeof fetch);
  expect(signal).toBeInstanceOf(AbortSignal);
});
