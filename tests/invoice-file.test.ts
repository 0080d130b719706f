import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import type { OrderLinkDto } from "@/contract/dto/account";
import type { ApiEnvelope } from "@/contract/errors";
import { setPlatformDb } from "@/platform/db";
import { products } from "@/platform/db/schema";
import { INVOICE_FILE_LIMIT } from "@/platform/services/order-links";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import ar from "@/messages/ar/errors.json";
import { describeEachDb } from "./helpers/test-db";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { nextHeadersMock, storeApi } from "./helpers/bff-harness";
import { paymentsHarness, providerPayments } from "./helpers/payments";

vi.mock("next/headers", () => nextHeadersMock());
// Outside a Next request the handlers' translations come from the same messages, by the same translator.
vi.mock("next-intl/server", () => ({
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => {
    const { createTranslator } = await import("next-intl");
    const file = namespace.split(".")[0];
    const messages = { [file]: (await import(`../messages/${locale}/${file}.json`)).default };
    return createTranslator({ locale, messages, namespace });
  },
}));

/**
 * The tax invoice as a file (GET /api/orders/{id}/invoice): drawn once and kept, since its
 * documents never change, and asked for a limited number of times per customer (per order
 * through its link), refused in the shopper's language past that.
 */
describeEachDb("the tax invoice's PDF file", (t) => {
  const p = paymentsHarness(t);
  const pay = providerPayments(p, t);
  const spa = () => t().spa;
  const paidOrder = async () => {
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    await t().db.update(products).set({ stock: 100_000 }).where(eq(products.id, salts.id));
    const paid = await pay.paidOrderOf(salts);
    const link = await p.api.call<OrderLinkDto>(spa(), "GET", `orders/${paid.cartId}/link`, {
      token: paid.shopper.token,
    });
    return { ...paid, key: link.data!.key };
  };
  const fileOf = (cartId: string, key: string) =>
    storeApi(
      new Request(`http://spa.localhost/api/orders/${cartId}/invoice?key=${key}`, {
        headers: { host: "spa.localhost", "x-forwarded-for": "203.0.113.41" },
      }),
    );

  beforeAll(() => {
    setPlatformDb({ db: t().db, kind: "pglite", close: async () => {} });
    clearTenantCache();
  });

  it("answers the same bytes when asked again, or twice at once: drawn once (a drawing is stamped with its time)", async () => {
    const order = await paidOrder();
    const first = await fileOf(order.cartId, order.key);
    expect([first.status, first.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // The suites' clock stands still; a later drawing would carry a later time.
    vi.setSystemTime(new Date(Date.now() + 60_000));
    const again = await Promise.all([fileOf(order.cartId, order.key), fileOf(order.cartId, order.key)]);
    for (const res of again) expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  }, 60_000);

  it("refuses a customer who asks too often with 429, when to try again, in their language; the invoice page's reads are not counted", async () => {
    const order = await paidOrder();
    for (let i = 0; i < 3; i++)
      expect(
        (await p.api.call(spa(), "GET", `orders/${order.cartId}/invoice`, { token: order.shopper.token })).status,
      ).toBe(200);
    for (let i = 0; i < INVOICE_FILE_LIMIT.limit; i++) expect((await fileOf(order.cartId, order.key)).status).toBe(200);
    const refused = await fileOf(order.cartId, order.key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as ApiEnvelope<unknown>;
    expect("error" in body && body.error).toMatchObject({
      code: "SP:TooManyRequests",
      message: ar.SP_TooManyRequests,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    // The platform counts the customer's own downloads the same way.
    const own = () =>
      p.api.call(spa(), "GET", `orders/${order.cartId}/invoice?for=file`, { token: order.shopper.token });
    for (let i = 0; i < INVOICE_FILE_LIMIT.limit; i++) expect((await own()).status).toBe(200);
    expect((await own()).status).toBe(429);
  }, 60_000);
});
