import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { productPrices, products } from "@/platform/db/schema";
import type { ProductDto } from "@/contract/dto/catalog";
import { dispatch } from "@/platform/api/router";
import { renameProduct } from "@/platform/services/tenant-admin-products";
import { describeEachDb } from "./helpers/test-db";
import { DEMO, demoProduct, expectPlatformError } from "./helpers/demo-catalog";
import { checkoutApi } from "./helpers/checkout";

/**
 * Readable product addresses: each product has a slug per language made from its name (Arabic
 * letters kept), unique in its store; GET products/slug/{slug} finds it by either language's slug
 * or an earlier one, and a rename keeps the old address leading to it.
 */
describeEachDb("product slugs", (t) => {
  const api = checkoutApi(() => t().db);
  const bySlug = (slug: string, locale: "ar" | "en" = "en", tenant = t().spa) =>
    api.call<ProductDto>(tenant, "GET", `products/slug/${encodeURIComponent(slug)}`, { locale });

  it("gives every demo product a slug in each language from its name, diacritics and punctuation dropped", async () => {
    const massage = (
      await api.call<ProductDto>(t().spa, "GET", `products/${(await demoProduct(t().db, t().spa.id, DEMO.massage)).id}`)
    ).data!;
    expect(massage.slugs).toEqual({ ar: "مساج-استرخاء-٦٠-دقيقة", en: "60-minute-relaxing-massage" });
    const list = (await api.call<ProductDto[]>(t().spa, "GET", "products", { locale: "ar" })).data!;
    const resthouse = list.find((p) => p.name === "استراحة الرمال — بالليلة")!;
    expect(resthouse.slugs).toEqual({ ar: "استراحة-الرمال-بالليلة", en: "rimal-resthouse-by-the-night" });
    const all = (
      await t().db.select({ a: products.slugAr, e: products.slugEn, tenant: products.tenantId }).from(products)
    ).filter((p) => p.tenant === t().spa.id);
    expect(all.every((p) => p.a && p.e)).toBe(true);
    expect(new Set(all.map((p) => p.e)).size).toBe(all.length);
  });

  it("finds a product by either language's slug, answering its slugs; another store's slug is not found", async () => {
    for (const locale of ["ar", "en"] as const) {
      for (const slug of ["lavender-massage-oil", "زيت-مساج-باللافندر"]) {
        const res = await bySlug(slug, locale);
        expect(res.status, `${slug} in ${locale}`).toBe(200);
        expect(res.data!.slugs).toEqual({ ar: "زيت-مساج-باللافندر", en: "lavender-massage-oil" });
      }
    }
    expect((await bySlug("hand-grinder")).status).toBe(404);
    expect((await bySlug("hand-grinder", "en", t().coffee)).data!.name).toBe("Hand grinder");
    expect((await bySlug("nothing-here")).error?.code).toBe("SP:EntityNotFound");
  });

  it("a slug holding what no text can store (a NUL, a lone surrogate) names nothing, in-process too (a page's own address)", async () => {
    // The product page and the store's content pages call in-process with the address's decoded
    // segment: /en/products/%00 must not reach the slug query, which would answer 500.
    for (const slug of ["\u0000", "lavender\u0000", "\uD800"]) {
      const inProcess = await dispatch(
        "catalog.bySlug",
        { params: { slug } },
        { tenant: t().spa, db: t().db, headers: new Headers() },
      ).catch((err: unknown) => err);
      expect(inProcess, JSON.stringify(slug)).toMatchObject({ code: "SP:EntityNotFound", status: 404 });
      const page = await dispatch(
        "website.page",
        { params: { path: `z/${slug}` } },
        { tenant: t().spa, db: t().db, headers: new Headers() },
      ).catch((err: unknown) => err);
      expect(page, JSON.stringify(slug)).toMatchObject({ status: 404 });
    }
  });

  it("a second product of the same name gets the next free slug; a slug reading 'availability' is still a product", async () => {
    const [copy] = await t()
      .db.insert(products)
      .values({
        tenantId: t().spa.id,
        typeString: "merchandise",
        nameAr: "زيت مساج باللافندر",
        nameEn: "Lavender massage oil",
        stock: 3,
      })
      .returning();
    expect([copy.slugAr, copy.slugEn]).toEqual(["زيت-مساج-باللافندر-2", "lavender-massage-oil-2"]);
    const [odd] = await t()
      .db.insert(products)
      .values({ tenantId: t().spa.id, typeString: "merchandise", nameAr: "توفر", nameEn: "Availability", stock: 1 })
      .returning();
    expect((await bySlug("availability")).data?.id).toBe(odd.id);
    await t().db.delete(products).where(eq(products.id, copy.id));
    await t().db.delete(products).where(eq(products.id, odd.id));
  });

  it("a renamed product gets new slugs and its old ones keep leading to it; naming it back makes the old one current again", async () => {
    const salts = await demoProduct(t().db, t().spa.id, DEMO.salts);
    const renamed = await renameProduct(t().db, "spa", salts.id, { nameEn: "Rose & oud bath salts" });
    expect(renamed.slugEn).toBe("rose-oud-bath-salts");
    expect(renamed.slugAr).toBe("أملاح-استحمام-بالورد");
    const old = await bySlug("rose-bath-salts");
    expect(old.data!.id).toBe(salts.id);
    expect(old.data!.slugs.en).toBe("rose-oud-bath-salts");
    // An operator's own address, written the database's way; another product's (or one it had) is refused.
    expect((await renameProduct(t().db, "spa", salts.id, { slugAr: "أملاح الورد" })).slugAr).toBe("أملاح-الورد");
    expect((await bySlug("أملاح-استحمام-بالورد", "ar")).data!.id).toBe(salts.id);
    const oil = await demoProduct(t().db, t().spa.id, DEMO.oil);
    await expectPlatformError(
      renameProduct(t().db, "spa", oil.id, { slugEn: "Rose bath salts" }),
      "SP:ValidationError",
    );
    // Back to the first name: its slug is current again, the rename's is the redirect now.
    const back = await renameProduct(t().db, "spa", salts.id, {
      nameEn: "Rose bath salts",
      slugAr: "أملاح استحمام بالورد",
    });
    expect([back.slugAr, back.slugEn]).toEqual(["أملاح-استحمام-بالورد", "rose-bath-salts"]);
    expect((await bySlug("rose-oud-bath-salts")).data!.slugs.en).toBe("rose-bath-salts");
    const [row] = await t()
      .db.select()
      .from(products)
      .where(and(eq(products.id, salts.id)));
    expect(row.nameEn).toBe("Rose bath salts");
  });

  it("an inactive product is found by no address", async () => {
    const oil = await demoProduct(t().db, t().spa.id, DEMO.oil);
    await t().db.update(products).set({ isActive: false }).where(eq(products.id, oil.id));
    expect((await bySlug("lavender-massage-oil")).status).toBe(404);
    await t().db.update(products).set({ isActive: true }).where(eq(products.id, oil.id));
  });
});

