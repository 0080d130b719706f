import "server-only";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { PRODUCT_TYPES, productPrices, productSlugRedirects, products, type ProductTypeString } from "../db/schema";
import { notFound } from "../errors";
import { toSar } from "../money";
import type { Locale } from "@/contract/tenant-settings";
import type { ProductDto } from "@/contract/dto/catalog";
import { isUuid } from "./ids";
import { reservationKind } from "./seats";
import { productStaff, toStaffDto } from "./specialists";
import { today } from "../time";

export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof productPrices.$inferSelect;

/** The numeric product type of the platform's enum: the index in PRODUCT_TYPES (0 reservation … 3 gift). */
export function productTypeNumber(typeString: ProductTypeString): number {
  return PRODUCT_TYPES.indexOf(typeString);
}

export const localized = (locale: Locale, ar: string, en: string) => (locale === "en" ? en : ar);

export function toProductDto(p: ProductRow, prices: PriceRow[], locale: Locale): ProductDto {
  const sorted = [...prices].sort((a, b) => a.sortOrder - b.sortOrder);
  return {
    id: p.id,
    // A product written before its slugs (the database makes them on insert) is addressed by id.
    slugs: { ar: p.slugAr ?? p.id, en: p.slugEn ?? p.id },
    type: productTypeNumber(p.typeString),
    typeString: p.typeString,
    name: localized(locale, p.nameAr, p.nameEn),
    description: localized(locale, p.descriptionAr, p.descriptionEn),
    images: p.images,
    amount: toSar(sorted.length ? Math.min(...sorted.map((pr) => pr.amount)) : 0),
    hasPackage: p.hasPackage,
    isFullDayBooking: p.isFullDayBooking,
    isVariableDuration: p.isVariableDuration,
    prices: sorted.map((pr) => ({
      id: pr.id,
      name: localized(locale, pr.nameAr, pr.nameEn),
      amount: toSar(pr.amount),
    })),
    updatedAt: new Date(Math.max(p.updatedAt.getTime(), ...prices.map((pr) => pr.updatedAt.getTime()))).toISOString(),
    reservation:
      p.typeString === "reservation"
        ? {
            slotMinutes: p.slotMinutes,
            capacity: p.capacity ?? 1,
            minDays: p.minDays,
            maxDays: p.maxDays,
            minUnits: p.minUnits,
            maxUnits: p.maxUnits,
            depositPercent: p.depositPercent,
            bookingWindowDays: p.bookingWindowDays,
            openingHours: p.openingHours,
          }
        : null,
    subscription:
      p.typeString === "subscription"
        ? { durationDays: p.subscriptionDays, perCustomerLimit: p.perCustomerLimit, packageSessions: p.packageSessions }
        : null,
    stock: p.typeString === "merchandise" ? p.stock : null,
    giftThemes:
      p.typeString === "gift"
        ? (p.giftThemes ?? []).map((t) => ({ id: t.id, name: localized(locale, t.nameAr, t.nameEn), color: t.color }))
        : null,
    staff: null,
  };
}

/** The tenant's active products in display order, optionally of one kind. */
export async function listProducts(
  db: Db,
  tenantId: string,
  opts: { type?: ProductTypeString; locale: Locale },
): Promise<ProductDto[]> {
  const conditions = [eq(products.tenantId, tenantId), eq(products.isActive, true)];
  if (opts.type) conditions.push(eq(products.typeString, opts.type));
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sortOrder), asc(products.createdAt), asc(products.id));
  if (rows.length === 0) return [];
  const prices = await db
    .select()
    .from(productPrices)
    .where(
      and(
        eq(productPrices.tenantId, tenantId),
        inArray(
          productPrices.productId,
          rows.map((r) => r.id),
        ),
      ),
    );
  return rows.map((r) =>
    toProductDto(
      r,
      prices.filter((pr) => pr.productId === r.id),
      opts.locale,
    ),
  );
}

/** An active product of the tenant, or null (unknown id, another tenant's, inactive). */
export async function findActiveProduct(db: Db | Tx, tenantId: string, id: string): Promise<ProductRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The active product at an address: its slug in the request's language first, then in the other
 * language, then an address it had before (a rename keeps the old one); null when none.
 */
export async function findProductBySlug(
  db: Db,
  tenantId: string,
  slug: string,
  locale: Locale,
): Promise<ProductRow | null> {
  const active = and(eq(products.tenantId, tenantId), eq(products.isActive, true));
  const current = await db
    .select()
    .from(products)
    .where(and(active, or(eq(products.slugAr, slug), eq(products.slugEn, slug))))
    .limit(2);
  const mine = current.find((p) => (locale === "en" ? p.slugEn : p.slugAr) === slug) ?? current[0];
  if (mine) return mine;
  const [old] = await db
    .select({ product: products })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.tenantId, tenantId), eq(productSlugRedirects.slug, slug), active))
    .limit(1);
  return old?.product ?? null;
}

export async function getProductBySlug(
  db: Db,
  tenantId: string,
  slug: string,
  locale: Locale,
  now = new Date(),
): Promise<ProductDto> {
  const product = await findProductBySlug(db, tenantId, slug, locale);
  if (!product) throw notFound("Product");
  return productWithStaff(db, tenantId, product, locale, now);
}

export async function getProduct(
  db: Db,
  tenantId: string,
  id: string,
  locale: Locale,
  now = new Date(),
): Promise<ProductDto> {
  const product = await findActiveProduct(db, tenantId, id);
  if (!product) throw notFound("Product");
  return productWithStaff(db, tenantId, product, locale, now);
}

async function productWithStaff(
  db: Db,
  tenantId: string,
  product: ProductRow,
  locale: Locale,
  now: Date,
): Promise<ProductDto> {
  const prices = await db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.tenantId, tenantId), eq(productPrices.productId, product.id)));
  const dto = toProductDto(product, prices, locale);
  if (reservationKind(product) !== "slots") return dto;
  const staff = await productStaff(db, tenantId, product.id);
  return staff.specialists.length === 0 ? dto : { ...dto, staff: toStaffDto(staff, locale, today(now)) };
}
