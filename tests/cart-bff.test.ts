import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { carts } from "@/platform/db/schema";
import { setPlatformDb } from "@/platform/db";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { ApiEnvelope } from "@/contract/errors";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { envelopeData, jar, jsonRequest, nextHeadersMock, readEnvelope, sets, storeApi } from "./helpers/bff-harness";
import { DEMO, demoProduct } from "./helpers/demo-catalog";

/**
 * The storefront cart BFF (/api/cart/*) end to end on the embedded platform: route handler →
 * cookie → platform client → services → database. Next's cookie store is replaced by a plain jar
 * (the handlers run outside a Next request here); everything of ours runs for real.
 */
vi.mock("next/headers", () => nextHeadersMock());

const request = (host: string, method: string, path: string, body?: unknown) => jsonRequest(host, method, path, body);
const read = (res: Response) => readEnvelope<CartDto | null>(res);
const data = (body: ApiEnvelope<CartDto | null>) => envelopeData(body);

describeEachDb("storefront cart BFF", (t) => {
  let oil: { id: string; priceId: string };
  let grinder: { id: string; priceId: string };

  beforeAll(async () => {
    const { db, spa, coffee } = t();
    setPlatformDb({ db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    oil = await demoProduct(db, spa.id, DEMO.oil);
    grinder = await demoProduct(db, coffee.id, DEMO.grinder);
  });

  beforeEach(() => {
    jar.clear();
    sets.length = 0;
  });

  it("one Idempotency-Key is one add: three sends (two at once, the first creating the cart) add one unit to one cart; a new key adds another", async () => {
    const add = (key: string) => {
      const req = request("spa.localhost", "POST", "/api/cart/items?locale=en", {
        productId: oil.id,
        priceId: oil.priceId,
        quantity: 1,
      });
      req.headers.set("idempotency-key", key);
      return storeApi(req).then(read);
    };
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([add(key), add(key)]);
    const c = await add(key);
    for (const r of [a, b, c]) expect(r.status).toBe(200);
    const ids = new Set([a, b, c].map((r) => data(r.body)!.id));
    expect(ids.size, "one cart").toBe(1);
    const units = async () =>
      data((await read(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body)!.cartItems.reduce(
        (n, i) => n + i.quantity,
        0,
      );
    expect(await units()).toBe(1);
    expect((await add(crypto.randomUUID())).status).toBe(200);
    expect(await units()).toBe(2);
  });

  it("answers no cart before the first add, and creates the cart with an httpOnly cookie on it", async () => {
    expect(data((await read(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body)).toBeNull();

    const added = await read(
      await storeApi(
        request("spa.localhost", "POST", "/api/cart/items?locale=en", {
          productId: oil.id,
          priceId: oil.priceId,
          quantity: 2,
        }),
      ),
    );
    expect(added.status).toBe(200);
    const cart = data(added.body)!;
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0].product.name).toBe(DEMO.oil);
    expect(sets).toEqual([
      {
        name: "sf_cart_spa",
        value: cart.id,
        options: expect.objectContaining({ httpOnly: true, sameSite: "lax", path: "/" }),
      },
    ]);

    // The next read finds it again through the cookie, localized by Accept-Language.
    const again = await storeApi(
      new Request("http://spa.localhost/api/cart", { headers: { host: "spa.localhost", "accept-language": "ar" } }),
    );
    const read2 = data((await read(again)).body)!;
    expect(read2.id).toBe(cart.id);
    expect(read2.cartItems[0].product.name).not.toBe(DEMO.oil);
  });

  it("changes quantities, refuses a 4th oil with the platform's code and status, removes and empties", async () => {
    const first = data(
      (
        await read(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    )!;
    const itemId = first.cartItems[0].id;

    const updated = data(
      (await read(await storeApi(request("spa.localhost", "PUT", `/api/cart/items/${itemId}`, { quantity: 3 })))).body,
    )!;
    expect(updated.cartItems[0].quantity).toBe(3);

    const refused = await read(
      await storeApi(request("spa.localhost", "PUT", `/api/cart/items/${itemId}`, { quantity: 4 })),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: "SP:MerchandiseItemInsufficientStock" } });

    const invalid = await read(
      await storeApi(request("spa.localhost", "PUT", `/api/cart/items/${itemId}`, { quantity: 0 })),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: { code: "SP:ValidationError" } });

    const removed = data(
      (await read(await storeApi(request("spa.localhost", "DELETE", `/api/cart/items/${itemId}`)))).body,
    )!;
    expect(removed.cartItems).toEqual([]);

    await storeApi(request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }));
    const emptied = data((await read(await storeApi(request("spa.localhost", "POST", "/api/cart/reset")))).body)!;
    expect(emptied.id).toBe(first.id);
    expect(emptied.cartItems).toEqual([]);
  });

  it("treats a cookie naming a vanished cart as no cart, and clears it", async () => {
    jar.set("sf_cart_spa", "11111111-1111-4111-8111-111111111111");
    expect(data((await read(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body)).toBeNull();
    expect(jar.has("sf_cart_spa")).toBe(false);

    jar.set("sf_cart_spa", "11111111-1111-4111-8111-111111111111");
    const added = data(
      (
        await read(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    )!;
    expect(added.id).not.toBe("11111111-1111-4111-8111-111111111111");
    expect(jar.get("sf_cart_spa")).toBe(added.id);
  });

  it("treats a completed cart as no cart: reads null, and the next add starts a new cart", async () => {
    const { db } = t();
    const cart = data(
      (
        await read(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    )!;
    await db.update(carts).set({ status: "completed" }).where(eq(carts.id, cart.id));

    const itemId = cart.cartItems[0].id;
    const refused = await read(
      await storeApi(request("spa.localhost", "PUT", `/api/cart/items/${itemId}`, { quantity: 2 })),
    );
    expect(refused.body).toMatchObject({ error: { code: "SP:CartAlreadyCompleted" } });
    expect(jar.has("sf_cart_spa")).toBe(false);

    jar.set("sf_cart_spa", cart.id);
    expect(data((await read(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body)).toBeNull();
    jar.set("sf_cart_spa", cart.id);
    const fresh = data(
      (
        await read(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    )!;
    expect(fresh.id).not.toBe(cart.id);
    expect(fresh.cartItems).toHaveLength(1);
  });

  it("keeps tenants apart: another host neither reads nor adds another tenant's products", async () => {
    const spaCart = data(
      (
        await read(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    )!;
    // coffee's cookie name differs; even a forged coffee cookie holding spa's cart id finds nothing.
    jar.set("sf_cart_coffee", spaCart.id);
    expect(data((await read(await storeApi(request("coffee.localhost", "GET", "/api/cart")))).body)).toBeNull();
    expect(jar.has("sf_cart_coffee")).toBe(false);

    const foreign = await read(
      await storeApi(
        request("coffee.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
      ),
    );
    expect(foreign.status).toBe(404);
    const own = data(
      (
        await read(
          await storeApi(
            request("coffee.localhost", "POST", "/api/cart/items", { productId: grinder.id, priceId: grinder.priceId }),
          ),
        )
      ).body,
    )!;
    expect(own.cartItems[0].product.name).not.toBe(DEMO.oil);
    expect(jar.get("sf_cart_coffee")).toBe(own.id);
  });

  it("answers an unknown host, a foreign origin and a bad body with coded 4xx errors", async () => {
    const unknown = await read(await storeApi(request("nowhere.example", "GET", "/api/cart")));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: "SP:TenantNotFound" } });

    const crossSite = new Request("http://spa.localhost/api/cart/reset", {
      method: "POST",
      headers: { host: "spa.localhost", origin: "https://evil.example" },
    });
    expect((await read(await storeApi(crossSite))).body).toMatchObject({
      error: { code: "SP:ForbiddenOrigin" },
    });

    const malformed = new Request("http://spa.localhost/api/cart/items", {
      method: "POST",
      headers: { host: "spa.localhost" },
      body: "{nope",
    });
    const bad = await read(await storeApi(malformed));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "SP:MalformedJson" } });

    expect((await read(await storeApi(request("spa.localhost", "DELETE", "/api/cart/items/x")))).status).toBe(404);
  });
});
