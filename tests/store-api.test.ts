import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { setPlatformDb } from "@/platform/db";
import { intentOwner } from "@/platform/api/idempotency";
import { idempotencyKeys } from "@/platform/db/schema";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { listEndpoints } from "@/contract/endpoint";
import { ERROR_CODES, type ApiEnvelope } from "@/contract/errors";
import type { CartDto } from "@/contract/dto/cart";
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT, VITALS_BODY_LIMIT } from "@/contract/limits";
import { storeApi as table } from "@/contract/store/api";
import { cart } from "@/contract/store/cart";
import type { StoreEndpointSpec } from "@/contract/store/endpoint";
import { accountRoutes } from "@/contract/store/routes/account";
import { cartRoutes } from "@/contract/store/routes/cart";
import { checkoutRoutes } from "@/contract/store/routes/checkout";
import { locationsRoutes } from "@/contract/store/routes/locations";
import { ordersRoutes } from "@/contract/store/routes/orders";
import { payRoutes } from "@/contract/store/routes/pay";
import { sessionRoutes } from "@/contract/store/routes/session";
import { signInRoutes } from "@/contract/store/routes/sign-in";
import { vitalsRoutes } from "@/contract/store/routes/vitals";
import { describeEachDb } from "./helpers/test-db";
import { envelopeData, jar, jsonRequest, nextHeadersMock, readEnvelope, storeApi } from "./helpers/bff-harness";
import { DEMO, demoProduct } from "./helpers/demo-catalog";

/**
 * The storefront's own API (contract/store) and its one pipeline (lib/store-api, served by
 * app/api/[...path]): the table and its handlers agree, and every request is resolved as its
 * declaration says before a handler runs.
 */
vi.mock("next/headers", () => nextHeadersMock());

const { checked, handlers } = await import("@/lib/store-api/context");
const { implementation } = await import("@/lib/store-api/implementation");
const { storeRoutes } = await import("@/lib/store-api/pipeline");

const ROUTES = {
  cart: cartRoutes,
  session: sessionRoutes,
  signIn: signInRoutes,
  account: accountRoutes,
  checkout: checkoutRoutes,
  pay: payRoutes,
  orders: ordersRoutes,
  locations: locationsRoutes,
  vitals: vitalsRoutes,
};

const endpoints = listEndpoints<StoreEndpointSpec>(table);
const ANY_ID = "00000000-0000-4000-8000-000000000000";

