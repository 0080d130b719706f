import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { handlePlatformRequest } from "@/platform/api";
import type { TenantInfo } from "@/platform/api/router";
import { tenants } from "@/platform/db/schema";
import type { CartDto } from "@/contract/dto/cart";
import type { ProductDto } from "@/contract/dto/catalog";
import type { WebsiteConfigDto } from "@/contract/dto/website";
import { describeEachDb } from "./helpers/test-db";
import { at, dayAhead, DEMO, demoProduct } from "./helpers/demo-catalog";

describeEachDb("platform API over HTTP", (t) => {
  async function call<T = unknown>(
    tenant: TenantInfo,
    method: string,
    path: string,
    opts: { body?: unknown; rawBody?: string; locale?: string } = {},
  ) {
    const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const req = new Request(`http://spa.localhost/api/app/${path}`, {
      method,
      body,
      headers: { "accept-language": opts.locale ?? "en", ...(body ? { "content-type": "application/json" } : {}) },
    });
    const pathname = new URL(req.url).pathname.replace(/^\/api\/app\//, "");
    const res = await handlePlatformRequest(req, pathname, tenant, t().db);
    return {
      status: res.status,
      body: (await res.json()) as
        | { data: T; error?: undefined }
        | { data?: undefined; error: { code: string; message: string; details?: Record<string, unknown> } },
    };
  }

  it("lists products in {data} in the Accept-Language locale, filtered by kind", async () => {
    const { spa } = t();
    const en = await call<ProductDto[]>(spa, "GET", "products");
    expect(en.status).toBe(200);
    expect(en.body.data).toHaveLength(8);
    const ar = await call<ProductDto[]>(spa, "GET", "products?type=gift", { locale: "ar" });
    expect(ar.body.data?.map((p) => p.name)).toEqual(["بطاقة هدية"]);
    const bad = await call(spa, "GET", "products?type=vouchers");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("SP:ValidationError");
  });

  it("serves a product and its availability, and 404s a foreign product", async () => {
    const { db, spa, coffee, now } = t();
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    expect((await call<ProductDto>(spa, "GET", `products/${massage.id}`)).body.data?.name).toBe(DEMO.massage);
    const slots = await call<{ slots: { from: string; available: number }[] }>(
      spa,
      "GET",
      `products/${massage.id}/availability?date=${dayAhead(now, 1)}`,
    );
    expect(slots.body.data?.slots.find((s) => s.from === at(now, 1, 20))?.available).toBe(0);
    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    const days = await call<{ days: unknown[] }>(
      spa,
      "GET",
      `products/${resthouse.id}/availability?from=${dayAhead(now, 0)}&days=20`,
    );
    expect(days.body.data?.days).toHaveLength(20);
    expect((await call(spa, "GET", `products/${massage.id}/availability?date=2030-02-30`)).status).toBe(400);
    expect(
      (await call(spa, "GET", `products/${resthouse.id}/availability?from=${dayAhead(now, 0)}&days=0`)).status,
    ).toBe(400);
    for (const path of [`products/${massage.id}`, `products/${massage.id}/availability?date=${dayAhead(now, 1)}`]) {
      const foreign = await call(coffee, "GET", path);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error?.code).toBe("SP:EntityNotFound");
    }
  });

  it("runs a cart through create, add, update, remove and reset with the platform's totals", async () => {
    const { db, spa, now } = t();
    const created = await call<CartDto>(spa, "POST", "cart");
    expect(created.status).toBe(200);
    const cartId = created.body.data!.id;
    expect(created.body.data).toMatchObject({
      items: [],
      subTotal: 0,
      totalAmount: 0,
      status: "active",
      currency: "SAR",
    });

    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    const added = await call<CartDto>(spa, "POST", `cart/${cartId}/items`, {
      body: {
        productId: resthouse.id,
        priceId: resthouse.priceId,
        reservationDateFrom: dayAhead(now, 3),
        reservationDateTo: dayAhead(now, 5),
      },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      subTotal: 1800,
      taxAmount: 270,
      totalAmount: 2070,
      depositAmount: 621,
      amountToBePaid: 621,
    });

    const oil = await demoProduct(db, spa.id, DEMO.oil);
    const withOil = await call<CartDto>(spa, "POST", `cart/${cartId}/items`, {
      body: { productId: oil.id, priceId: oil.priceId },
    });
    const oilLine = withOil.body.data!.items[1];
    const updated = await call<CartDto>(spa, "PUT", `cart/${cartId}/items/${oilLine.id}`, { body: { quantity: 3 } });
    expect(updated.body.data?.items[1].quantity).toBe(3);
    // 1800 + 180 = 1980 net; 297 tax; the oil (207 gross) is paid in full beside the 621 deposit.
    expect(updated.body.data).toMatchObject({
      subTotal: 1980,
      taxAmount: 297,
      totalAmount: 2277,
      depositAmount: 621,
      amountToBePaid: 828,
    });

    const refused = await call(spa, "PUT", `cart/${cartId}/items/${oilLine.id}`, { body: { quantity: 4 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("SP:MerchandiseItemInsufficientStock");

    const removed = await call<CartDto>(spa, "DELETE", `cart/${cartId}/items/${oilLine.id}`);
    expect(removed.body.data?.items).toHaveLength(1);
    const reset = await call<CartDto>(spa, "POST", `cart/${cartId}/reset`);
    expect(reset.body.data?.items).toEqual([]);
    expect((await call<CartDto>(spa, "GET", `cart/${cartId}`)).body.data?.totalAmount).toBe(0);
  });

  it("answers rule violations with their codes and statuses", async () => {
    const { db, spa, now } = t();
    const cartId = (await call<CartDto>(spa, "POST", "cart")).body.data!.id;
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    const cases: [unknown, number, string][] = [
      [
        { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(now, 1, 20) },
        409,
        "SP:SlotIsNotAvailable",
      ],
      [
        { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(now, 0, 10) },
        400,
        "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
      ],
      [
        {
          productId: resthouse.id,
          priceId: resthouse.priceId,
          reservationDateFrom: dayAhead(now, 20),
          reservationDateTo: dayAhead(now, 28),
        },
        400,
        "SP:MaximumDaysExceeded",
      ],
      [
        {
          productId: resthouse.id,
          priceId: resthouse.priceId,
          reservationDateFrom: dayAhead(now, 20),
          reservationDateTo: dayAhead(now, 20),
        },
        400,
        "SP:MinimumDaysRequirementNotMet",
      ],
      [{ productId: massage.id }, 400, "SP:ValidationError"],
      [{ productId: massage.id, priceId: massage.priceId, quantity: 0 }, 400, "SP:ValidationError"],
      [[], 400, "SP:ValidationError"],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(spa, "POST", `cart/${cartId}/items`, { body });
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
      expect(res.body.error?.message).toBeTruthy();
    }
    const malformed = await call(spa, "POST", `cart/${cartId}/items`, { rawBody: "{nope" });
    expect([malformed.status, malformed.body.error?.code]).toEqual([400, "SP:MalformedJson"]);
    const invalid = await call(spa, "POST", `cart/${cartId}/items`, { body: { productId: 5 } });
    expect(invalid.body.error?.details).toHaveProperty("productId");
    expect((await call<CartDto>(spa, "GET", `cart/${cartId}`)).body.data?.items).toEqual([]);
  });

  it("keeps carts to their tenant", async () => {
    const { db, spa, coffee } = t();
    const cartId = (await call<CartDto>(spa, "POST", "cart")).body.data!.id;
    const oil = await demoProduct(db, spa.id, DEMO.oil);
    const itemId = (
      await call<CartDto>(spa, "POST", `cart/${cartId}/items`, { body: { productId: oil.id, priceId: oil.priceId } })
    ).body.data!.items[0].id;
    const attempts: [string, string, unknown?][] = [
      ["GET", `cart/${cartId}`],
      ["POST", `cart/${cartId}/items`, { productId: oil.id, priceId: oil.priceId }],
      ["PUT", `cart/${cartId}/items/${itemId}`, { quantity: 1 }],
      ["DELETE", `cart/${cartId}/items/${itemId}`],
      ["POST", `cart/${cartId}/reset`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(coffee, method, path, { body });
      expect([res.status, res.body.error?.code], `${method} ${path}`).toEqual([404, "SP:EntityNotFound"]);
    }
    const coffeeCart = (await call<CartDto>(coffee, "POST", "cart")).body.data!.id;
    const foreignProduct = await call(coffee, "POST", `cart/${coffeeCart}/items`, {
      body: { productId: oil.id, priceId: oil.priceId },
    });
    expect([foreignProduct.status, foreignProduct.body.error?.code]).toEqual([404, "SP:EntityNotFound"]);
    expect((await call<CartDto>(spa, "GET", `cart/${cartId}`)).body.data?.items).toHaveLength(1);
  });

  it("serves the website config without secrets, and pages by path", async () => {
    const { db, spa, coffee } = t();
    await db
      .update(tenants)
      .set({ settings: { ...spa.settings, moyasarSecretKey: "sk_test_x", sessionPassword: "p", tabbySECRET: "s" } })
      .where(eq(tenants.id, spa.id));
    const config = await call<WebsiteConfigDto>(spa, "GET", "website/config");
    expect(config.body.data?.tenant).toEqual({ id: spa.id, name: "Rimal Wellness", slug: "spa" });
    expect(config.body.data?.settings).toEqual(spa.settings);
    expect(config.body.data?.pages).toEqual([
      { path: "z/about", title: "About us", updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      {
        path: "z/terms-and-conditions",
        title: "Terms and conditions",
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const page = await call<{ title: string; body: string }>(spa, "GET", "website/pages/z/terms-and-conditions", {
      locale: "ar",
    });
    expect(page.body.data?.title).toBe("الشروط والأحكام");
    expect(page.body.data?.body).toContain("عشر دقائق");
    expect((await call(coffee, "GET", "website/pages/z/terms-and-conditions")).status).toBe(404);
    expect((await call(spa, "GET", "website/pages/z/missing")).body.error?.code).toBe("SP:EntityNotFound");
  });

  it("answers unknown endpoints with SP:RouteNotFound", async () => {
    const res = await call(t().spa, "GET", "nothing/here");
    expect([res.status, res.body.error?.code]).toEqual([404, "SP:RouteNotFound"]);
  });
});
