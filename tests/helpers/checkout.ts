import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import type { TenantInfo } from "@/platform/api/router";
import type { Db } from "@/platform/db/client";
import { tenants } from "@/platform/db/schema";
import type { AddCartItemInput, CartDto, SubmitCartInput } from "@/lib/platform-client/types";
import { customers } from "@/platform/db/schema";
import { issueAccessToken } from "@/platform/services/access-tokens";
import { callApi, type ApiResult } from "./account-api";

/** A customer's checkout through the HTTP router: their cart, its items, and the checkout calls. */
export type Shopper = { id: string; mobileNumber: string; token: string };

// Consecutive numbers from a random start: unique within a test database, however many are made.
let nextNumber = randomInt(1_000_000, 5_000_000);

/** A new customer with a valid Saudi mobile number (05 5… range) and an access token. */
export async function newShopper(db: Db, tenant: TenantInfo, name = "Test Shopper"): Promise<Shopper> {
  const mobileNumber = `+96655${nextNumber++}`;
  const [row] = await db.insert(customers).values({ tenantId: tenant.id, mobileNumber, name }).returning();
  return { id: row.id, mobileNumber, token: (await issueAccessToken(row.id, tenant.id)).token };
}

export function checkoutApi(db: () => Db) {
  const call = <T = CartDto>(tenant: TenantInfo, method: string, path: string, opts: Parameters<typeof callApi>[4] = {}) => callApi<T>(db(), tenant, method, path, opts);

  /** A fresh customer's own cart holding `items` (each added through the API, so every add rule holds). */
  async function cartWith(tenant: TenantInfo, items: AddCartItemInput[], who?: Shopper): Promise<{ shopper: Shopper; cart: CartDto }> {
    const shopper = who ?? (await newShopper(db(), tenant));
    const created = await call(tenant, "POST", "cart", { token: shopper.token });
    let cart = created.data!;
    for (const item of items) {
      const added = await call(tenant, "POST", `cart/${cart.id}/items`, { token: shopper.token, body: item });
      expect(added.error, `adding ${item.productId}`).toBeUndefined();
      cart = added.data!;
    }
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
    applyCoupon: (tenant: TenantInfo, s: Shopper, cartId: string, couponCode: string, headers?: Record<string, string>) =>
      call(tenant, "POST", `cart/${cartId}/coupon`, { token: s.token, body: { couponCode }, headers }),
    submit: (tenant: TenantInfo, s: Shopper, cartId: string, over: Partial<SubmitCartInput> = {}): Promise<ApiResult<CartDto>> =>
      call(tenant, "POST", `cart/${cartId}/submit`, { token: s.token, body: submitBody(s, over) }),
    validate: (tenant: TenantInfo, s: Shopper, cartId: string) => call<{ valid: true }>(tenant, "GET", `cart/${cartId}/validate`, { token: s.token }),
  };
}

/** Changes a tenant's settings for the rest of a test (returns a function restoring them). */
export async function withSettings(db: Db, tenant: TenantInfo, changes: Record<string, string | null>): Promise<() => Promise<void>> {
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