describe("the storefront API's table", () => {
  it("has a handler for each endpoint and none for an endpoint it does not declare", () => {
    expect(Object.keys(implementation).sort()).toEqual(Object.keys(table).sort());
    for (const [group, endpointsOf] of Object.entries(table))
      expect(Object.keys(implementation[group as keyof typeof implementation]).sort(), group).toEqual(
        Object.keys(endpointsOf).sort(),
      );
    const routes = storeRoutes();
    expect(routes.map((r) => r.key).sort()).toEqual(endpoints.map((e) => e.key).sort());
    expect(routes.filter((r) => !r.handled)).toEqual([]);
  });

  it("refuses, as a type error, a group's handlers with one missing or one extra", () => {
    const all = implementation.cart;
    const missing = { get: all.get, addItem: all.addItem, updateItem: all.updateItem, removeItem: all.removeItem };
    // @ts-expect-error reset has no handler
    expect(handlers(cart, missing)).toBe(missing);
    // @ts-expect-error the cart declares no `clear`
    expect(handlers(cart, { ...all, clear: () => null })).toHaveProperty("clear");
  });

  it("takes each endpoint's method and path from its routes module, one for one", () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(table).sort());
    for (const [group, routes] of Object.entries(ROUTES)) {
      const declared = table[group as keyof typeof table] as Record<string, StoreEndpointSpec>;
      expect(Object.keys(declared).sort(), group).toEqual(Object.keys(routes).sort());
      for (const [name, route] of Object.entries(routes))
        expect({ method: declared[name].method, path: declared[name].path }, `${group}.${name}`).toEqual(route);
    }
  });

  it("declares each address once, its path parameters in its params schema, a limit for a body, and known codes", () => {
    const addresses = endpoints.map(({ spec }) => `${spec.method} ${spec.path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const { key, spec } of endpoints) {
      const inPath = spec.path
        .split("/")
        .filter((p) => p.startsWith(":"))
        .map((p) => p.slice(1))
        .sort();
      const declared = spec.params ? Object.keys((spec.params as unknown as { shape: object }).shape).sort() : [];
      expect(declared, key).toEqual(inPath);
      // The Web Vitals beacon, a few hundred bytes that any page may send, takes a smaller one.
      if (spec.body) expect(spec.limit, key).toBe(key === "vitals.record" ? VITALS_BODY_LIMIT : JSON_BODY_LIMIT);
      if (spec.multipart) expect(spec.limit, key).toBe(UPLOAD_BODY_LIMIT);
      if (!spec.body && !spec.multipart) expect(spec.limit, key).toBeUndefined();
      for (const code of spec.codes) expect(ERROR_CODES, `${key}: ${code}`).toContain(code);
    }
  });

  it("never has two endpoints of one method that could both take the same path", () => {
    const overlap = (a: string, b: string) => {
      const [x, y] = [a.split("/"), b.split("/")];
      return x.length === y.length && x.every((s, i) => s === y[i] || s.startsWith(":") || y[i].startsWith(":"));
    };
    for (const [i, a] of endpoints.entries())
      for (const b of endpoints.slice(i + 1))
        if (a.spec.method === b.spec.method)
          expect(overlap(a.spec.path, b.spec.path), `${a.key} and ${b.key}`).toBe(false);
  });

  it("checks answers against their declaration outside production", () => {
    expect(checked(z.object({ a: z.string() }), { a: "x" }, "probe")).toEqual({ a: "x" });
    expect(() => checked(z.object({ a: z.string() }), { a: 1 }, "probe")).toThrow(/probe answered outside/);
  });
});

describeEachDb("the storefront API's pipeline", (t) => {
  let oil: { id: string; priceId: string };
  let n = 10;
  const HOST = "spa.localhost";
  const json = (method: string, path: string, body?: unknown) => jsonRequest(HOST, method, path, body, "203.0.113.30");
  const call = <T>(req: Request) => readEnvelope<T>(storeApi(req));
  const codeOf = <T>(r: { body: ApiEnvelope<T> }) => ("error" in r.body ? r.body.error.code : null);
  const raw = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    new Request(`http://${HOST}${path}`, { method, headers: { host: HOST, ...headers }, body });
  const addOil = (key?: string) => {
    const req = json("POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId, quantity: 1 });
    if (key) req.headers.set("idempotency-key", key);
    return call<CartDto>(req);
  };

  async function signIn(mobile = `+9665000004${n++}`) {
    const sent = envelopeData(
      (await call<{ token: string }>(json("POST", "/api/session/otp/send", { mobileNumber: mobile }))).body,
    );
    const code = (await latestOutboxMessage(t().db, t().spa.id, mobile))!.code!;
    expect((await call(json("POST", "/api/session/otp/verify", { token: sent.token, code }))).status).toBe(200);
  }

  beforeAll(async () => {
    setPlatformDb({ db: t().db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    oil = await demoProduct(t().db, t().spa.id, DEMO.oil);
  });

  beforeEach(() => jar.clear());

  it("session none: served signed out", async () => {
    const accounts = await call<unknown[]>(json("GET", "/api/checkout/bank-accounts"));
    expect(accounts.status).toBe(200);
    expect(Array.isArray(envelopeData(accounts.body))).toBe(true);
  });

  it("session optional: signed out the handler gets no token (a quiet empty answer), signed in the customer's", async () => {
    expect(await call(json("GET", "/api/locations"))).toEqual({ status: 200, body: { data: [] } });
    await signIn();
    const created = await call(json("POST", "/api/locations", { latitude: 24.7, longitude: 46.6, type: "home" }));
    expect(created.status).toBe(201);
    expect(envelopeData(await call<unknown[]>(json("GET", "/api/locations")).then((r) => r.body))).toHaveLength(1);
  });

  it("session required: 401 SP:Unauthorized signed out, before the body is read", async () => {
    const refused = await call(raw("PUT", "/api/session/profile", "{not json", { "content-type": "application/json" }));
    expect([refused.status, codeOf(refused)]).toEqual([401, "SP:Unauthorized"]);
    await signIn();
    const malformed = await call(raw("PUT", "/api/session/profile", "{not json"));
    expect([malformed.status, codeOf(malformed)]).toEqual([400, "SP:MalformedJson"]);
  });

  it("refuses a write from another site 403, and lets a read from anywhere through", async () => {
    const req = json("POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId });
    req.headers.set("origin", "https://evil.example");
    const refused = await call(req);
    expect([refused.status, codeOf(refused)]).toEqual([403, "SP:ForbiddenOrigin"]);
    expect(jar.has("sf_cart_spa")).toBe(false);
    const read = json("GET", "/api/cart");
    read.headers.set("origin", "https://evil.example");
    expect(await call(read)).toEqual({ status: 200, body: { data: null } });
  });

  it("answers an address it does not have 404 SP:RouteNotFound, a method it does not take 405, a host of no store 404", async () => {
    for (const path of ["/api/nothing", "/api/cart/items/x/y", "/api/session/otp"]) {
      const r = await call(json("GET", path));
      expect([r.status, codeOf(r)], path).toEqual([404, "SP:RouteNotFound"]);
    }
    const wrong = await call(json("DELETE", "/api/cart"));
    expect([wrong.status, codeOf(wrong)]).toEqual([405, "SP:MethodNotAllowed"]);
    const nowhere = await call(jsonRequest("nowhere.localhost", "GET", "/api/cart"));
    expect([nowhere.status, codeOf(nowhere)]).toEqual([404, "SP:TenantNotFound"]);
  });

  it("answers a path parameter its schema refuses 404, before the session", async () => {
    const r = await call(json("GET", "/api/orders/x/items/y/wallet-pass"));
    expect([r.status, codeOf(r)]).toEqual([404, "SP:EntityNotFound"]);
    const signedOut = await call(json("GET", `/api/orders/${ANY_ID}/items/${ANY_ID}/wallet-pass`));
    expect([signedOut.status, codeOf(signedOut)]).toEqual([401, "SP:Unauthorized"]);
  });

  it("cuts a body past its declared limit 413 and starts no cart; malformed JSON is 400 with a code", async () => {
    const big = JSON.stringify({ productId: oil.id, priceId: oil.priceId, pad: "x".repeat(JSON_BODY_LIMIT) });
    const tooLarge = await call(raw("POST", "/api/cart/items", big, { "content-type": "application/json" }));
    expect([tooLarge.status, codeOf(tooLarge)]).toEqual([413, "SP:PayloadTooLarge"]);
    const malformed = await call(raw("POST", "/api/cart/items", '{"productId":'));
    expect([malformed.status, codeOf(malformed)]).toEqual([400, "SP:MalformedJson"]);
    const invalid = await call(json("POST", "/api/cart/items", { productId: 7 }));
    expect([invalid.status, codeOf(invalid)]).toEqual([400, "SP:ValidationError"]);
    expect(jar.has("sf_cart_spa")).toBe(false);
  });

  it("cart create starts the cart and its cookie once; cart required is 404 SP:EntityNotFound without one", async () => {
    const noCart = await call(json("PUT", `/api/cart/items/${ANY_ID}`, { quantity: 2 }));
    expect([noCart.status, codeOf(noCart)]).toEqual([404, "SP:EntityNotFound"]);
    const first = envelopeData((await addOil()).body);
    expect(jar.get("sf_cart_spa")).toBe(first.id);
    expect(envelopeData((await addOil()).body).id).toBe(first.id);
  });

  it("forwards a declared Idempotency-Key: the same key twice is one add, another key another", async () => {
    const key = crypto.randomUUID();
    const [a, b] = [await addOil(key), await addOil(key)];
    expect(envelopeData(b.body)).toEqual(envelopeData(a.body));
    const units = async () =>
      envelopeData((await call<CartDto>(json("GET", "/api/cart"))).body).cartItems.reduce((s, i) => s + i.quantity, 0);
    expect(await units()).toBe(1);
    await addOil(crypto.randomUUID());
    expect(await units()).toBe(2);
    // A guest's answers are kept as its address's, not as every guest's of the store.
    const [answer] = await t()
      .db.select({ owner: idempotencyKeys.owner })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(answer).toEqual({ owner: intentOwner(null, "203.0.113.30") });
  });

  it("looks a payment's (provider, step) up in the pay map: a pair it does not have is 404 SP:RouteNotFound", async () => {
    await signIn();
    await addOil();
    for (const path of [
      "/api/checkout/pay/paypal",
      "/api/checkout/pay/moyasar/execute",
      "/api/checkout/pay/tabby/start",
    ]) {
      const r = await call(json("POST", path, {}));
      expect([r.status, codeOf(r)], path).toEqual([404, "SP:RouteNotFound"]);
    }
    const badBody = await call(json("POST", "/api/checkout/pay/myfatoorah/session", { amount: "lots" }));
    expect([badBody.status, codeOf(badBody)]).toEqual([400, "SP:ValidationError"]);
  });
});
