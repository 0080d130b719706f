import { afterEach, describe, expect, it, vi } from "vitest";
import { lineItems } from "@/contract/dto/line-items";
import { addedItems, checkoutPayload } from "@/lib/tracking/cart-value";
import { dedupe } from "@/lib/tracking/dedupe";
import { PIXEL_MAPPINGS, type PixelName } from "@/lib/tracking/pixel-params";
import type { PixelEvent, PixelPayload } from "@/lib/tracking/pixels";

/**
 * Each pixel's events against its documented parameters: the names, the types (strings, numbers,
 * arrays of objects) and which event carries which. The documents: Meta pixel reference
 * (developers.facebook.com/docs/meta-pixel/reference), TikTok "About parameters"
 * (ads.tiktok.com/help/article/about-parameters), Snap pixel parameters, GA4 recommended events
 * (developers.google.com/analytics/devguides/collection/ga4/reference/events).
 */

const COMMERCE: PixelEvent[] = ["ViewContent", "AddToCart", "InitiateCheckout", "AddPaymentInfo", "Purchase"];

const rose = { id: "prod-rose", name: "أملاح استحمام بالورد", price: 57.5, quantity: 2, category: "merchandise" };
const massage = { id: "prod-massage", name: "مساج", price: 230, quantity: 1, category: "reservation" };
const payload: PixelPayload = {
  value: 345,
  currency: "SAR",
  id: "order-1",
  items: [rose, massage],
  paymentType: "CARD",
};

type Kind = "string" | "number" | "integer" | "string[]" | "object[]";
const isKind = (v: unknown, k: Kind) =>
  k === "string"
    ? typeof v === "string" && v.length > 0
    : k === "number"
      ? typeof v === "number" && Number.isFinite(v)
      : k === "integer"
        ? Number.isInteger(v)
        : k === "string[]"
          ? Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string")
          : Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "object" && x !== null);

type Commerce = Exclude<PixelEvent, "PageView">;
const perEvent = (spec: (e: Commerce) => Record<string, Kind>) =>
  Object.fromEntries(COMMERCE.map((e) => [e, spec(e as Commerce)])) as Record<Commerce, Record<string, Kind>>;

/** Per pixel: the event names, then per event every parameter sent and its type (nothing else is sent). */
const DOCUMENTED: Record<
  PixelName,
  { names: Record<PixelEvent, string>; params: Record<Exclude<PixelEvent, "PageView">, Record<string, Kind>> }
> = {
  meta: {
    names: {
      PageView: "PageView",
      ViewContent: "ViewContent",
      AddToCart: "AddToCart",
      InitiateCheckout: "InitiateCheckout",
      AddPaymentInfo: "AddPaymentInfo",
      Purchase: "Purchase",
    },
    // num_items where Meta's reference lists it: InitiateCheckout and Purchase.
    params: perEvent((e) => ({
      content_ids: "string[]",
      contents: "object[]",
      content_type: "string",
      value: "number",
      currency: "string",
      ...(e === "InitiateCheckout" || e === "Purchase" ? { num_items: "integer" } : {}),
      ...(e === "Purchase" ? { eventID: "string" } : {}),
    })),
  },
  tiktok: {
    names: {
      PageView: "page",
      ViewContent: "ViewContent",
      AddToCart: "AddToCart",
      InitiateCheckout: "InitiateCheckout",
      AddPaymentInfo: "AddPaymentInfo",
      Purchase: "CompletePayment",
    },
    params: perEvent((e) => ({
      contents: "object[]",
      content_type: "string",
      value: "number",
      currency: "string",
      ...(e === "Purchase" ? { event_id: "string" } : {}),
    })),
  },
  snapchat: {
    names: {
      PageView: "PAGE_VIEW",
      ViewContent: "VIEW_CONTENT",
      AddToCart: "ADD_CART",
      InitiateCheckout: "START_CHECKOUT",
      AddPaymentInfo: "ADD_BILLING",
      Purchase: "PURCHASE",
    },
    params: perEvent((e) => ({
      item_ids: "string[]",
      number_items: "integer",
      item_category: "string",
      price: "number",
      currency: "string",
      ...(e === "Purchase" ? { transaction_id: "string" } : {}),
    })),
  },
  gtm: {
    names: {
      PageView: "page_view",
      ViewContent: "view_item",
      AddToCart: "add_to_cart",
      InitiateCheckout: "begin_checkout",
      AddPaymentInfo: "add_payment_info",
      Purchase: "purchase",
    },
    params: perEvent((e) => ({
      items: "object[]",
      value: "number",
      currency: "string",
      ...(e === "AddPaymentInfo" ? { payment_type: "string" } : {}),
      ...(e === "Purchase" ? { transaction_id: "string" } : {}),
    })),
  },
};

