import { beforeAll, expect, it } from "vitest";
import { customers } from "@/platform/db/schema";
import { setPlatformDb } from "@/platform/db";
import { accessTokenFor } from "./helpers/account-api";
import { assignCart } from "@/platform/services/cart-assign";
import { addCartItem, createCart } from "@/platform/services/cart";
import type { TenantInfo } from "@/platform/api/router";
import { orNull, platform } from "@/lib/platform-client/core";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { apiCall } from "./helpers/api-call";
import { DEMO, demoProduct, expectPlatformError } from "./helpers/demo-catalog";

let seq = 0;

describeEachDb("cart ownership", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));

  const call = <T>(tenant: TenantInfo, method: string, path: string, opts: Parameters<typeof apiCall>[4] = {}) =>
    apiCall<T>(t().db, tenant, method, path, opts);

  /** A customer of the tenant and their access token (as a sign-in makes them). */
  async function customer(tenant: TenantInfo = t().spa) {
    const [row] = await t()
      .db.insert(customers)
      .values({ tenantId: tenant.id, mobileNumber: `+96654${String(++seq).padStart(7, "0")}` })
      .returning();
    return { id: row.id, token: await accessTokenFor(t().db, tenant.id, row.id) };
  }

  async function guestCartWithOil() {
    const cart = await createCart(t().db, { tenantId: t().spa.id, customerId: null }, "en");
    const oil = await demoProduct(t().db, t().spa.id, DEMO.oil);
    await addCartItem(
      t().db,
      { tenantId: t().spa.id, customerId: null },
      cart.id,
      { productId: oil.id, priceId: oil.priceId, quantity: 1 },
      "en",
      t().now,
    );
    return { cartId: cart.id, oil };
  }

  it("turns a guest cart into the customer's, visible to that customer only", async () => {
    const { cartId, oil } = await guestCartWithOil();
    const a = await customer();
    const b = await customer();
    const assigned = await call<CartDto>(t().spa, "POST", `cart/${cartId}/assign`, { token: a.token });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ id: cartId, customerId: a.id, items: [{ quantity: 1 }] });

    const paths: [string, string, unknown?][] = [
      ["GET", `cart/${cartId}`],
      ["POST", `cart/${cartId}/items`, { productId: oil.id, priceId: oil.priceId }],
      ["PUT", `cart/${cartId}/items/${assigned.body.data!.items[0].id}`, { quantity: 2 }],
      ["DELETE", `cart/${cartId}/items/${assigned.body.data!.items[0].id}`],
      ["POST", `cart/${cartId}/reset`],
      ["POST", `cart/${cartId}/assign`],
    ];
    for (const token of [undefined, b.token]) {
      for (const [method, path, body] of paths) {
        const res = await call(t().spa, method, path, { body, token });
        if (!token && path.endsWith("/assign")) expect(res.status).toBe(401);
        else
          expect(res, `${method} ${path} ${token ? "as another customer" : "anonymously"}`).toMatchObject({
            status: 404,
            body: { error: { code: "SP:EntityNotFound" } },
          });
      }
    }
    const own = await call<CartDto>(t().spa, "GET", `cart/${cartId}`, { token: a.token });
    expect(own.body.data).toMatchObject({ id: cartId, items: [{ quantity: 1 }] });
    const added = await call<CartDto>(t().spa, "POST", `cart/${cartId}/items`, {
      body: { productId: oil.id, priceId: oil.priceId },
      token: a.token,
    });
    expect(added.body.data?.items[0].quantity).toBe(2);
  });

  it("lets only its owner release an open cart, which the next customer to assign it then takes", async () => {
    const { cartId } = await guestCartWithOil();
    const a = await customer();
    const b = await customer();
    await call<CartDto>(t().spa, "POST", `cart/${cartId}/assign`, { token: a.token });
    // Someone else, a guest, or another tenant's customer: as if there were no such cart.
    const strangers: [TenantInfo, string | undefined][] = [
      [t().spa, b.token],
      [t().spa, undefined],
      [t().coffee, (await customer(t().coffee)).token],
    ];
    for (const [tenant, token] of strangers)
      expect((await call<CartDto>(tenant, "POST", `cart/${cartId}/release`, { token })).status).toBeOneOf([401, 404]);
    const released = await call<CartDto>(t().spa, "POST", `cart/${cartId}/release`, { token: a.token });
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ id: cartId, customerId: null, items: [{ quantity: 1 }] });
    // Released once: the owner has nothing to release any more; the next customer assigns it.
    expect((await call<CartDto>(t().spa, "POST", `cart/${cartId}/release`, { token: a.token })).status).toBe(404);
    expect((await call<CartDto>(t().spa, "POST", `cart/${cartId}/assign`, { token: b.token })).body.data).toMatchObject(
      { id: cartId, customerId: b.id },
    );
  });

  it("keeps a guest cart open to anyone with its id, signed in or not", async () => {
    const { cartId } = await guestCartWithOil();
    const a = await customer();
    expect((await call(t().spa, "GET", `cart/${cartId}`)).status).toBe(200);
    expect((await call(t().spa, "GET", `cart/${cartId}`, { token: a.token })).status).toBe(200);
  });

  it("answers the customer's other active cart when the guest cart is empty", async () => {
    const a = await customer();
    const own = await call<CartDto>(t().spa, "POST", "cart", { token: a.token });
    expect(own.body.data?.customerId).toBe(a.id);
    const emptyGuest = await createCart(t().db, { tenantId: t().spa.id, customerId: null }, "en");
    const answered = await assignCart(t().db, { tenantId: t().spa.id, customerId: a.id }, emptyGuest.id, "en");
    expect(answered.id).toBe(own.body.data!.id);
    // A guest cart with items is kept (nothing is lost), even when another cart exists.
    const { cartId } = await guestCartWithOil();
    expect((await assignCart(t().db, { tenantId: t().spa.id, customerId: a.id }, cartId, "en")).id).toBe(cartId);
    // A customer without another cart gets the empty guest cart itself.
    const b = await customer();
    const lone = await createCart(t().db, { tenantId: t().spa.id, customerId: null }, "en");
    expect(await assignCart(t().db, { tenantId: t().spa.id, customerId: b.id }, lone.id, "en")).toMatchObject({
      id: lone.id,
      customerId: b.id,
    });
  });

  it("refuses another customer's cart, a foreign tenant's cart and nonsense ids", async () => {
    const a = await customer();
    const b = await customer();
    const { cartId } = await guestCartWithOil();
    await assignCart(t().db, { tenantId: t().spa.id, customerId: a.id }, cartId, "en");
    await expectPlatformError(
      assignCart(t().db, { tenantId: t().spa.id, customerId: b.id }, cartId, "en"),
      "SP:EntityNotFound",
      404,
    );
    const c = await customer(t().coffee);
    const coffeeCart = await createCart(t().db, { tenantId: t().coffee.id, customerId: null }, "en");
    await expectPlatformError(
      assignCart(t().db, { tenantId: t().spa.id, customerId: a.id }, coffeeCart.id, "en"),
      "SP:EntityNotFound",
      404,
    );
    await expectPlatformError(
      assignCart(t().db, { tenantId: t().coffee.id, customerId: c.id }, "nope", "en"),
      "SP:EntityNotFound",
      404,
    );
  });

  it("gives a guest cart to one of two customers assigning it at once", async () => {
    const { cartId } = await guestCartWithOil();
    const [a, b] = [await customer(), await customer()];
    const results = await Promise.all(
      [a, b].map((c) => call<CartDto>(t().spa, "POST", `cart/${cartId}/assign`, { token: c.token })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = results.find((r) => r.status === 200)!.body.data!.customerId;
    expect([a.id, b.id]).toContain(winner);
  });

  it("works through the storefront's client: a token opens the customer's cart, none reads it as missing", async () => {
    const { spa } = t();
    const a = await customer();
    const asGuest = platform({ tenant: spa, locale: "en" }).cart;
    const asA = platform({ tenant: spa, locale: "en", token: a.token }).cart;
    const guest = await asGuest.create();
    const oil = await demoProduct(t().db, spa.id, DEMO.oil);
    await asGuest.addItem({ params: { id: guest.id }, body: { productId: oil.id, priceId: oil.priceId } });
    const assigned = await asA.assign({ params: { id: guest.id } });
    expect(assigned.customerId).toBe(a.id);
    expect(await orNull(asGuest.get({ params: { id: guest.id } }))).toBeNull();
    expect((await asA.get({ params: { id: guest.id } })).items).toHaveLength(1);
    const owned = await asA.create();
    expect(owned.customerId).toBe(a.id);
  });
});
