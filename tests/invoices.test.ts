import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { invoices, products } from "@/platform/db/schema";
import type { OrderInvoicesDto, OrderLinkDto } from "@/contract/dto/account";
import type { CartDto } from "@/contract/dto/cart";
import { readZatcaQrPayload } from "@/platform/invoices/zatca-qr";
import { issueCreditNote } from "@/platform/invoices/invoices";
import { recordOfflinePayment } from "@/platform/services/record-payment";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { shoppersWithCarts, withSettings } from "./helpers/checkout";
import { newCustomer } from "./helpers/account-api";
import { paymentsHarness, pointAccountsAt, providerPayments } from "./helpers/payments";

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
      const entries = await shoppersWithCarts(t().db, spa(), 20, (i) => ({
        productId: salts.id,
        priceId: salts.priceId,
        quantity: 1 + (i % 3),
      }));
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
      const order = (
        await p.api.call<{ totalAmount: number; taxAmount: number; orderNumber: string }>(
          spa(),
          "GET",
          `cart/${first.cartId}`,
          { token: first.shopper.token },
        )
      ).data!;
      const docs = await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${first.cartId}/invoice`, {
        token: first.shopper.token,
      });
      expect(docs.status).toBe(200);
      const invoice = docs.data!.invoice!;
      expect(invoice).toMatchObject({
        kind: "invoice",
        orderNumber: order.orderNumber,
        seller: {
          name: "شركة رمال للعافية",
          vatNumber: "310123456700003",
          crNumber: expect.stringMatching(/^\d{10}$/),
        },
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
      const key = (
        await p.api.call<OrderLinkDto>(spa(), "GET", `orders/${first.cartId}/link`, { token: first.shopper.token })
      ).data!.key;
      expect(
        (await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${first.cartId}/shared/${key}/invoice`)).data,
      ).toEqual(docs.data);
      expect(
        (
          await p.api.call(
            spa(),
            "GET",
            `orders/${first.cartId}/shared/${key.slice(0, 31)}${key.endsWith("x") ? "y" : "x"}/invoice`,
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await p.api.call(spa(), "GET", `orders/${first.cartId}/invoice`, {
            token: (await newCustomer(t().db, spa())).token,
          })
        ).status,
      ).toBe(404);

      // A credit note (the order cancelled after payment) references the invoice and takes the next number, once.
      const last = numbers[19];
      await t().db.transaction((tx) => issueCreditNote(tx, spa().id, first.cartId, "cancelled", new Date()));
      await t().db.transaction((tx) => issueCreditNote(tx, spa().id, first.cartId, "cancelled", new Date()));
      const after = (
        await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${first.cartId}/invoice`, {
          token: first.shopper.token,
        })
      ).data!;
      expect(after.creditNotes).toHaveLength(1);
      expect(after.creditNotes[0]).toMatchObject({
        kind: "credit_note",
        number: `CRN-${String(last + 1).padStart(6, "0")}`,
        invoiceNumber: invoice.number,
        reason: "cancelled",
        totalAmount: invoice.totalAmount,
      });
      expect(readZatcaQrPayload(after.creditNotes[0].qr).totalWithVat).toBe((-invoice.totalAmount).toFixed(2));
    }, 180_000);

    it("no invoice for an order paid in cash (not paid yet) or by a store without a VAT number; a failed payment takes no number", async () => {
      const salts = await demoProduct(t().db, spa().id, DEMO.salts);
      const cash = await p.saltsCart(1);
      expect((await p.api.submit(spa(), cash.shopper, cash.cart.id)).status).toBe(200);
      expect(
        (
          await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${cash.cart.id}/invoice`, {
            token: cash.shopper.token,
          })
        ).data,
      ).toEqual({ invoice: null, creditNotes: [] });

      const counted = async () =>
        (
          await t()
            .db.select({ n: invoices.number })
            .from(invoices)
            .where(and(eq(invoices.tenantId, spa().id)))
        ).length;
      const before = await counted();
      const restore = await withSettings(t().db, spa(), { vatNumber: null });
      try {
        const paid = await pay.paidOrderOf(salts);
        expect(
          (
            await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${paid.cartId}/invoice`, {
              token: paid.shopper.token,
            })
          ).data,
        ).toEqual({ invoice: null, creditNotes: [] });
      } finally {
        await restore();
      }
      expect(await counted()).toBe(before);
    }, 60_000);

    it("a card-paid order's bookings cancelled one by one: each line's share refunded at the provider once, a credit note per line against the invoice, the order refunded at the last", async () => {
      const massage = await demoProduct(t().db, spa().id, DEMO.massage);
      const { shopper, cart } = await p.api.cartWith(spa(), [
        { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, 12, 10) },
        { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, 12, 15) },
      ]);
      const paid = await pay.paidAt("moyasar", { shopper, cartId: cart.id });
      expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
      const order = (await p.api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      const ledger = () =>
        fetch(`${p.origin()}/sandbox/moyasar/v1/payments/${paid.providerRef}`, {
          headers: { authorization: `Basic ${Buffer.from("sk_test_rimal_sandbox:").toString("base64")}` },
        }).then((r) => r.json() as Promise<{ status: string; refunded: number; amount: number }>);
      const cancel = (itemId: string) =>
        p.api.call<CartDto>(spa(), "POST", `orders/${cart.id}/items/${itemId}/cancel`, { token: shopper.token });

      const [first, second] = order.cartItems;
      // The provider does not answer: nothing is cancelled, the booking and its money stay.
      await pointAccountsAt(t().db, spa(), "http://127.0.0.1:9");
      try {
        const down = await cancel(first.id);
        expect(down.status).toBeGreaterThanOrEqual(500);
        expect(JSON.stringify(down.error)).not.toMatch(/at .*\.ts:\d+/);
      } finally {
        await pointAccountsAt(t().db, spa(), p.origin());
      }
      expect(
        (await p.api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!.cartItems[0],
      ).toMatchObject({ cancelledAt: null, refundedAmount: 0 });
      expect((await ledger()).refunded).toBe(0);

      // Tapped three times at once: one refund of the first line's total.
      const taps = await Promise.all([cancel(first.id), cancel(first.id), cancel(first.id)]);
      expect(taps.map((a) => a.status)).toEqual([200, 200, 200]);
      const lineTotal = Math.round(first.amountWithTax * 100);
      expect(taps[0].data!.cartItems[0].refundedAmount).toBe(first.amountWithTax);
      expect(taps[0].data!.paymentStatus).toBe("paid");
      expect((await ledger()).refunded).toBe(lineTotal);
      let docs = (
        await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${cart.id}/invoice`, { token: shopper.token })
      ).data!;
      expect(docs.creditNotes).toHaveLength(1);
      expect(docs.creditNotes[0]).toMatchObject({
        invoiceNumber: docs.invoice!.number,
        reason: "cancelled",
        totalAmount: first.amountWithTax,
        paidAmount: first.amountWithTax,
        lines: [{ nameEn: DEMO.massage }],
      });
      expect(readZatcaQrPayload(docs.creditNotes[0].qr).totalWithVat).toBe((-first.amountWithTax).toFixed(2));

      // The last line: the rest of the payment, to the halala; the order is refunded.
      const last = await cancel(second.id);
      expect(last.data!).toMatchObject({
        paymentStatus: "refunded",
        cartItems: [
          { refundedAmount: first.amountWithTax },
          { refundedAmount: order.totalAmount - first.amountWithTax },
        ],
      });
      expect(await ledger()).toMatchObject({ status: "refunded", refunded: Math.round(order.totalAmount * 100) });
      docs = (await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${cart.id}/invoice`, { token: shopper.token }))
        .data!;
      expect(docs.creditNotes.map((n) => n.totalAmount)).toEqual([first.amountWithTax, second.amountWithTax]);
      // Asked for the whole order afterwards: every line is credited already, nothing more.
      await t().db.transaction((tx) => issueCreditNote(tx, spa().id, cart.id, "refunded", new Date()));
      expect(
        (await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${cart.id}/invoice`, { token: shopper.token })).data!
          .creditNotes,
      ).toHaveLength(2);
    }, 60_000);

    it("a cash or bank-transfer order the store records as paid (operator CLI): paid once, its invoice issued then; an order paid online is refused", async () => {
      const cash = await p.saltsCart(2);
      const placed = (await p.api.submit(spa(), cash.shopper, cash.cart.id)).data!;
      expect(placed.paymentStatus).toBe("pay_on_site");
      const [first, again] = [
        await recordOfflinePayment(t().db, "spa", placed.orderNumber!.toLowerCase()),
        await recordOfflinePayment(t().db, "spa", placed.orderNumber!),
      ];
      expect(first).toMatchObject({
        orderNumber: placed.orderNumber,
        alreadyPaid: false,
        total: placed.totalAmount,
        invoiced: true,
      });
      expect(again).toMatchObject({ alreadyPaid: true, invoiced: false });
      const docs = (
        await p.api.call<OrderInvoicesDto>(spa(), "GET", `orders/${cash.cart.id}/invoice`, {
          token: cash.shopper.token,
        })
      ).data!;
      expect(docs.invoice).toMatchObject({
        totalAmount: placed.totalAmount,
        paidAmount: placed.totalAmount,
        lines: [{ nameEn: DEMO.salts, quantity: 2 }],
      });
      expect(docs.creditNotes).toEqual([]);
      expect(
        (await p.api.call<CartDto>(spa(), "GET", `cart/${cash.cart.id}`, { token: cash.shopper.token })).data!
          .paymentStatus,
      ).toBe("paid");

      const salts = await demoProduct(t().db, spa().id, DEMO.salts);
      const online = await pay.paidOrderOf(salts);
      const onlineOrder = (await p.cartRow(online.cartId)).orderNumber!;
      await expect(recordOfflinePayment(t().db, "spa", onlineOrder)).rejects.toMatchObject({
        code: "SP:PaymentNotRecordable",
      });
      await expect(recordOfflinePayment(t().db, "spa", "NOSUCH")).rejects.toMatchObject({ code: "SP:EntityNotFound" });
    }, 60_000);
  },
  { poolSize: 24 },
);