/** The fields of each product object, per pixel (its documented names and types). */
const ITEM_FIELDS: Partial<Record<PixelName, { key: string; fields: Record<string, Kind> }>> = {
  meta: { key: "contents", fields: { id: "string", quantity: "integer", item_price: "number" } },
  tiktok: {
    key: "contents",
    fields: { content_id: "string", content_name: "string", quantity: "integer", price: "number" },
  },
  gtm: {
    key: "items",
    fields: { item_id: "string", item_name: "string", price: "number", quantity: "integer", item_category: "string" },
  },
};

describe("pixel events name the products in each platform's documented parameters", () => {
  for (const pixel of Object.keys(DOCUMENTED) as PixelName[]) {
    const doc = DOCUMENTED[pixel];
    const mapping = PIXEL_MAPPINGS[pixel];

    it(`${pixel}: event names`, () => {
      expect(mapping.names).toEqual(doc.names);
    });

    for (const event of COMMERCE) {
      it(`${pixel} ${doc.names[event]}: exactly the documented parameters, each of its type`, () => {
        const params = mapping.params(event, payload);
        const expected = doc.params[event as Exclude<PixelEvent, "PageView">];
        expect(Object.keys(params).sort()).toEqual(Object.keys(expected).sort());
        for (const [key, kind] of Object.entries(expected))
          expect(isKind(params[key], kind), `${key} is ${kind}: ${JSON.stringify(params[key])}`).toBe(true);
        const items = ITEM_FIELDS[pixel];
        if (items)
          for (const item of params[items.key] as Record<string, unknown>[]) {
            expect(Object.keys(item).sort()).toEqual(Object.keys(items.fields).sort());
            for (const [key, kind] of Object.entries(items.fields))
              expect(isKind(item[key], kind), `${items.key}.${key} is ${kind}`).toBe(true);
          }
      });
    }
  }

  it("the values: ids, names, unit prices, quantities and kinds reach every pixel as given", () => {
    const p = (pixel: PixelName, event: PixelEvent) => PIXEL_MAPPINGS[pixel].params(event, payload);
    expect(p("meta", "Purchase")).toEqual({
      value: 345,
      currency: "SAR",
      content_ids: ["prod-rose", "prod-massage"],
      contents: [
        { id: "prod-rose", quantity: 2, item_price: 57.5 },
        { id: "prod-massage", quantity: 1, item_price: 230 },
      ],
      content_type: "product",
      num_items: 3,
      eventID: "order-1",
    });
    expect(p("tiktok", "AddToCart")).toEqual({
      value: 345,
      currency: "SAR",
      contents: [
        { content_id: "prod-rose", content_name: rose.name, quantity: 2, price: 57.5 },
        { content_id: "prod-massage", content_name: massage.name, quantity: 1, price: 230 },
      ],
      content_type: "product",
    });
    expect(p("snapchat", "Purchase")).toEqual({
      price: 345,
      currency: "SAR",
      item_ids: ["prod-rose", "prod-massage"],
      number_items: 3,
      item_category: "merchandise,reservation",
      transaction_id: "order-1",
    });
    expect(p("gtm", "AddPaymentInfo")).toEqual({
      value: 345,
      currency: "SAR",
      items: [
        { item_id: "prod-rose", item_name: rose.name, price: 57.5, quantity: 2, item_category: "merchandise" },
        { item_id: "prod-massage", item_name: massage.name, price: 230, quantity: 1, item_category: "reservation" },
      ],
      payment_type: "CARD",
    });
  });

  it("only a purchase names its order; a page view carries no product", () => {
    for (const pixel of Object.keys(DOCUMENTED) as PixelName[]) {
      for (const event of COMMERCE.filter((e) => e !== "Purchase"))
        expect(JSON.stringify(PIXEL_MAPPINGS[pixel].params(event, payload)), `${pixel} ${event}`).not.toContain(
          "order-1",
        );
      expect(PIXEL_MAPPINGS[pixel].params("PageView", {})).toEqual({});
    }
  });

  it("two lines of one product name it once among the ids, each line in the contents", () => {
    const twoPrices: PixelPayload = { value: 10, items: [rose, { ...rose, price: 40, quantity: 1 }] };
    expect(PIXEL_MAPPINGS.meta.params("InitiateCheckout", twoPrices)).toMatchObject({
      content_ids: ["prod-rose"],
      num_items: 3,
    });
    expect(PIXEL_MAPPINGS.snapchat.params("InitiateCheckout", twoPrices)).toMatchObject({
      item_ids: ["prod-rose"],
      number_items: 3,
      item_category: "merchandise",
    });
  });
});

