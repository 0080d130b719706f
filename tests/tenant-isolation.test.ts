import { randomInt } from "node:crypto";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { giftCards } from "@/platform/db/schema";
import { registeredRoutes } from "@/platform/api/router";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { OtpVerifyDto } from "@/contract/dto/auth";
import type { CartDto } from "@/contract/dto/cart";
import type { PresetDto, PresetValueDto } from "@/contract/dto/presets";
import type { UploadDto } from "@/contract/dto/customers";
import type { LocationDto } from "@/contract/input/locations";
import { FILES, uploadForm } from "./helpers/account-api";
import { DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb } from "./helpers/test-db";
import { orderViewKey } from "@/platform/services/order-links";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";

/**
 * Tenant isolation (QUALITY.md): spa's signed-in customer (a real OTP sign-in), with a cart, a saved
 * location, a preset value, uploads, custom fields and a completed order, all made through the API.
 * Then every registered /api/app/* route is called with spa's token and spa's ids on coffee, through
 * the platform's route handler the way a request arrives: on coffee's host, and on a platform-only
 * host naming coffee in `__tenant`. Each is refused (401/403/404) or, for a public route, answers
 * coffee's own data; no answer holds anything of spa's. Afterwards spa's data is all still there.
 */

process.env.PLATFORM_HOSTS = "platform.internal";
const appRoute = await import("@/app/api/app/[...path]/route");

type Answer = { status: number; text: string; json: { data?: unknown; error?: { code: string } } | null };
type CallOptions = { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> };
type Via = { name: string; host: string; tenantHeader?: string };

/** One request through app/api/app/[...path], as it arrives from a browser (host) or a server (__tenant). */
async function call(via: Via, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers = new Headers({
    host: via.host,
    "accept-language": "en",
    "x-forwarded-for": `198.51.100.${randomInt(1, 250)}`,
    ...opts.headers,
  });
  if (via.tenantHeader) headers.set("__tenant", via.tenantHeader);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  let body: BodyInit | undefined = opts.form;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  const req = new Request(`http://${via.host}/api/app/${path}`, { method, headers, body });
  const segments = path.split("?")[0].split("/").filter(Boolean);
  const res = await appRoute[method as "GET"](req, { params: Promise.resolve({ path: segments }) });
  const text = await res.text();
  let json: Answer["json"] = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a file or plain text
  }
  return { status: res.status, text, json };
}

const data = <T>(a: Answer): T => {
  expect(a.json?.error, a.text.slice(0, 300)).toBeUndefined();
  expect(a.status).toBeLessThan(300);
  return a.json!.data as T;
};

type Spa = {
  token: string;
  refreshToken: string;
  otpToken: string;
  otpCode: string;
  customerId: string;
  mobileNumber: string;
  name: string;
  email: string;
  nationalId: string;
  cart: CartDto;
  emptyCartId: string;
  orderId: string;
  /** The order's link key (its HMAC is spa's: coffee must refuse it). */
  orderKey: string;
  location: LocationDto;
  presetId: string;
  presetValue: PresetValueDto;
  upload: UploadDto;
  oil: { id: string; priceId: string };
  massageId: string;
  day: string;
  /** A gift card of spa's, received on the customer's number. */
  giftCode: string;
  giftToken: string;
};

/** What a foreign answer may never contain: every id, number, name and value that is spa's customer's (and spa's own). */
function spaMarkers(s: Spa, spaTenantId: string): string[] {
  const local = s.mobileNumber.replace(/^\+966/, "0");
  return [
    spaTenantId,
    "Rimal",
    "rimal",
    s.token,
    s.refreshToken,
    s.customerId,
    s.mobileNumber,
    s.mobileNumber.slice(1),
    local,
    s.name,
    s.email,
    s.nationalId,
    s.cart.id,
    ...s.cart.cartItems.map((i) => i.id),
    s.emptyCartId,
    s.orderId,
    s.location.id,
    s.location.description!,
    s.presetId,
    s.presetValue.id,
    String(s.presetValue.values.guest_name),
    s.upload.name,
    s.oil.id,
    s.oil.priceId,
    s.massageId,
    "Lavender massage oil",
    "Rose bath salts",
    s.giftCode,
    s.giftToken,
  ];
}

/**
 * Every platform route with spa's customer's credentials and ids. `public`: a route anyone may call
 * (it takes no bearer), which answers the store it is asked on (coffee's data); every other route
 * must refuse with 401/403/404.
 */
