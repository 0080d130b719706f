import fc from "fast-check";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import "@/platform/api";
import { handlePlatformRequest } from "@/platform/api";
import { registeredRoutes } from "@/platform/api/router";
import { setPlatformDb } from "@/platform/db";
import { issueRefreshToken } from "@/platform/services/refresh-tokens";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { CartDto } from "@/contract/dto/cart";
import type { PresetDto, PresetValueDto } from "@/contract/dto/presets";
import type { UploadDto } from "@/contract/dto/customers";
import type { LocationDto } from "@/contract/input/locations";
import { orderViewKey } from "@/platform/services/order-links";
import { callApi, FILES, uploadForm } from "./helpers/account-api";
import { newShopper } from "./helpers/checkout";
import { DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";
import {
  badId,
  describeOnPglite,
  enc,
  expectFamilyCounts,
  expectSuiteRefusedShare,
  FAMILY_TIMEOUT_MS,
  forgedBearers,
  fuzzFamily,
  headerJunk,
  makeRequest,
  newStats,
  routeKey,
  routeLabel,
  routeRequests,
  startClock,
  summary,
  trickyString,
  type Credentials,
  type FamilyStats,
  type FuzzRequest,
  type RouteSpec,
} from "./helpers/fuzz";

/**
 * Fuzz suite of the platform API (/api/app/*, QUALITY.md "Bad input"): for every endpoint family
 * (a resource group of platform/api/routes), 1,000 generated malformed requests through the router
 * in-process; none may be answered 5xx, and every refusal is a 4xx `{error:{code,message}}` with a
 * known code. PGlite only (see describeOnPglite). FUZZ_SEED=<n> replays a failed run.
 */

process.env.PLATFORM_HOSTS = "platform.internal";
const appRoute = await import("@/app/api/app/[...path]/route");

type Ctx = {
  tenantId: string;
  token: string;
  customerId: string;
  mobileNumber: string;
  carts: Record<"items" | "remove" | "scratch" | "coupon" | "checkout" | "bank" | "empty" | "guest", string>;
  itemId: string;
  removeItemId: string;
  productId: string;
  priceId: string;
  slotProductId: string;
  day: string;
  locationId: string;
  presetId: string;
  presetValueId: string;
  uploadName: string;
  otpToken: string;
  refreshToken: string;
  cred: Credentials;
};

const FAMILIES = [
  "website",
  "catalog",
  "carts",
  "cart items",
  "otp send/verify",
  "tokens",
  "customer profile",
  "custom fields",
  "uploads",
  "account",
  "presets",
  "locations",
  "coupons",
  "checkout (validate, packages, submit)",
  "bank transfer",
  "payments initiation",
  "pay later",
  "webhooks",
] as const;

/** Endpoint families: each a resource group of platform/api/routes, with a valid call of each of its routes. */
function families(c: Ctx): Record<(typeof FAMILIES)[number], RouteSpec[]> {
  const checkout = {
    customer: { name: "Test Shopper", mobileNumber: c.mobileNumber },
    bookingNotes: "Ring twice",
    termsAccepted: true,
    utm: { source: "fuzz", campaign: "x" },
  };
  const url = `${siteOriginOf("spa.localhost", env())}/en/checkout/done`;
  const position = { latitude: "24.7136", longitude: "46.6753" };
  return {
    website: [
      { method: "GET", pattern: "website/config", auth: false },
      { method: "GET", pattern: "website/pages/*path", params: { path: "z/terms-and-conditions" }, auth: false },
      // The operator's tenant-less call: a store's host never serves it.
      { method: "GET", pattern: "tenants/resolve", query: { host: "spa.localhost" }, auth: false },
      { method: "GET", pattern: "tenants/:id/content-version", params: { id: c.tenantId }, auth: false },
      {
        method: "POST",
        pattern: "web-vitals",
        body: {
          page: "product",
          locale: "ar",
          device: "phone",
          navigation: "navigate",
          metrics: [{ name: "LCP", value: 2100, rating: "good" }],
        },
        auth: false,
      },
    ],
    catalog: [
      { method: "GET", pattern: "products", query: { type: "merchandise" }, auth: false },
      { method: "GET", pattern: "products/:id", params: { id: c.productId }, auth: false },
      { method: "GET", pattern: "products/slug/:slug", params: { slug: "lavender-massage-oil" }, auth: false },
      {
        method: "GET",
        pattern: "products/:id/availability",
        params: { id: c.slotProductId },
        query: { date: c.day },
        auth: false,
      },
    ],
    carts: [
      { method: "POST", pattern: "cart", auth: true },
      { method: "GET", pattern: "cart/:id", params: { id: c.carts.items }, auth: true },
      { method: "POST", pattern: "cart/:id/reset", params: { id: c.carts.scratch }, auth: true },
      { method: "POST", pattern: "cart/:id/assign", params: { id: c.carts.guest }, auth: true },
      { method: "POST", pattern: "cart/:id/release", params: { id: c.carts.scratch }, auth: true },
      { method: "POST", pattern: "cart/:id/purchase-event", params: { id: c.carts.items }, auth: true },
    ],
    "cart items": [
      {
        method: "POST",
        pattern: "cart/:id/items",
        params: { id: c.carts.items },
        body: { productId: c.productId, priceId: c.priceId, quantity: 1 },
        auth: true,
      },
      {
        method: "PUT",
        pattern: "cart/:id/items/:itemId",
        params: { id: c.carts.items, itemId: c.itemId },
        body: { priceId: c.priceId, quantity: 2 },
        auth: true,
      },
      {
        method: "DELETE",
        pattern: "cart/:id/items/:itemId",
        params: { id: c.carts.remove, itemId: c.removeItemId },
        auth: true,
      },
    ],
    "otp send/verify": [
      {
        method: "POST",
        pattern: "otp/send",
        body: { mobileNumber: c.mobileNumber, purpose: "CustomerLogin" },
        auth: false,
      },
      { method: "POST", pattern: "otp/verify", body: { token: c.otpToken, code: "123456" }, auth: false },
    ],
    tokens: [
      { method: "POST", pattern: "token/refresh", body: { refresh_token: c.refreshToken }, auth: false },
      { method: "POST", pattern: "token/revoke", body: { refresh_token: c.refreshToken }, auth: false },
    ],
    "customer profile": [
      { method: "GET", pattern: "identity-customer/me", auth: true },
      {
        method: "POST",
        pattern: "identity-customer/customer",
        body: {
          name: "Test Shopper",
          email: "shopper@example.com",
          mobileNumber: c.mobileNumber,
          customFields: { age: 30 },
        },
        auth: true,
      },
      { method: "PUT", pattern: "identity-customer", body: { name: "Test Shopper", email: "" }, auth: true },
      { method: "PUT", pattern: "identity-customer/reminders", body: { bookingReminders: false }, auth: true },
    ],
    "custom fields": [
      {
        method: "PUT",
        pattern: "identity-customer/customer-custom-fields",
        body: {
          customFields: {
            national_id: "1023456789",
            age: "30",
            birth_date: "1990-01-31",
            preferred_therapist: "noura",
            id_document: c.uploadName,
            profile_photo: null,
          },
        },
        auth: true,
      },
      { method: "GET", pattern: "customer/checkout-custom-fields", auth: false },
    ],
    uploads: [
      { method: "POST", pattern: "customer/uploads", multipart: { purpose: "custom-field" }, auth: true },
      { method: "GET", pattern: "customer/uploads/:name", params: { name: c.uploadName }, auth: true },
    ],
    account: [
      { method: "GET", pattern: "customer/orders", auth: true },
      { method: "GET", pattern: "customer/gift-cards", auth: true },
      { method: "GET", pattern: "orders/:id/link", params: { id: c.carts.checkout }, auth: true },
      { method: "GET", pattern: "orders/:id/invoice", params: { id: c.carts.checkout }, auth: true },
      {
        method: "POST",
        pattern: "orders/:id/items/:itemId/reschedule",
        params: { id: c.carts.checkout, itemId: c.itemId },
        body: { reservationDateFrom: "2030-01-01T10:00:00.000Z" },
        auth: true,
      },
      {
        method: "POST",
        pattern: "orders/:id/items/:itemId/cancel",
        params: { id: c.carts.checkout, itemId: c.itemId },
        auth: true,
      },
      {
        method: "GET",
        pattern: "orders/:id/items/:itemId/wallet-pass",
        params: { id: c.carts.checkout, itemId: c.itemId },
        auth: true,
      },
      {
        method: "POST",
        pattern: "orders/:id/bank-receipt",
        params: { id: c.carts.bank },
        multipart: { transferorName: "Test Shopper" },
        auth: true,
      },
      {
        method: "GET",
        pattern: "orders/:id/shared/:key",
        params: { id: c.carts.checkout, key: orderViewKey(c.tenantId, c.carts.checkout) },
        auth: false,
      },
      {
        method: "GET",
        pattern: "orders/:id/shared/:key/invoice",
        params: { id: c.carts.checkout, key: orderViewKey(c.tenantId, c.carts.checkout) },
        auth: false,
      },
      { method: "GET", pattern: "customer/reservations", auth: true },
      { method: "GET", pattern: "customer/subscriptions", auth: true },
    ],
    presets: [
      { method: "GET", pattern: "presets/presets-list", query: { customerId: c.customerId }, auth: true },
      {
        method: "GET",
        pattern: "presets/preset-fields/:id",
        params: { id: c.presetId },
        query: { customerId: c.customerId },
        auth: true,
      },
      {
        method: "GET",
        pattern: "presets/values",
        query: { customerId: c.customerId, presetId: c.presetId },
        auth: true,
      },
      {
        method: "POST",
        pattern: "presets/value",
        query: { presetId: c.presetId },
        body: { values: { guest_name: "Lama", relation: "Sister", age: "9" }, isDefault: false },
        auth: true,
      },
      {
        method: "PUT",
        pattern: "presets/values/:id",
        params: { id: c.presetValueId },
        query: { customerId: c.customerId },
        body: { values: { guest_name: "Lama" }, isDefault: true },
        auth: true,
      },
      {
        method: "POST",
        pattern: "presets/set-default-group/:id",
        params: { id: c.presetValueId },
        query: { customerId: c.customerId },
        auth: true,
      },
      {
        method: "DELETE",
        pattern: "presets/:id",
        params: { id: c.presetValueId },
        query: { customerId: c.customerId },
        auth: true,
      },
    ],
    locations: [
      { method: "GET", pattern: "customer-locations", auth: true },
      { method: "GET", pattern: "customer-locations/closest", query: position, auth: true },
      { method: "GET", pattern: "customer-locations/suggestion", query: position, auth: true },
      {
        method: "POST",
        pattern: "customer-locations",
        body: { latitude: 24.7136, longitude: 46.6753, type: "home", description: "Gate 3" },
        auth: true,
      },
      { method: "DELETE", pattern: "customer-locations/:id", params: { id: c.locationId }, auth: true },
    ],
    coupons: [
      {
        method: "POST",
        pattern: "cart/:id/coupon",
        params: { id: c.carts.coupon },
        body: { couponCode: "OIL20", cartItems: [], customerId: c.customerId },
        headers: { "x-sales-channel": "website" },
        auth: true,
      },
      { method: "DELETE", pattern: "cart/:id/coupon", params: { id: c.carts.coupon }, auth: true },
      { method: "GET", pattern: "coupons/:code", params: { code: "RELAX10" }, auth: false },
      {
        method: "POST",
        pattern: "cart/:id/gift-card",
        params: { id: c.carts.coupon },
        body: { code: "ABCD-EFGH-JKMN" },
        auth: true,
      },
      { method: "DELETE", pattern: "cart/:id/gift-card", params: { id: c.carts.coupon }, auth: true },
      { method: "GET", pattern: "gift-cards/:token", params: { token: "no-such-page" }, auth: false },
    ],
    "checkout (validate, packages, submit)": [
      {
        method: "PUT",
        pattern: "cart/:id/packages",
        params: { id: c.carts.checkout },
        body: { usePackages: true },
        auth: true,
      },
      {
        method: "PUT",
        pattern: "cart/:id/fulfilment",
        params: { id: c.carts.checkout },
        body: {
          kind: "delivery",
          latitude: 24.7136,
          longitude: 46.6753,
          addressLine: "Olaya, building 1",
          driverNote: "",
        },
        auth: true,
      },
      { method: "GET", pattern: "fulfilment/branches", query: position, auth: false },
      {
        method: "GET",
        pattern: "cart/:id/validate",
        params: { id: c.carts.checkout },
        headers: { "x-sales-channel": "website" },
        auth: true,
      },
      {
        method: "POST",
        pattern: "cart/:id/submit",
        params: { id: c.carts.checkout },
        body: { paymentMethod: "CASH", ...checkout },
        auth: true,
      },
    ],
    "bank transfer": [
      {
        method: "POST",
        pattern: "cart/:id/bank-receipt",
        params: { id: c.carts.bank },
        multipart: { transferorName: "Test Shopper", checkout: JSON.stringify(checkout) },
        auth: true,
      },
      { method: "GET", pattern: "bank-account/bank-account", auth: false },
    ],
    // Payments act on an empty cart of the shopper: a request that happens to be valid stops at
    // SP:CartIsEmpty before any provider would be called (fetch is stubbed to fail loudly anyway).
    "payments initiation": [
      {
        method: "POST",
        pattern: "payment/moyasar/session",
        body: {
          reference: c.carts.empty,
          token: "tok_test_x",
          tokenType: "token",
          callbackUrl: url,
          description: "Order",
          checkout,
        },
        auth: true,
      },
      {
        method: "POST",
        pattern: "payment/initiate-session/:cartId",
        params: { cartId: c.carts.empty },
        query: { callbackUrl: url, totalAmount: "10" },
        auth: true,
      },
      {
        method: "POST",
        pattern: "payment/execute-cart-payment",
        query: { sessionId: "sess_1", cartId: c.carts.empty, callbackUrl: url, errorCallbackUrl: url },
        body: { checkout },
        auth: true,
      },
      { method: "POST", pattern: "payment/:cartId/callback-payment", params: { cartId: c.carts.empty }, auth: true },
      { method: "GET", pattern: "payment/apple-pay/domain-association", auth: false },
    ],
    "pay later": [
      {
        method: "POST",
        pattern: "tabby/test-customer-eligibility",
        body: { cartId: c.carts.empty, success_url: url, cancel_url: url, failure_url: url },
        auth: true,
      },
      {
        method: "POST",
        pattern: "tabby/session",
        body: { reference: c.carts.empty, cancel_url: url, failure_url: url, success_url: url, checkout },
        auth: true,
      },
      {
        method: "POST",
        pattern: "tamara/cart-session",
        body: { reference: c.carts.empty, cancel_url: url, failure_url: url, success_url: url, checkout },
        auth: true,
      },
    ],
    // Verified with the seeded webhook secrets, so that bodies are checked past the signature; an
    // unknown payment settles nothing ("none").
    webhooks: [
      {
        method: "POST",
        pattern: "payment/webhooks/:provider",
        variant: "moyasar",
        params: { provider: "moyasar" },
        body: {
          type: "payment_paid",
          secret_token: "whsec_moyasar_rimal",
          data: { id: "pay_unknown", status: "paid" },
        },
        auth: false,
      },
      {
        method: "POST",
        pattern: "payment/webhooks/:provider",
        variant: "tabby",
        params: { provider: "tabby" },
        headers: { "x-webhook-secret": "whsec_tabby_rimal" },
        body: { id: "tabby_unknown", status: "authorized" },
        auth: false,
      },
      {
        method: "POST",
        pattern: "payment/webhooks/:provider",
        variant: "myfatoorah",
        params: { provider: "myfatoorah" },
        headers: { "myfatoorah-signature": "c2lnbmF0dXJl" },
        body: { EventType: 1, Data: { InvoiceId: 1 } },
        auth: false,
      },
      {
        method: "POST",
        pattern: "payment/webhooks/:provider",
        variant: "rekaz-pay",
        params: { provider: "rekaz-pay" },
        headers: { "myfatoorah-signature": "c2lnbmF0dXJl" },
        body: { Data: { InvoiceId: "2" } },
        auth: false,
      },
      {
        method: "POST",
        pattern: "payment/webhooks/:provider",
        variant: "tamara",
        params: { provider: "tamara" },
        query: { tamaraToken: "a.b.c" },
        body: { order_id: "tamara_unknown", event_type: "order_approved" },
        auth: false,
      },
    ],
  };
}

/** The route handler's own inputs (app/api/app/[...path]): host, __tenant, path segments, method. */
function tenantResolution(c: { spaId: string; coffeeId: string }): fc.Arbitrary<FuzzRequest> {
  const host = fc.oneof(
    fc.constantFrom(
      "spa.localhost",
      "coffee.localhost",
      "platform.internal",
      "localhost:3000",
      "nowhere.localhost",
      "",
      "SPA.LOCALHOST.",
      "[::1]:3000",
      "spa.localhost:99999",
      "a..b",
      ".",
      "-",
      "x".repeat(300),
    ),
    headerJunk,
  );
  const tenantHeader = fc.oneof(
    fc.constantFrom(
      c.spaId,
      c.coffeeId,
      c.spaId.toUpperCase(),
      "spa",
      "00000000-0000-4000-8000-000000000000",
      `${c.spaId},${c.coffeeId}`,
      "-".repeat(36),
    ),
    headerJunk,
  );
  const path: fc.Arbitrary<string[]> = fc.oneof(
    fc.constantFrom<string[]>(["products"], ["website", "config"], ["tenants", "resolve"], ["cart"], []),
    fc.array(fc.oneof(badId, trickyString), { minLength: 1, maxLength: 8 }),
  );
  const query = fc.oneof(
    fc.constant(""),
    fc.constantFrom("host=coffee.localhost", "host=", "host=%zz", "host=platform.internal"),
    trickyString.map((s) => `host=${enc(s)}`),
  );
  return fc
    .record({
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
      host,
      tenant: fc.option(tenantHeader, { nil: null }),
      segments: path,
      query,
    })
    .map((r) => ({
      route: "app/api/app/[...path]",
      target: "host / __tenant / path",
      method: r.method,
      segments: r.segments,
      query: r.query,
      headers: [["host", r.host], ...(r.tenant === null ? [] : [["__tenant", r.tenant] as [string, string]])],
    }));
}

describeOnPglite("fuzz: platform API", (t) => {
  let c: Ctx;
  const all: FamilyStats[] = [];
  const clock = startClock();

  beforeAll(async () => {
    const { db, spa, coffee, now } = t();
    setPlatformDb({ db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    // A provider reached by a request that happened to be valid would be a network call: none here.
    vi.stubGlobal("fetch", () => Promise.reject(new Error("fuzz suite: no network")));
    const shopper = await newShopper(db, spa, "Fuzz Shopper");
    const other = await newShopper(db, coffee, "Coffee Shopper");
    const oil = await demoProduct(db, spa.id, DEMO.oil);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const api = <T>(method: string, path: string, opts: Parameters<typeof callApi>[4] = {}) =>
      callApi<T>(db, spa, method, path, { token: shopper.token, ...opts });
    const cart = async (withItem: boolean, token: string | undefined = shopper.token) => {
      const made = (await api<CartDto>("POST", "cart", { token })).data!;
      if (!withItem) return made;
      const added = await api<CartDto>("POST", `cart/${made.id}/items`, {
        token,
        body: { productId: oil.id, priceId: oil.priceId },
      });
      expect(added.status).toBe(200);
      return added.data!;
    };
    const [items, remove, scratch, coupon, checkoutCart, bank, empty, guest] = [
      await cart(true),
      await cart(true),
      await cart(true),
      await cart(true),
      await cart(true),
      await cart(true),
      await cart(false),
      await cart(true, undefined),
    ];
    const location = (
      await api<LocationDto>("POST", "customer-locations", { body: { latitude: 24.7, longitude: 46.6, type: "home" } })
    ).data!;
    const preset = (await api<PresetDto[]>("GET", "presets/presets-list")).data![0];
    const value = (
      await api<PresetValueDto>("POST", `presets/value?presetId=${preset.id}`, {
        body: { values: { guest_name: "Lama" } },
      })
    ).data!;
    const upload = (await api<UploadDto>("POST", "customer/uploads", { form: uploadForm(FILES.png) })).data!;
    const otp = await api<{ token: string }>("POST", "otp/send", {
      token: undefined,
      body: { mobileNumber: shopper.mobileNumber },
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    expect(otp.status).toBe(200);
    c = {
      tenantId: t().spa.id,
      token: shopper.token,
      customerId: shopper.id,
      mobileNumber: shopper.mobileNumber,
      carts: {
        items: items.id,
        remove: remove.id,
        scratch: scratch.id,
        coupon: coupon.id,
        checkout: checkoutCart.id,
        bank: bank.id,
        empty: empty.id,
        guest: guest.id,
      },
      itemId: items.cartItems[0].id,
      removeItemId: remove.cartItems[0].id,
      productId: oil.id,
      priceId: oil.priceId,
      slotProductId: massage.id,
      day: dayAhead(now, 3),
      locationId: location.id,
      presetId: preset.id,
      presetValueId: value.id,
      uploadName: upload.name,
      otpToken: otp.data!.token,
      refreshToken: (await issueRefreshToken(db, spa.id, shopper.id)).token,
      cred: {
        valid: ["authorization", `Bearer ${shopper.token}`],
        bad: forgedBearers({
          spaToken: shopper.token,
          otherTenantToken: other.token,
          spaCustomerId: shopper.id,
          spaTenantId: spa.id,
        }).map((v) => (v === null ? null : ["authorization", v])),
      },
    };
  });

  afterAll(() => {
    vi.unstubAllGlobals();
    if (all.length > 0) console.info(summary("platform API fuzz", clock, all));
    if (process.env.FUZZ_TIMING)
      for (const s of all)
        console.info(
          s.family,
          JSON.stringify(Object.fromEntries(Object.entries(s.msByRoute).map(([k, v]) => [k, Math.round(v)]))),
        );
  });

  it("has a family for every registered route, and no route that is not registered", () => {
    const registered = registeredRoutes()
      .map((r) => routeKey({ method: r.method as RouteSpec["method"], pattern: r.path }))
      .sort();
    const covered = [...new Set(Object.values(families(c)).flatMap((specs) => specs.map(routeKey)))].sort();
    expect(covered).toEqual(registered);
  });

  const send = (r: FuzzRequest) => {
    const req = makeRequest("http://spa.localhost", "/api/app/", r);
    return handlePlatformRequest(req, r.segments.join("/"), t().spa, t().db);
  };

  for (const family of FAMILIES) {
    it(
      `answers 1,000 malformed requests of "${family}" with 4xx codes, never a 5xx`,
      async () => {
        const specs = families(c)[family];
        const stats = newStats(family);
        all.push(stats);
        await fuzzFamily(stats, fc.oneof(...specs.map((s) => routeRequests(s, c.cred))), send);
        expectFamilyCounts(stats);
        // Every route of the family was exercised, not only the first.
        for (const s of specs) expect(stats.byRoute[routeLabel(s)] ?? 0, routeLabel(s)).toBeGreaterThan(20);
      },
      FAMILY_TIMEOUT_MS,
    );
  }

  it(
    "answers 1,000 requests with malformed hosts, __tenant headers and paths (the route handler) without a 5xx",
    async () => {
      const stats = newStats("route handler: tenant");
      all.push(stats);
      const arb = tenantResolution({ spaId: t().spa.id, coffeeId: t().coffee.id });
      await fuzzFamily(stats, arb, async (r) => {
        const handler = appRoute[r.method as "GET"];
        return handler(makeRequest(`http://${"fuzz.invalid"}`, "/api/app/", r), {
          params: Promise.resolve({ path: r.segments }),
        });
      });
      expectFamilyCounts(stats);
    },
    FAMILY_TIMEOUT_MS,
  );

  it("refused the vast majority of all its requests", () => expectSuiteRefusedShare(all));
});
