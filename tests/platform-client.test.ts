import { beforeAll, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { PlatformCallError } from "@/lib/platform-client/core";
import { addCartItem, createCart, getCart, removeCartItem, resetCart, updateCartItem } from "@/lib/platform-client/cart";
import { getAvailability, getProduct, listProducts } from "@/lib/platform-client/products";
import { getWebsiteConfig, getWebsitePage } from "@/lib/platform-client/website";
import type { AvailabilityDto } from "@/lib/platform-client/types";
import { describeEachDb } from "./helpers/test-db";
import { dayAhead, DEMO, demoProduct } from "./helpers/demo-catalog";

// The storefront's typed wrappers, against the embedded platform in-process (no PLATFORM_API_URL).
describeEachDb("platform client", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));

  it("lists, gets and 404s products as null", async () => {
    const { db, spa, coffee } = t();
    expect((await listProducts(coffee, "ar")).map((p) => p.name)).toEqual(["بن إثيوبي مختص ٢٥٠ غ", "مطحنة يدوية", "بطاقة هدية بُن", "أكياس قهوة مقطرة (٥)"]);
    expect((await listProducts(spa, "en", "merchandise")).map((p) => p.name)).toEqual([DEMO.oil, DEMO.salts]);
    const oil = await demoProduct(db, spa.id, DEMO.oil);
    expect((await getProduct(spa, "en", oil.id))?.stock).toBe(3);
    expect(await getProduct(coffee, "en", oil.id)).toBeNull();
    expect(await getProduct(spa, "en", "no/such id")).toBeNull();
  });

  it("reads availability by date or by range", async () => {
    const { db, spa, now } = t();
    const pool = await demoProduct(db, spa.id, DEMO.pool);
    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    const hours = (await getAvailability(spa, "en", pool.id, { date: dayAhead(now, 1) })) as Extract<AvailabilityDto, { kind: "duration" }>;
    expect(hours.starts.length).toBe(15);
    const nights = (await getAvailability(spa, "en", resthouse.id, { from: dayAhead(now, 9), days: 4 })) as Extract<AvailabilityDto, { kind: "days" }>;
    expect(nights.days.map((d) => d.available)).toEqual([true, false, false, true]);
  });

  it("drives a cart and throws PlatformCallError with the SP: code on a refusal", async () => {
    const { db, spa, coffee } = t();
    const cart = await createCart(spa, "en");
    const oil = await demoProduct(db, spa.id, DEMO.oil);
    const one = await addCartItem(spa, "en", cart.id, { productId: oil.id, priceId: oil.priceId });
    const itemId = one.items[0].id;
    expect((await updateCartItem(spa, "en", cart.id, itemId, { quantity: 3 })).totalAmount).toBe(207);
    const err = await addCartItem(spa, "en", cart.id, { productId: oil.id, priceId: oil.priceId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformCallError);
    expect([(err as PlatformCallError).status, (err as PlatformCallError).code]).toEqual([409, "SP:MerchandiseItemInsufficientStock"]);
    expect((await removeCartItem(spa, "en", cart.id, itemId)).items).toEqual([]);
    expect((await resetCart(spa, "en", cart.id)).status).toBe("active");
    expect((await getCart(spa, "ar", cart.id))?.id).toBe(cart.id);
    expect(await getCart(coffee, "ar", cart.id)).toBeNull();
  });

  it("reads the website config and pages, a missing page as null", async () => {
    const { spa, coffee } = t();
    expect((await getWebsiteConfig(coffee, "ar")).pages).toEqual([{ path: "z/about", title: "عن بُن" }]);
    expect((await getWebsitePage(spa, "en", "z/terms-and-conditions"))?.title).toBe("Terms and conditions");
    expect((await getWebsitePage(spa, "en", "/z/about/"))?.title).toBe("About us");
    expect(await getWebsitePage(coffee, "en", "z/terms-and-conditions")).toBeNull();
  });
});
