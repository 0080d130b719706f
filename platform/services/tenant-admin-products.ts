import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { isUuid } from "./ids";
import { tenantBySlug } from "./tenant-admin";

export type ProductNaming = { nameAr?: string; nameEn?: string; slugAr?: string; slugEn?: string };
export type ProductAddress = { id: string; nameAr: string; nameEn: string; slugAr: string; slugEn: string };

/**
 * Renames a product and/or sets its addresses. A new name gives a new slug (unless the same call
 * sets one); a slug given is written the way the database writes them (product_slugify: "Hot
 * Stone" ⇒ "hot-stone") and refused when another product of the store has it, now or before. The
 * database keeps every replaced slug leading to the product (the products_slug trigger).
 */
export async function renameProduct(
  db: Db,
  tenantSlug: string,
  productId: string,
  naming: ProductNaming,
): Promise<ProductAddress> {
  return db.transaction(async (tx) => {
    const tenant = await tenantBySlug(tx, tenantSlug);
    if (!isUuid(productId)) throw notFound("Product");
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenant.id), eq(products.id, productId)))
      .for("update");
    if (!row) throw notFound("Product");
    const set: Partial<typeof products.$inferInsert> = {};
    for (const [key, value] of [
      ["nameAr", naming.nameAr],
      ["nameEn", naming.nameEn],
    ] as const) {
      if (value === undefined) continue;
      if (!value.trim()) throw new PlatformError("SP:ValidationError", 400, `${key} must not be empty`);
      set[key] = value.trim();
    }
    for (const [key, value] of [
      ["slugAr", naming.slugAr],
      ["slugEn", naming.slugEn],
    ] as const) {
      if (value === undefined) continue;
      const res = await tx.execute<{ slug: string; free: string }>(
        sql`SELECT product_slugify(${value}) AS slug, product_slug_unique(${tenant.id}::uuid, ${row.id}::uuid, product_slugify(${value})) AS free`,
      );
      const { slug, free } = res.rows[0];
      if (slug !== free)
        throw new PlatformError(
          "SP:ValidationError",
          400,
          `Another product of ${tenantSlug} has (or had) the address "${slug}"; "${free}" is free`,
        );
      set[key] = slug;
    }
    if (Object.keys(set).length === 0) return address(row);
    const [updated] = await tx.update(products).set(set).where(eq(products.id, row.id)).returning();
    return address(updated);
  });
}

const address = (p: typeof products.$inferSelect): ProductAddress => ({
  id: p.id,
  nameAr: p.nameAr,
  nameEn: p.nameEn,
  slugAr: p.slugAr ?? p.id,
  slugEn: p.slugEn ?? p.id,
});