describeEachDb("when content last changed", (t) => {
  const api = checkoutApi(() => t().db);
  it("a product's updatedAt moves when it or one of its prices changes, not when another product does", async () => {
    const oil = await demoProduct(t().db, t().spa.id, DEMO.oil);
    const read = async (id: string) => (await api.call<ProductDto>(t().spa, "GET", `products/${id}`)).data!.updatedAt;
    // Time moves on: PGlite's clock is the suite's (frozen) Date, PostgreSQL's its own.
    const later = async () => {
      vi.setSystemTime(Date.now() + 60_000);
      await new Promise((r) => setTimeout(r, 20));
    };
    const before = await read(oil.id);
    await later();
    await t().db.update(products).set({ stock: 41 }).where(eq(products.id, oil.id));
    const afterStock = await read(oil.id);
    expect(afterStock > before).toBe(true);
    await later();
    await t().db.update(productPrices).set({ amount: 6100 }).where(eq(productPrices.productId, oil.id));
    expect((await read(oil.id)) > afterStock).toBe(true);
    const salts = await demoProduct(t().db, t().spa.id, DEMO.salts);
    const saltsBefore = await read(salts.id);
    await t().db.update(products).set({ stock: 40 }).where(eq(products.id, oil.id));
    expect(await read(salts.id)).toBe(saltsBefore);
  });
});