describe("the items a cart's events carry", () => {
  const line = (productId: string, priceId: string, quantity: number, amount: number, taxAmount: number) => ({
    product: { id: productId, name: `name ${productId}`, typeString: "merchandise" as const },
    price: { id: priceId },
    quantity,
    amount,
    taxAmount,
    amountWithTax: amount + taxAmount,
  });
  const cart = {
    id: "cart-1",
    totalAmount: 172.5,
    cartItems: [line("p", "a", 2, 100, 15), line("q", "b", 1, 50, 7.5)],
  } as unknown as Parameters<typeof checkoutPayload>[0];

  it("unit price with VAT per unit of quantity, the product's name and kind", () => {
    expect(lineItems(cart)).toEqual([
      { id: "p", name: "name p", price: 57.5, quantity: 2, category: "merchandise" },
      { id: "q", name: "name q", price: 57.5, quantity: 1, category: "merchandise" },
    ]);
    expect(addedItems(cart, { productId: "q", priceId: "b" })).toEqual([
      { id: "q", name: "name q", price: 57.5, quantity: 1, category: "merchandise" },
    ]);
    expect(addedItems(cart, { productId: "q", priceId: "a" })).toEqual([]);
  });

  it("begin checkout is keyed by the cart, payment info by cart and method: each goes once, twice asked or not", () => {
    const begin = checkoutPayload(cart);
    const card = checkoutPayload(cart, "CARD");
    expect(begin).toMatchObject({ id: "cart-1", value: 172.5 });
    expect(card).toMatchObject({ id: "cart-1:CARD", paymentType: "CARD", value: 172.5 });
    let state = { session: [] as string[], purchased: [] as string[] };
    const sent = (event: string, id?: string) => {
      const r = dedupe(state, event, id);
      state = r.next;
      return r.send;
    };
    expect(sent("InitiateCheckout", begin.id)).toBe(true);
    expect(sent("InitiateCheckout", begin.id)).toBe(false);
    expect(sent("AddPaymentInfo", card.id)).toBe(true);
    expect(sent("AddPaymentInfo", card.id)).toBe(false);
    // Back to choose another method, then the first again: the new pair goes, the known one not.
    expect(sent("AddPaymentInfo", checkoutPayload(cart, "CASH").id)).toBe(true);
    expect(sent("AddPaymentInfo", card.id)).toBe(false);
  });
});

describe("the loaders hand each vendor those parameters", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("tag manager clears the previous ecommerce object before each ecommerce event; Meta and TikTok get the purchase's id as their options", async () => {
    const win: Record<string, unknown> = {};
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", { createElement: () => ({}), head: { appendChild: () => undefined } });
    vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => undefined });
    vi.stubGlobal("sessionStorage", { getItem: () => null, setItem: () => undefined });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { loadPixels } = await import("@/lib/tracking/load-pixels");
    const { track } = await import("@/lib/tracking/pixels");
    loadPixels(
      { gtmId: "GTM-X", metaPixelId: "1", tiktokPixelId: "T", snapchatPixelId: null, clarityId: null },
      (run) => run(),
    );
    track("PageView");
    track("AddToCart", { value: 115, id: "prod-rose", items: [rose] });
    track("Purchase", payload);
    const dl = (win.dataLayer as Record<string, unknown>[]).filter((e) => e.event !== "gtm.js");
    expect(dl.map((e) => (e.event as string | undefined) ?? (e.ecommerce === null ? "clear" : "?"))).toEqual([
      "page_view",
      "clear",
      "add_to_cart",
      "clear",
      "purchase",
    ]);
    expect(dl[0]).toEqual({ event: "page_view" });
    const fbq = (win.fbq as { queue: unknown[][] }).queue.filter((c) => c[0] === "track");
    expect(fbq.at(-1)).toEqual([
      "track",
      "Purchase",
      expect.objectContaining({ num_items: 3 }),
      { eventID: "order-1" },
    ]);
    expect(fbq.at(-1)![2]).not.toHaveProperty("eventID");
    const ttq = (win.ttq as unknown[][]).filter((c) => c[0] === "track");
    expect(ttq.at(-1)).toEqual([
      "track",
      "CompletePayment",
      expect.objectContaining({ content_type: "product" }),
      { event_id: "order-1" },
    ]);
  });
});
