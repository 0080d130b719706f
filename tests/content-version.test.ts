import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { productPrices, products, tenantPaymentAccounts, tenants, websitePages } from "@/platform/db/schema";
import { contentVersion } from "@/platform/services/content-version";
import { describeEachDb } from "./helpers/test-db";

/**
 * The page cache's freshness check (lib/page-cache/serve.ts): a tenant's content version moves
 * with every change its pages show — settings, payment accounts, products (stock included),
 * prices, website pages; inserts, updates and deletes — and never with another tenant's changes.
 */
describeEachDb("content version", (t) => {
  it("moves with every change a store's pages show, and only with its own", async () => {
    const { db, spa, coffee } = t();
    const spaV = () => contentVersion(db, spa.id);
    const coffeeV = () => contentVersion(db, coffee.id);
    const seen = [await spaV()];
    const coffeeBefore = await coffeeV();
    const changed = async (what: string) => {
      const v = await spaV();
      expect(seen, what).not.toContain(v);
      seen.push(v);
    };

    const [product] = await db.select().from(products).where(eq(products.tenantId, spa.id)).limit(1);
    await db.update(products).set({ stock: 7 }).where(eq(products.id, product.id));
    await changed("stock");
    await db
      .update(tenants)
      .set({ settings: { ...spa.settings, announcementText: "new" } })
      .where(eq(tenants.id, spa.id));
    await changed("settings");
    const [price] = await db.select().from(productPrices).where(eq(productPrices.productId, product.id)).limit(1);
    await db
      .update(productPrices)
      .set({ amount: price.amount + 100 })
      .where(eq(productPrices.id, price.id));
    await changed("price");
    const [page] = await db
      .insert(websitePages)
      .values({ tenantId: spa.id, path: "z/new", titleAr: "ج", titleEn: "N", bodyAr: "ج", bodyEn: "n" })
      .returning();
    await changed("page added");
    await db.delete(websitePages).where(eq(websitePages.id, page.id));
    // The same pages as before the insert: the version it had then (every newer revision is gone).
    expect(await spaV()).toBe(seen.at(-2));
    await db.update(websitePages).set({ titleEn: "Terms" }).where(eq(websitePages.tenantId, spa.id));
    await changed("page edited");
    await db.update(tenantPaymentAccounts).set({ accounts: {} }).where(eq(tenantPaymentAccounts.tenantId, spa.id));
    await changed("payment accounts");

    expect(await spaV()).toBe(seen.at(-1));
    expect(await coffeeV()).toBe(coffeeBefore);
    expect(await contentVersion(db, "00000000-0000-4000-8000-000000000000")).toBe("gone");
  });
});
