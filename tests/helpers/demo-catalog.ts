import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@/platform/db/client";
import { productPrices, products } from "@/platform/db/schema";
import { PlatformError } from "@/platform/errors";
import { addDays } from "@/rules/riyadh-time";
import { dayStart, today } from "@/platform/time";
import { HOUR_MS } from "@/rules/riyadh-time";

/** A seeded product by its English name, with its prices in display order. */
export async function demoProduct(db: Db, tenantId: string, nameEn: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.nameEn, nameEn)));
  if (!product) throw new Error(`No demo product "${nameEn}"`);
  const prices = await db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, product.id))
    .orderBy(productPrices.sortOrder);
  return { id: product.id, priceId: prices[0].id, prices: prices.map((p) => p.id) };
}

export const DEMO = {
  massage: "60-minute relaxing massage",
  pool: "Private pool by the hour",
  resthouse: "Rimal resthouse — by the night",
  membership: "Monthly membership",
  bundle: "10-session massage bundle",
  gift: "Gift card",
  oil: "Lavender massage oil",
  salts: "Rose bath salts",
  beans: "Ethiopian specialty beans 250 g",
  grinder: "Hand grinder",
  coffeeGift: "Bunn gift card",
  drip: "Drip coffee bags (5)",
} as const;

/** The Riyadh day `n` days after `now`'s day. */
export const dayAhead = (now: Date, n: number) => addDays(today(now), n);

/** The ISO instant of `hour`:00 in Riyadh on the day `n` days after `now`'s day. */
export const at = (now: Date, n: number, hour: number, minute = 0) =>
  new Date(dayStart(dayAhead(now, n)).getTime() + hour * HOUR_MS + minute * 60_000).toISOString();

/** Expects a promise to fail with a PlatformError of this code (and status). */
export async function expectPlatformError(promise: Promise<unknown>, code: string, status?: number) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected ${code}`).toBeInstanceOf(PlatformError);
  expect((err as PlatformError).code).toBe(code);
  if (status !== undefined) expect((err as PlatformError).status).toBe(status);
  return err as PlatformError;
}
