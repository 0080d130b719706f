import { randomInt, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TenantInfo } from "@/platform/api/router";
import type { Db } from "@/platform/db/client";
import { branches, cartItems, carts, products, tenants, type Fulfilment } from "@/platform/db/schema";
import type { AddCartItemBody } from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";
import type { SubmitCartBody as SubmitCartInput } from "@/contract/input/checkout";
import { customers } from "@/platform/db/schema";
import { checkLineRules, lineFromInput } from "@/platform/services/cart-rules";
import { AddCartItemInput as AddItemBody } from "@/contract/input/cart";
import type { z } from "zod";
import { accessTokenFor, callApi, type ApiResult } from "./account-api";

/** A customer's checkout through the HTTP router: their cart, its items, and the checkout calls. */
export type Shopper = { id: string; mobileNumber: string; token: string };

// Consecutive numbers from a random start: unique within a test database, however many are made.
let nextNumber = randomInt(1_000_000, 5_000_000);

/** A new customer with a valid Saudi mobile number (05 5… range) and an access token. */
export async function newShopper(db: Db, tenant: TenantInfo, name = "Test Shopper"): Promise<Shopper> {
  const mobileNumber = `+96655${nextNumber++}`;
  const [row] = await db.insert(customers).values({ tenantId: tenant.id, mobileNumber, name }).returning();
  return { id: row.id, mobileNumber, token: await accessTokenFor(db, tenant.id, row.id) };
}

/**
 * The choice a merchandise cart needs before its order completes, for suites about other rules:
 * pickup at the store's first branch (no fee, so their totals are the goods'), when it offers
 * pickup; null otherwise (tests/delivery.test.ts tests the choice itself).
 */
export async function pickupChoice(db: Db, tenantId: string): Promise<Fulfilment | null> {
  const [row] = await db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  if (row?.settings.pickupEnabled !== "True") return null;
  const [b] = await db
    .select()
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(asc(branches.sortOrder), asc(branches.id))
    .limit(1);
  if (!b) return null;
  const { nameAr, nameEn, addressAr, addressEn } = b;
  return { kind: "pickup", branchId: b.id, nameAr, nameEn, addressAr, addressEn };
}

/** Gives a cart holding merchandise the pickup choice (see pickupChoice); others are left as they are. */
async function choosePickupIfMerchandise(db: Db, tenantId: string, cartId: string): Promise<void> {
  const merch = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.cartId, cartId), eq(products.typeString, "merchandise")))
    .limit(1);
  if (merch.length === 0) return;
  const fulfilment = await pickupChoice(db, tenantId);
  if (fulfilment) await db.update(carts).set({ fulfilment }).where(eq(carts.id, cartId));
}

/** A shopper's own active cart, made by `cartsOf` or `shoppersWithCarts`. */
export type ShopperCart = { shopper: Shopper; cartId: string };

type ItemBody = z.input<typeof AddItemBody>;
type CartColumns = Pick<typeof carts.$inferInsert, "couponId" | "couponCode" | "giftCardId">;

/**
 * An active cart for each of `owners` (one owner may be named more than once), the i-th holding the
 * one line `item(i)`, written in two multi-row inserts instead of 2n API calls: for suites whose
 * subject is what happens to such carts next (the race suites). Each line is the add-item body
 * parsed, made and checked by the add-item rules themselves (lineFromInput, checkLineRules), so
 * it is the row the API would have stored; `cart` sets columns of every cart (e.g. an applied coupon).
 */
export async function cartsOf(
  db: Db,
  tenant: TenantInfo,
  owners: Shopper[],
  item: (i: number) => ItemBody,
  cart: CartColumns = {},
): Promise<ShopperCart[]> {
  const inputs = owners.map((_, i) => AddItemBody.parse(item(i)));
  const productRows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(inputs.map((x) => x.productId))]));
  const lines = inputs.map((input) => {
    const product = productRows.find((p) => p.id === input.productId);
    if (!product) throw new Error(`No product ${input.productId}`);
    const line = lineFromInput(product, input.priceId, input);
    checkLineRules(product, line, new Date());
    return line;
  });
  const made = owners.map((shopper) => ({ shopper, cartId: randomUUID() }));
  const merchandise = new Set(productRows.filter((p) => p.typeString === "merchandise").map((p) => p.id));
  const pickup = await pickupChoice(db, tenant.id);
  await db.insert(carts).values(
    made.map(({ shopper, cartId }, i) => ({
      id: cartId,
      tenantId: tenant.id,
      customerId: shopper.id,
      fulfilment: merchandise.has(lines[i].productId) ? pickup : null,
      ...cart,
    })),
  );
  await db.insert(cartItems).values(
    lines.map((l, i) => ({
      tenantId: tenant.id,
      cartId: made[i].cartId,
      productId: l.productId,
      priceId: l.priceId,
      quantity: l.quantity,
      units: l.units,
      reservationDateFrom: l.from,
      reservationDateTo: l.to,
      subscriptionStartDate: l.subscriptionStartDate,
      giftDetails: l.giftDetails,
      specialistId: l.specialistId,
      branchId: l.branchId,
    })),
  );
  return made;
}