type RouteCall = {
  method: string;
  path: string;
  body?: unknown;
  form?: () => FormData;
  public?: true;
  headers?: Record<string, string>;
};

function routeCalls(s: Spa): Record<string, RouteCall> {
  const checkout = {
    customer: { name: s.name, mobileNumber: s.mobileNumber },
    bookingNotes: "spa order",
    termsAccepted: true,
  };
  const url = `${siteOriginOf("spa.localhost", env())}/en/checkout/done`;
  const q = `customerId=${s.customerId}`;
  const calls: RouteCall[] = [
    { method: "GET", path: "website/config", public: true },
    { method: "GET", path: "products", public: true },
    { method: "GET", path: `products/${s.oil.id}` },
    { method: "GET", path: `products/slug/${encodeURIComponent("زيت-مساج-باللافندر")}` },
    { method: "GET", path: `products/${s.massageId}/availability?date=${s.day}` },
    { method: "POST", path: "cart" },
    { method: "GET", path: `cart/${s.cart.id}` },
    {
      method: "POST",
      path: `cart/${s.cart.id}/items`,
      body: { productId: s.oil.id, priceId: s.oil.priceId, quantity: 1 },
    },
    { method: "PUT", path: `cart/${s.cart.id}/items/${s.cart.cartItems[0].id}`, body: { quantity: 3 } },
    { method: "DELETE", path: `cart/${s.cart.id}/items/${s.cart.cartItems[0].id}` },
    { method: "POST", path: `cart/${s.cart.id}/reset` },
    { method: "POST", path: `cart/${s.cart.id}/assign` },
    { method: "POST", path: `cart/${s.cart.id}/release` },
    { method: "POST", path: `cart/${s.orderId}/purchase-event` },
    // A code for coffee's customer with that number, if any: nothing of spa's.
    { method: "POST", path: "otp/send", body: { mobileNumber: s.mobileNumber }, public: true },
    { method: "POST", path: "otp/verify", body: { token: s.otpToken, code: s.otpCode } },
    { method: "POST", path: "token/refresh", body: { refresh_token: s.refreshToken } },
    // Logout always answers 200 (spec): checked below to have revoked nothing of spa's.
    { method: "POST", path: "token/revoke", body: { refresh_token: s.refreshToken }, public: true },
    { method: "GET", path: "identity-customer/me" },
    {
      method: "POST",
      path: "identity-customer/customer",
      body: { name: "Taken Over", email: "x@example.com", mobileNumber: s.mobileNumber },
    },
    { method: "PUT", path: "identity-customer", body: { name: "Taken Over", email: "" } },
    { method: "PUT", path: "identity-customer/reminders", body: { bookingReminders: false } },
    { method: "POST", path: `cart/${s.cart.id}/gift-card`, body: { code: s.giftCode } },
    { method: "DELETE", path: `cart/${s.cart.id}/gift-card` },
    // Spa's card page on coffee: a token coffee never issued.
    { method: "GET", path: `gift-cards/${s.giftToken}`, public: true },
    { method: "GET", path: "customer/gift-cards" },
    {
      method: "PUT",
      path: "identity-customer/customer-custom-fields",
      body: { customFields: { national_id: "1", id_document: s.upload.name } },
    },
    { method: "GET", path: "customer/checkout-custom-fields", public: true },
    { method: "POST", path: "customer/uploads", form: () => uploadForm(FILES.png) },
    { method: "GET", path: `customer/uploads/${s.upload.name}` },
    { method: "GET", path: "customer/orders" },
    // spa's coupon code on coffee: not coffee's.
    { method: "GET", path: "coupons/RELAX10", public: true },
    { method: "GET", path: `orders/${s.orderId}/link` },
    { method: "GET", path: `orders/${s.orderId}/invoice` },
    {
      method: "POST",
      path: `orders/${s.orderId}/items/${s.cart.cartItems[0].id}/reschedule`,
      body: { reservationDateFrom: "2030-01-01T10:00:00.000Z" },
    },
    { method: "POST", path: `orders/${s.orderId}/items/${s.cart.cartItems[0].id}/cancel` },
    { method: "GET", path: `orders/${s.orderId}/items/${s.cart.cartItems[0].id}/wallet-pass` },
    { method: "POST", path: `orders/${s.orderId}/bank-receipt`, form: () => uploadForm(FILES.png) },
    { method: "GET", path: `orders/${s.orderId}/shared/${s.orderKey}` },
    { method: "GET", path: `orders/${s.orderId}/shared/${s.orderKey}/invoice` },
    { method: "GET", path: "customer/reservations" },
    { method: "GET", path: "customer/subscriptions" },
    { method: "GET", path: `presets/presets-list?${q}` },
    { method: "GET", path: `presets/preset-fields/${s.presetId}?${q}` },
    { method: "GET", path: `presets/values?${q}&presetId=${s.presetId}` },
    { method: "POST", path: `presets/value?presetId=${s.presetId}`, body: { values: { guest_name: "Taken Over" } } },
    { method: "PUT", path: `presets/values/${s.presetValue.id}?${q}`, body: { values: { guest_name: "Taken Over" } } },
    { method: "POST", path: `presets/set-default-group/${s.presetValue.id}?${q}` },
    { method: "DELETE", path: `presets/${s.presetValue.id}?${q}` },
    { method: "GET", path: "customer-locations" },
    {
      method: "GET",
      path: `customer-locations/closest?latitude=${s.location.latitude}&longitude=${s.location.longitude}`,
    },
    {
      method: "GET",
      path: `customer-locations/suggestion?latitude=${s.location.latitude}&longitude=${s.location.longitude}`,
    },
    { method: "POST", path: "customer-locations", body: { latitude: 24.7, longitude: 46.7, type: "work" } },
    { method: "DELETE", path: `customer-locations/${s.location.id}` },
    { method: "POST", path: `cart/${s.cart.id}/coupon`, body: { couponCode: "OIL20" } },
    { method: "DELETE", path: `cart/${s.cart.id}/coupon` },
    { method: "PUT", path: `cart/${s.cart.id}/packages`, body: { usePackages: true } },
    {
      method: "PUT",
      path: `cart/${s.cart.id}/fulfilment`,
      body: { kind: "delivery", locationId: s.location.id, addressLine: "Olaya, building 1" },
    },
    // Coffee's own branches, nearest first to spa's saved location: nothing of spa's.
    {
      method: "GET",
      path: `fulfilment/branches?latitude=${s.location.latitude}&longitude=${s.location.longitude}`,
      public: true,
    },
    { method: "GET", path: `cart/${s.cart.id}/validate` },
    { method: "POST", path: `cart/${s.cart.id}/submit`, body: { paymentMethod: "CASH", ...checkout } },
    {
      method: "POST",
      path: `cart/${s.cart.id}/bank-receipt`,
      form: () => {
        const f = uploadForm(FILES.pdf, "receipt.pdf", "application/pdf", null);
        f.set("files", f.get("file")!);
        f.delete("file");
        f.set("transferorName", s.name);
        f.set("checkout", JSON.stringify(checkout));
        return f;
      },
    },
    { method: "GET", path: "bank-account/bank-account", public: true },
    {
      method: "POST",
      path: "payment/moyasar/session",
      body: { reference: s.cart.id, token: "tok_x", tokenType: "token", callbackUrl: url, checkout },
    },
    {
      method: "POST",
      path: `payment/initiate-session/${s.cart.id}?callbackUrl=${encodeURIComponent(url)}&totalAmount=1`,
    },
    {
      method: "POST",
      path: `payment/execute-cart-payment?sessionId=s1&cartId=${s.cart.id}&callbackUrl=${encodeURIComponent(url)}&errorCallbackUrl=${encodeURIComponent(url)}`,
      body: { checkout },
    },
    { method: "POST", path: "tabby/test-customer-eligibility", body: { cartId: s.cart.id } },
    {
      method: "POST",
      path: "tabby/session",
      body: { reference: s.cart.id, cancel_url: url, failure_url: url, success_url: url, checkout },
    },
    {
      method: "POST",
      path: "tamara/cart-session",
      body: { reference: s.cart.id, cancel_url: url, failure_url: url, success_url: url, checkout },
    },
    { method: "POST", path: `payment/${s.orderId}/callback-payment` },
    // spa's webhook secret on coffee: not coffee's, so not believed.
    {
      method: "POST",
      path: "payment/webhooks/moyasar",
      body: { type: "payment_paid", secret_token: "whsec_moyasar_rimal", data: { id: s.cart.id } },
    },
    { method: "GET", path: "payment/apple-pay/domain-association", public: true },
    // Spa's own page path (coffee has none such), two segments deep.
    { method: "GET", path: "website/pages/z/terms-and-conditions" },
    // The operator's tenant-less lookup: a store's host never serves it; a platform host answers coffee's own public record.
    { method: "GET", path: "tenants/resolve?host=coffee.localhost", public: true },
    // The operator's content version of a store (any id, as the operator it is): never on a store's host.
    { method: "GET", path: `tenants/${s.orderId}/content-version`, public: true },
    // A page view's vitals: counted for the store it is sent to, nothing of spa's read or answered.
    {
      method: "POST",
      path: "web-vitals",
      body: {
        page: "home",
        locale: "en",
        device: "desktop",
        navigation: "navigate",
        metrics: [{ name: "CLS", value: 0.01, rating: "good" }],
      },
      public: true,
    },
  ];
  const byKey: Record<string, RouteCall> = {};
  const patternOf = (c: RouteCall) => {
    const wanted = c.path.split("?")[0].split("/");
    const found = registeredRoutes().find((r) => {
      const parts = r.path.split("/");
      const rest = parts.at(-1)!.startsWith("*");
      if (rest ? wanted.length < parts.length : wanted.length !== parts.length) return false;
      return r.method === c.method && parts.every((p, i) => p.startsWith(":") || p.startsWith("*") || p === wanted[i]);
    });
    return found ? `${found.method} ${found.path}` : `${c.method} ${c.path} (no such route)`;
  };
  for (const c of calls) byKey[patternOf(c)] = c;
  return byKey;
}

