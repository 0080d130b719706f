import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { invoices, products } from "@/platform/db/schema";
import type { OrderInvoicesDto, OrderLinkDto } from "@/contract/dto/account";
import { readZatcaQrPayload } from "@/platform/invoices/zatca-qr";
import { issueCreditNote } from "@/platform/invoices/invoices";
import { describeEachDb } from "./helpers/test-db";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { shoppersWithCarts, withSettings } from "./helpers/checkout";
import { newCustomer } from "./helpers/account-api";
import { paymentsHarness, providerPayments } from "./helpers/payments";

/**
 * Saudi simplified tax invoices: issued in the transaction that records an online payment, numbered
 * per tenant without gaps (concurrent payments on PostgreSQL truly overlap), with ZATCA's phase-1
 * QR payload; none for a store without a VAT number or an order not paid yet; credit notes
 * reference their invoice and take the next number.
 */
describeEachDb(
  "tax invoices",
  (t) => {
    const p = paymentsHarness(t);
    const pay = providerPayments(p, t);
    const spa = () => t().spa;

    it("20 card payments settled at once: 20 invoices numbered one after another, each with its order's lines, totals and a QR code that reads back", async () => {
      const salts = await demoProduct(t().db, spa().id, DEMO.salts);
      await t().db.update(products).set({ stock: 100_000 }).where(eq(products.id, salts.id));
      const entries = await shoppersWithCarts(t().db, spa(), 20, (i) => ({ productId: salts.id, priceId: salts.priceId, quantity: 1 + (i % 3) }));
      const paid = await Promise.all(entries.map((e) => pay.paidAt("moyasar", e)));
      const settled = await Promise.all(paid.map((e) => p.callback(e.shopper, e.cartId)));
      expect(settled.map((s) => s.data?.outcome)).toEqual(Array(20).fill("paid"));

      const rows = await t().db.select().from(invoices).where(eq(invoices.tenantId, spa().id));
      const mine = rows.filter((r) => paid.some((e) => e.cartId === r.cartId));
      expect(mine).toHaveLength(20);
      const numbers = mine.map((r) => r.number).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(20);
      expect(numbers[19] - numbers[0], "consecutive: no gap, no repeat").toBe(19);

      // What the customer reads: the invoice of their own order, and its QR code's five fields.
      const [first] = paid;
      const order = (await p.api.call<{ totalAmount: number; taxAmount: number; orderNumber: string }>(spa(), "GET", `cart/${first.cartId}`, { token: first.shopper.token })).data!;
      const docs = await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${first.cartId}/invoice`, { token: first.shopper.token });
      expect(docs.status).toBe(200);
      const invoice = docs.data!.invoice!;
      expect(invoice).toMatchObject({
        kind: "invoice",
        orderNumber: order.orderNumber,
        seller: { name: "شركة رمال للعافية", vatNumber: "310123456700003", crNumber: expect.stringMatching(/^\d{10}$/) },
        buyerName: "Test Shopper",
        vatRate: 15,
        totalAmount: order.totalAmount,
        vatAmount: order.taxAmount,
        paidAmount: order.totalAmount,
        lines: [{ nameAr: "أملاح استحمام بالورد", nameEn: DEMO.salts, quantity: 1, discount: 0 }],
      });
      expect(invoice.number).toMatch(/^INV-\d{6}$/);
      expect(invoice.lines.reduce((s, l) => s + l.total, 0)).toBeCloseTo(invoice.totalAmount, 2);
      expect(readZatcaQrPayload(invoice.qr)).toEqual({
        sellerName: "شركة رمال للعافية",
        vatNumber: "310123456700003",
        timestamp: invoice.issuedAt.replace(/\.\d{3}Z$/, "Z"),
        totalWithVat: invoice.totalAmount.toFixed(2),
        vatTotal: invoice.vatAmount.toFixed(2),
      });

      // The order's link reads the same invoice; another customer, an edited key: 404.
      const key = (await p.api.call<OrderLinkDto>(spa(), "GET", `orders/${first.cartId}/link`, { token: first.shopper.token })).data!.key;
      expect((await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${first.cartId}/shared/${key}/invoice`)).data).toEqual(docs.data);
      expect((await p.api.call(spa(), "GET", `orders/${first.cartId}/shared/${key.slice(0, 31)}${key.endsWith("x") ? "y" : "x"}/invoice`)).status).toBe(404);
      expect((await p.api.call(spa(), "GET", `orders/${first.cartId}/invoice`, { token: (await newCustomer(t().db, spa())).token })).status).toBe(404);

      // A credit note (the order cancelled after payment) references the invoice and takes the next number, once.
      const last = numbers[19];
      await t().db.transaction((tx) => issueCreditNote(tx, spa().id, first.cartId, "cancelled", new Date()));
      await t().db.transaction((tx) => issueCreditNote(tx, spa().id, first.cartId, "cancelled", new Date()));
      const after = (await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${first.cartId}/invoice`, { token: first.shopper.token })).data!;
      expect(after.creditNotes).toHaveLength(1);
      expect(after.creditNotes[0]).toMatchObject({ kind: "credit_note", number: `CRN-${String(last + 1).padStart(6, "0")}`, invoiceNumber: invoice.number, reason: "cancelled", totalAmount: invoice.totalAmount });
      expect(readZatcaQrPayload(after.creditNotes[0].qr).totalWithVat).toBe((-invoice.totalAmount).toFixed(2));
    }, 180_000);

    it("no invoice for an order paid in cash (not paid yet) or by a store without a VAT number; a failed payment takes no number", async () => {
      const salts = await demoProduct(t().db, spa().id, DEMO.salts);
      const cash = await p.saltsCart(1);
      expect((await p.api.submit(spa(), cash.shopper, cash.cart.id)).status).toBe(200);
      expect((await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${cash.cart.id}/invoice`, { token: cash.shopper.token })).data).toEqual({ invoice: null, creditNotes: [] });

      const counted = async () => (await t().db.select({ n: invoices.number }).from(invoices).where(and(eq(invoices.tenantId, spa().id)))).length;
      const before = await counted();
      const restore = await withSettings(t().db, spa(), { vatNumber: null });
      try {
        const [entry] = await shoppersWithCarts(t().db, spa(), 1, () => ({ productId: salts.id, priceId: salts.priceId, quantity: 1 }));
        const paid = await pay.paidAt("moyasar", entry);
        expect((await p.callback(paid.shopper, paid.cartId)).data?.outcome).toBe("paid");
        expect((await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${paid.cartId}/invoice`, { token: paid.shopper.token })).data).toEqual({ invoice: null, creditNotes: [] });
      } finally {
        await restore();
      }
      expect(await counted()).toBe(before);
    }, 60_000);
  },
  { poolSize: 24 },
);