/** `n` new customers of the tenant (one insert), each signed in with a cart of their own holding `item(i)` (see cartsOf). */
export async function shoppersWithCarts(
  db: Db,
  tenant: TenantInfo,
  n: number,
  item: (i: number) => ItemBody,
  cart: CartColumns = {},
): Promise<ShopperCart[]> {
  const people = Array.from({ length: n }, () => ({ id: randomUUID(), mobileNumber: `+96655${nextNumber++}` }));
  await db.insert(customers).values(people.map((c) => ({ ...c, tenantId: tenant.id, name: "Test Shopper" })));
  const shoppers = await Promise.all(
    people.map(async (c) => ({ ...c, token: await accessTokenFor(db, tenant.id, c.id) })),
  );
  return cartsOf(db, tenant, shoppers, item, cart);
}

export function checkoutApi(db: () => Db) {
  const call = <T = CartDto>(
    tenant: TenantInfo,
    method: string,
    path: string,
    opts: Parameters<typeof callApi>[4] = {},
  ) => callApi<T>(db(), tenant, method, path, opts);

  /**
   * A fresh customer's own cart holding `items` (each added through the API, so every add rule
   * holds); with merchandise, collected at the first branch where the store offers pickup (see
   * pickupChoice) unless `opts.choose` is false.
   */
  async function cartWith(
    tenant: TenantInfo,
    items: AddCartItemBody[],
    who?: Shopper,
    opts: { choose?: boolean } = {},
  ): Promise<{ shopper: Shopper; cart: CartDto }> {
    const shopper = who ?? (await newShopper(db(), tenant));
    const created = await call(tenant, "POST", "cart", { token: shopper.token });
    let cart = created.data!;
    for (const item of items) {
      const added = await call(tenant, "POST", `cart/${cart.id}/items`, { token: shopper.token, body: item });
      expect(added.error, `adding ${item.productId}`).toBeUndefined();
      cart = added.data!;
    }
    if (opts.choose !== false) await choosePickupIfMerchandise(db(), tenant.id, cart.id);
    return { shopper, cart };
  }

  const submitBody = (shopper: Shopper, over: Partial<SubmitCartInput> = {}): SubmitCartInput => ({
    paymentMethod: "CASH",
    customer: { name: "  Test Shopper ", mobileNumber: shopper.mobileNumber },
    ...over,
  });

  return {
    call,
    cartWith,
    submitBody,
    applyCoupon: (
      tenant: TenantInfo,
      s: Shopper,
      cartId: string,
      couponCode: string,
      headers?: Record<string, string>,
    ) => call(tenant, "POST", `cart/${cartId}/coupon`, { token: s.token, body: { couponCode }, headers }),
    submit: (
      tenant: TenantInfo,
      s: Shopper,
      cartId: string,
      over: Partial<SubmitCartInput> = {},
    ): Promise<ApiResult<CartDto>> =>
      call(tenant, "POST", `cart/${cartId}/submit`, { token: s.token, body: submitBody(s, over) }),
    validate: (tenant: TenantInfo, s: Shopper, cartId: string) =>
      call<{ valid: true }>(tenant, "GET", `cart/${cartId}/validate`, { token: s.token }),
  };
}

/** Changes a tenant's settings for the rest of a test (returns a function restoring them). */
export async function withSettings(
  db: Db,
  tenant: TenantInfo,
  changes: Record<string, string | null>,
): Promise<() => Promise<void>> {
  const [row] = await db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenant.id));
  const next = { ...row.settings };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  await db.update(tenants).set({ settings: next }).where(eq(tenants.id, tenant.id));
  return async () => {
    await db.update(tenants).set({ settings: row.settings }).where(eq(tenants.id, tenant.id));
  };
}

/** Expects an API answer to be this error. */
export function expectCode(res: ApiResult<unknown>, code: string, status: number) {
  expect(res.error?.code, JSON.stringify(res.error ?? res.data)).toBe(code);
  expect(res.status).toBe(status);
}