describeEachDb("tenant isolation: spa's customer on coffee", (t) => {
  let spa: Spa;
  const spaHost: Via = { name: "spa's host", host: "spa.localhost" };
  const vias = (): Via[] => [
    { name: "coffee's host", host: "coffee.localhost" },
    { name: "platform host, __tenant coffee", host: "platform.internal", tenantHeader: t().coffee.id },
  ];

  async function signIn(via: Via, tenantId: string, mobileNumber: string) {
    const sent = data<{ token: string }>(await call(via, "POST", "otp/send", { body: { mobileNumber } }));
    const code = (await latestOutboxMessage(t().db, tenantId, mobileNumber))!.code!;
    return {
      otpToken: sent.token,
      code,
      verified: data<OtpVerifyDto>(await call(via, "POST", "otp/verify", { body: { token: sent.token, code } })),
    };
  }

  beforeAll(async () => {
    const { db, spa: spaInfo, kind, now } = t();
    setPlatformDb({ db, kind, close: async () => {} });
    clearTenantCache();
    const mobileNumber = `+96655${randomInt(1_000_000, 10_000_000)}`;
    const first = await signIn(spaHost, spaInfo.id, mobileNumber);
    const token = first.verified.access_token;
    const as = (method: string, path: string, opts: CallOptions = {}) =>
      call(spaHost, method, path, { token, ...opts });
    const name = "Isolde Spa-Only";
    const email = `isolde.${randomInt(1000, 9999)}@spa-only.example`;
    const nationalId = `10${randomInt(10_000_000, 99_999_999)}`;
    data(await as("PUT", "identity-customer", { body: { name, email } }));

    const oil = await demoProduct(db, spaInfo.id, DEMO.oil);
    const salts = await demoProduct(db, spaInfo.id, DEMO.salts);
    const massage = await demoProduct(db, spaInfo.id, DEMO.massage);
    const newCart = async (items: { id: string; priceId: string }[]) => {
      let cart = data<CartDto>(await as("POST", "cart"));
      for (const p of items)
        cart = data<CartDto>(
          await as("POST", `cart/${cart.id}/items`, { body: { productId: p.id, priceId: p.priceId, quantity: 2 } }),
        );
      return cart;
    };
    // A completed order first (the active cart is the newest one).
    const order = await newCart([salts]);
    const checkout = { customer: { name, mobileNumber }, bookingNotes: null, termsAccepted: true };
    // Merchandise is collected at a branch (spa offers pickup only).
    const [branch] = data<{ id: string }[]>(await as("GET", "fulfilment/branches"));
    data(await as("PUT", `cart/${order.id}/fulfilment`, { body: { kind: "pickup", branchId: branch.id } }));
    expect(
      data<CartDto>(await as("POST", `cart/${order.id}/submit`, { body: { paymentMethod: "CASH", ...checkout } }))
        .status,
    ).toBe("completed");
    const emptyCart = data<CartDto>(await as("POST", "cart"));
    const cart = await newCart([oil, salts]);
    // A gift card of spa's on the customer's number (as a paid gift line would issue it).
    const giftCode = "SPAGFTCRD234";
    const giftToken = `spa-gift-${randomInt(1e9)}`;
    await db.insert(giftCards).values({
      tenantId: spaInfo.id,
      code: giftCode,
      token: giftToken,
      amount: 10_000,
      balance: 10_000,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      recipientMobile: mobileNumber,
      recipientName: name,
      theme: "classic",
      cartItemId: order.cartItems[0].id,
      unit: 1,
    });

    const upload = data<UploadDto>(await as("POST", "customer/uploads", { form: uploadForm(FILES.png) }));
    data(
      await as("PUT", "identity-customer/customer-custom-fields", {
        body: { customFields: { national_id: nationalId, id_document: upload.name } },
      }),
    );
    const location = data<LocationDto>(
      await as("POST", "customer-locations", {
        body: { latitude: 24.7136, longitude: 46.6753, type: "home", description: "Isolde's villa gate" },
      }),
    );
    const preset = data<PresetDto[]>(await as("GET", "presets/presets-list"))[0];
    const presetValue = data<PresetValueDto>(
      await as("POST", `presets/value?presetId=${preset.id}`, {
        body: { values: { guest_name: "Isolde Guest", age: "31" } },
      }),
    );
    // A second send whose code is never used here: offered to coffee below.
    const pending = data<{ token: string }>(await call(spaHost, "POST", "otp/send", { body: { mobileNumber } }));
    const pendingCode = (await latestOutboxMessage(db, spaInfo.id, mobileNumber))!.code!;

    spa = {
      token,
      refreshToken: first.verified.refresh_token,
      otpToken: pending.token,
      otpCode: pendingCode,
      customerId: first.verified.customer.id,
      mobileNumber,
      name,
      email,
      nationalId,
      cart,
      emptyCartId: emptyCart.id,
      orderId: order.id,
      orderKey: orderViewKey(t().spa.id, order.id),
      location,
      presetId: preset.id,
      presetValue,
      upload,
      oil: { id: oil.id, priceId: oil.priceId },
      massageId: massage.id,
      day: dayAhead(now, 3),
      giftCode,
      giftToken,
    };
  });

  beforeEach(() => clearTenantCache());

  it("calls every registered route (the list is complete)", () => {
    const registered = registeredRoutes()
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(Object.keys(routeCalls(spa)).sort()).toEqual(registered);
  });

  it("refuses every route with spa's token and ids on coffee (host and __tenant), and answers nothing of spa's", async () => {
    const markers = spaMarkers(spa, t().spa.id);
    const refusals: Record<string, number> = {};
    for (const via of vias()) {
      for (const [key, c] of Object.entries(routeCalls(spa))) {
        const res = await call(via, c.method, c.path, {
          token: spa.token,
          body: c.body,
          form: c.form?.(),
          headers: c.headers,
        });
        const what = `${via.name}: ${key} → ${res.status} ${res.text.slice(0, 200)}`;
        if (c.public) expect(res.status, what).toBeLessThan(500);
        else if (key === "POST otp/verify") {
          // An unknown challenge token is "expired" (spec): the same answer as for any token coffee never issued.
          expect(res.json?.error?.code, what).toBe("SP:OtpCodeIsExpired");
        } else expect([401, 403, 404], what).toContain(res.status);
        if (res.status >= 400) expect(res.json?.error?.code, what).toMatch(/^SP:/);
        for (const m of markers) expect(res.text.includes(m), `${what} holds spa's "${m}"`).toBe(false);
        refusals[res.status] = (refusals[res.status] ?? 0) + 1;
      }
    }
    // Most refusals are the bearer's: a spa token is not coffee's.
    expect(refusals[401]).toBeGreaterThan(60);
  });

  it("refuses spa's cart ids on coffee for a guest too (no token): 404, nothing of spa's", async () => {
    const markers = spaMarkers(spa, t().spa.id);
    for (const via of vias()) {
      for (const [method, path, body] of [
        ["GET", `cart/${spa.cart.id}`],
        ["GET", `cart/${spa.orderId}`],
        ["POST", `cart/${spa.cart.id}/items`, { productId: spa.oil.id, priceId: spa.oil.priceId }],
        ["PUT", `cart/${spa.cart.id}/items/${spa.cart.cartItems[0].id}`, { quantity: 1 }],
        ["DELETE", `cart/${spa.cart.id}/items/${spa.cart.cartItems[0].id}`],
        ["POST", `cart/${spa.cart.id}/reset`],
      ] as const) {
        const res = await call(via, method, path, { body });
        expect(res.status, `${via.name}: ${method} ${path}`).toBe(404);
        for (const m of markers) expect(res.text.includes(m), `${method} ${path} holds "${m}"`).toBe(false);
      }
    }
  });

  it("leaves everything of spa's as it was: cart, order, location, preset value, upload, profile, refresh token", async () => {
    const as = (method: string, path: string, opts: CallOptions = {}) =>
      call(spaHost, method, path, { token: spa.token, ...opts });
    const cart = data<CartDto>(await as("GET", `cart/${spa.cart.id}`));
    expect(cart.cartItems.map((i) => [i.id, i.quantity])).toEqual(spa.cart.cartItems.map((i) => [i.id, i.quantity]));
    expect(cart.couponCode ?? null).toBeNull();
    expect(data<CartDto>(await as("GET", `cart/${spa.orderId}`)).status).toBe("completed");
    expect(data<LocationDto[]>(await as("GET", "customer-locations")).map((l) => l.id)).toEqual([spa.location.id]);
    const values = data<PresetValueDto[]>(await as("GET", `presets/values?presetId=${spa.presetId}`));
    expect(values.map((v) => [v.id, v.values.guest_name])).toEqual([[spa.presetValue.id, "Isolde Guest"]]);
    const upload = await as("GET", `customer/uploads/${spa.upload.name}`);
    expect(upload.status).toBe(200);
    expect(
      data<{ name: string; email: string; customFields: Record<string, string> }>(
        await as("GET", "identity-customer/me"),
      ),
    ).toMatchObject({
      name: spa.name,
      email: spa.email,
      customFields: { national_id: spa.nationalId, id_document: spa.upload.name },
    });
    // Neither revoked nor spent on coffee: the refresh token still rotates on spa.
    expect(
      data<{ access_token: string }>(
        await call(spaHost, "POST", "token/refresh", { body: { refresh_token: spa.refreshToken } }),
      ).access_token,
    ).toBeTruthy();
  });

  it("refuses coffee's customer, cart and location on spa (the reverse, spot-checked)", async () => {
    const { coffee } = t();
    const coffeeHost: Via = { name: "coffee's host", host: "coffee.localhost" };
    const mobileNumber = `+96655${randomInt(1_000_000, 10_000_000)}`;
    const { verified } = await signIn(coffeeHost, coffee.id, mobileNumber);
    const token = verified.access_token;
    const beans = await demoProduct(t().db, coffee.id, DEMO.beans);
    const cart = data<CartDto>(await call(coffeeHost, "POST", "cart", { token }));
    const filled = data<CartDto>(
      await call(coffeeHost, "POST", `cart/${cart.id}/items`, {
        token,
        body: { productId: beans.id, priceId: beans.priceId },
      }),
    );
    const location = data<LocationDto>(
      await call(coffeeHost, "POST", "customer-locations", {
        token,
        body: { latitude: 21.5, longitude: 39.2, type: "work", description: "Roastery desk" },
      }),
    );
    const markers = [
      coffee.id,
      verified.customer.id,
      mobileNumber,
      cart.id,
      filled.cartItems[0].id,
      location.id,
      "Roastery desk",
      beans.id,
      "Ethiopian specialty beans",
    ];
    for (const via of [
      spaHost,
      { name: "platform host, __tenant spa", host: "platform.internal", tenantHeader: t().spa.id },
    ]) {
      for (const [method, path, body] of [
        ["GET", "identity-customer/me"],
        ["GET", `cart/${cart.id}`],
        ["PUT", `cart/${cart.id}/items/${filled.cartItems[0].id}`, { quantity: 2 }],
        ["GET", "customer-locations"],
        ["DELETE", `customer-locations/${location.id}`],
        ["POST", `cart/${cart.id}/submit`, { paymentMethod: "CASH", customer: { name: "Coffee", mobileNumber } }],
        ["POST", "token/refresh", { refresh_token: verified.refresh_token }],
      ] as const) {
        const res = await call(via, method, path, { token, body });
        expect([401, 403, 404], `${via.name}: ${method} ${path} → ${res.status}`).toContain(res.status);
        for (const m of markers) expect(res.text.includes(m), `${method} ${path} holds coffee's "${m}"`).toBe(false);
      }
    }
    expect(
      data<LocationDto[]>(await call(coffeeHost, "GET", "customer-locations", { token })).map((l) => l.id),
    ).toEqual([location.id]);
  });
});
