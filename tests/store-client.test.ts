import { afterEach, describe, expect, it, vi } from "vitest";
import { platformApi } from "@/contract/api";
import { listEndpoints, RAW_RESPONSE } from "@/contract/endpoint";
import { publicReadRoutes } from "@/contract/public-reads";
import { storeApi } from "@/contract/store/api";
import type { StoreEndpointSpec } from "@/contract/store/endpoint";
import { StoreApiError } from "@/lib/client-fetch";
import { accountApi } from "@/lib/store-client/account";
import { cartApi } from "@/lib/store-client/cart";
import { checkoutApi } from "@/lib/store-client/checkout";
import { locationsApi } from "@/lib/store-client/locations";
import { ordersApi } from "@/lib/store-client/orders";
import { payApi } from "@/lib/store-client/pay";
import { publicReads } from "@/lib/store-client/public-reads";
import { sessionApi } from "@/lib/store-client/session";
import { signInApi } from "@/lib/store-client/sign-in";
import { vitalsApi } from "@/lib/store-client/vitals";

/**
 * The browser's clients (lib/store-client) call each endpoint exactly where and how the table
 * declares it: the method, the path below /api/ with its parameters escaped, the query, the body,
 * the language and the intent's key. Compared with the declarations, endpoint by endpoint.
 */

type Client = Record<
  string,
  ((input?: unknown, options?: unknown) => Promise<unknown>) & { href?: (input?: unknown, locale?: string) => string }
>;

const CLIENTS: Record<keyof typeof storeApi, unknown> = {
  cart: cartApi,
  session: sessionApi,
  signIn: signInApi,
  account: accountApi,
  checkout: checkoutApi,
  pay: payApi,
  orders: ordersApi,
  locations: locationsApi,
  vitals: vitalsApi,
};

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown; credentials?: string };

/** fetch stubbed: every request recorded, each answered `{data: null}`. */
function recordFetch(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body,
      credentials: init.credentials,
    });
    return new Response(JSON.stringify({ data: null }), { headers: { "content-type": "application/json" } });
  });
  return sent;
}

/** A value per parameter that must be escaped in a path ("/", a space, a non-Latin letter). */
const sample = (name: string) => `${name} ع/1`;

/** The declared address, written out independently of the client's own code. */
const expectedPath = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(sample(name)));

const shapeKeys = (schema: unknown) =>
  schema && typeof schema === "object" && "shape" in schema ? Object.keys(schema.shape as object) : [];

afterEach(() => vi.unstubAllGlobals());

describe("the browser's client of the storefront API", () => {
  const endpoints = listEndpoints<StoreEndpointSpec>(storeApi);

  it("has a function for every endpoint of the table, and nothing else", () => {
    for (const [group, declared] of Object.entries(storeApi)) {
      const client = CLIENTS[group as keyof typeof CLIENTS] as Client;
      // The pay group's two generic entries (start, step) are called through payApi.step, typed by the
      // providers' pay steps, and through the pay-later view's two calls every such provider answers alike.
      const names = group === "pay" ? ["endpoints", "step", "payLater", "precheck"] : Object.keys(declared);
      expect(Object.keys(client).sort(), group).toEqual(names.sort());
    }
  });

  it("calls every endpoint with its declared method and address, its query, body, language and intent key", async () => {
    const sent = recordFetch();
    let calls = 0;
    for (const { key, spec } of endpoints) {
      const [group, name] = key.split(".");
      if (group === "pay" && name !== "endpoints") continue;
      const client = CLIENTS[group as keyof typeof CLIENTS] as Client;
      const params = Object.fromEntries(shapeKeys(spec.params).map((p) => [p, sample(p)]));
      const query = Object.fromEntries(shapeKeys(spec.query).map((q) => [q, `${q} ?&`]));
      const search = new URLSearchParams(query).toString();
      const address = `/api/${expectedPath(spec.path)}${search ? `?${search}` : ""}`;
      if (spec.response === RAW_RESPONSE) {
        // A file is a link the browser opens: its address, the page's language in the query.
        expect(client[name].href!({ params, query }), key).toBe(address);
        expect(client[name].href!({ params, query }, "en"), key).toBe(`${address}${search ? "&" : "?"}locale=en`);
        continue;
      }
      const body = spec.multipart ? new FormData() : spec.body ? { probe: key } : undefined;
      await client[name]({ params, query, body }, { locale: "en", idempotencyKey: `intent-${calls}` });
      const request = sent.at(-1)!;
      expect({ url: request.url, method: request.method }, key).toEqual({ url: address, method: spec.method });
      expect(request.headers["accept-language"], key).toBe("en");
      // fetch's default, same-origin: the storefront's own cookies go along.
      expect(request.credentials, key).toBeUndefined();
      if (spec.method !== "GET") expect(request.headers["idempotency-key"], key).toBe(`intent-${calls}`);
      else expect(request.headers["idempotency-key"], key).toBeUndefined();
      if (spec.multipart) expect(request.body, key).toBe(body);
      else if (spec.body) {
        expect(request.body, key).toBe(JSON.stringify(body));
        expect(request.headers["content-type"], key).toBe("application/json");
      } else expect(request.body, key).toBeUndefined();
      calls++;
    }
    expect(calls).toBeGreaterThan(30);
  });

  it("sends a payment's steps to the pay group's two entries: start to checkout/pay/{provider}, another step below it", async () => {
    const sent = recordFetch();
    await payApi.step("tabby", "start", { checkout: { customer: { name: "A", mobileNumber: "1" } } }, { locale: "ar" });
    await payApi.step("tabby", "eligibility", {});
    await payApi.step("myfatoorah", "session", { amount: 10 });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `${storeApi.pay.start.method} /api/checkout/pay/tabby`,
      `${storeApi.pay.step.method} /api/checkout/pay/tabby/eligibility`,
      `${storeApi.pay.step.method} /api/checkout/pay/myfatoorah/session`,
    ]);
  });

  it("reads the platform's public endpoints at their declared address below /api/app/, without cookies", async () => {
    const sent = recordFetch();
    const declared = {
      websiteConfig: platformApi.website.config,
      customFields: platformApi.customers.customFields,
      availability: platformApi.catalog.availability,
    };
    expect(Object.keys(publicReads).sort()).toEqual(Object.keys(publicReadRoutes).sort());
    await publicReads.websiteConfig();
    await publicReads.customFields();
    await publicReads.availability({ params: { id: "p 1" }, query: { date: "2026-01-01" } }, { locale: "en" });
    expect(sent.map((s) => `${s.method} ${s.url} ${s.credentials}`)).toEqual([
      `${declared.websiteConfig.method} /api/app/${declared.websiteConfig.path} omit`,
      `${declared.customFields.method} /api/app/${declared.customFields.path} omit`,
      `${declared.availability.method} /api/app/products/p%201/availability?date=2026-01-01 omit`,
    ]);
  });

  it("throws one error type for every refusal: the answer's code, status and details, or network with status 0", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { error: { code: "SP:CouponExpired", message: "Expired", details: { field: "couponCode" } } },
        { status: 400 },
      ),
    );
    await expect(checkoutApi.applyCoupon({ body: { couponCode: "X" } })).rejects.toMatchObject({
      name: "StoreApiError",
      status: 400,
      code: "SP:CouponExpired",
      details: { field: "couponCode" },
    });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const offline = await sessionApi.get().catch((err: unknown) => err);
    expect(offline).toBeInstanceOf(StoreApiError);
    expect(offline).toMatchObject({ status: 0, code: "network" });
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(cartApi.get()).rejects.toMatchObject({ status: 502, code: "SP:BadGateway" });
  });
});
