import { describe, expect, it } from "vitest";
import type { PayLaterSessionDto } from "@/contract/dto/payments";
import type { Db } from "@/platform/db/client";
import type { PaymentProvider } from "@/platform/db/schema";
import { gatewayOf, providerConfig } from "@/platform/payments/gateways";
import { SPA_PAYMENT_ACCOUNTS } from "@/platform/seed/demo-payments";
import { withSettings } from "./helpers/checkout";
import { paymentsHarness, pointAccountsAt, providerPayments, type PaidAtProvider } from "./helpers/payments";
import { describeEachDb } from "./helpers/test-db";

/**
 * Each provider's documented lifecycle through its sandbox, as the platform drives it: the money
 * is taken when the payment settles (Tabby and Tamara captured at authorisation), given back in
 * part and in full (never more than was taken), and released before it settles where the provider
 * has such a call.
 */
describeEachDb("payments: capture, refund and void at every provider", (t) => {
  const p = paymentsHarness(t);
  const pay = providerPayments(p, t);
  const spa = () => t().spa;
  const db = (): Db => t().db;
  const cfg = async (provider: PaymentProvider) => (await providerConfig(db(), spa().id, provider)).cfg;

  /** The provider's own record of a payment, read with the account's secret key. */
  async function atProvider(provider: "tabby" | "tamara", ref: string) {
    const path = provider === "tabby" ? `/sandbox/tabby/api/v2/payments/${ref}` : `/sandbox/tamara/orders/${ref}`;
    const res = await fetch(`${p.origin()}${path}`, {
      headers: { authorization: `Bearer ${SPA_PAYMENT_ACCOUNTS[provider]!.secretKey}` },
    });
    return (await res.json()) as { status: string; captures?: { amount: string }[]; refunds?: { amount: string }[] };
  }

  /** A shopper's cart paid at `provider` and settled by the done page's callback. */
  async function settledAt(provider: PaymentProvider): Promise<PaidAtProvider & { amount: number }> {
    const { shopper, cart } = await p.saltsCart(2);
    const paid = await pay.paidAt(provider, { shopper, cartId: cart.id });
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid" });
    const [attempt] = await p.attemptsOf(cart.id);
    return { ...paid, amount: attempt.amount };
  }

  const withCardProvider = async <T>(provider: "moyasar" | "myfatoorah", fn: () => Promise<T>) => {
    const restore = await withSettings(db(), spa(), { onlinePaymentProvider: provider });
    try {
      return await fn();
    } finally {
      await restore();
    }
  };

  it("Tabby: settling an AUTHORIZED payment captures all of it; Tabby's payment ends CLOSED with one capture and the order is paid", async () => {
    const paid = await settledAt("tabby");
    expect(await atProvider("tabby", paid.providerRef)).toMatchObject({
      status: "CLOSED",
      captures: [{ amount: (paid.amount / 100).toFixed(2) }],
      refunds: [],
    });
    expect(await p.paymentsOf(paid.cartId)).toMatchObject([{ provider: "tabby", status: "paid", amount: paid.amount }]);
    // The return and a webhook at once after that: still one capture, one payment.
    await Promise.all([p.callback(paid.shopper, paid.cartId), pay.webhook(paid)]);
    expect((await atProvider("tabby", paid.providerRef)).captures).toHaveLength(1);
    expect(await p.paymentsOf(paid.cartId)).toHaveLength(1);
  });

  it("Tabby: a payment closed without any capture is a cancellation, not a payment", async () => {
    const { shopper, cart } = await p.saltsCart();
    const paid = await pay.paidAt("tabby", { shopper, cartId: cart.id });
    await gatewayOf("tabby").void!(await cfg("tabby"), paid.providerRef, 0);
    expect(await atProvider("tabby", paid.providerRef)).toMatchObject({ status: "CLOSED", captures: [] });
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "cancelled" });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "active", paymentStatus: "unpaid" });
    expect(await p.paymentsOf(cart.id)).toEqual([]);
  });

  it("Tamara: settling captures at authorisation; an account that captures at fulfilment keeps it authorised, and cancelling releases it", async () => {
    const paid = await settledAt("tamara");
    expect(await atProvider("tamara", paid.providerRef)).toMatchObject({ status: "fully_captured" });
    expect(await p.paymentsOf(paid.cartId)).toMatchObject([{ provider: "tamara", status: "paid" }]);

    await pointAccountsAt(db(), spa(), p.origin(), {
      ...SPA_PAYMENT_ACCOUNTS,
      tamara: { ...SPA_PAYMENT_ACCOUNTS.tamara!, captureOn: "fulfilment" },
    });
    try {
      const later = await settledAt("tamara");
      expect(await atProvider("tamara", later.providerRef)).toMatchObject({ status: "authorised" });
      expect(await p.paymentsOf(later.cartId)).toMatchObject([{ status: "authorized" }]);
      const c = await cfg("tamara");
      await gatewayOf("tamara").void!(c, later.providerRef, later.amount);
      expect(
        await gatewayOf("tamara").verify(c, later.providerRef, { amount: later.amount, currency: "SAR" }),
      ).toMatchObject({ status: "cancelled" });
    } finally {
      await pointAccountsAt(db(), spa(), p.origin());
    }
  });

  it.each(["moyasar", "myfatoorah", "tabby", "tamara"] as const)(
    "%s: refunds in part and in the rest, never more than was taken",
    async (provider) => {
      await withCardProvider(provider === "myfatoorah" ? "myfatoorah" : "moyasar", async () => {
        const paid = await settledAt(provider);
        const gateway = gatewayOf(provider);
        const c = await cfg(provider);
        expect(await gateway.refund(c, paid.providerRef, 1000, "one jar broke", "jar")).toMatchObject({
          refundId: expect.any(String),
          amount: 1000,
        });
        await expect(
          gateway.refund(c, paid.providerRef, paid.amount - 1000 + 1, "too much", "too-much"),
        ).rejects.toMatchObject({
          code: "SP:RefundRefused",
        });
        expect(await gateway.refunded(c, paid.providerRef)).toMatchObject({ total: 1000 });
        expect(await gateway.refund(c, paid.providerRef, paid.amount - 1000, "the rest", "rest")).toMatchObject({
          amount: paid.amount - 1000,
        });
        await expect(gateway.refund(c, paid.providerRef, 1, "again", "again")).rejects.toMatchObject({
          code: "SP:RefundRefused",
        });
        // What the provider gave back, read from it: the total, and the keys where its API keeps them.
        const seen = await gateway.refunded(c, paid.providerRef);
        expect(seen.total).toBe(paid.amount);
        expect([...seen.keys].sort()).toEqual(provider === "tabby" || provider === "tamara" ? ["jar", "rest"] : []);
        if (provider !== "myfatoorah") {
          // Refunded in full, the provider reads the payment as given back.
          expect(await gateway.verify(c, paid.providerRef, { amount: paid.amount, currency: "SAR" })).toMatchObject({
            status: "cancelled",
          });
        }
      });
    },
  );

  it("moyasar: a paid payment is voided the same day and then can be neither refunded nor voided again", async () => {
    const paid = await settledAt("moyasar");
    const gateway = gatewayOf("moyasar");
    const c = await cfg("moyasar");
    await gateway.void!(c, paid.providerRef, paid.amount);
    expect(await gateway.verify(c, paid.providerRef, { amount: paid.amount, currency: "SAR" })).toMatchObject({
      status: "cancelled",
    });
    await expect(gateway.void!(c, paid.providerRef, paid.amount)).rejects.toMatchObject({ code: "SP:RefundRefused" });
    await expect(gateway.refund(c, paid.providerRef, 100, "after void", "after-void")).rejects.toMatchObject({
      code: "SP:RefundRefused",
    });
  });

  it("MyFatoorah: an invoice paid twice (DuplicatePayment) completes the order once, by return and by webhook", async () => {
    await withCardProvider("myfatoorah", async () => {
      const { shopper, cart } = await p.saltsCart();
      const paid = await pay.paidAt("myfatoorah", { shopper, cartId: cart.id });
      const [attempt] = await p.attemptsOf(cart.id);
      // The shopper's second tab pays the same invoice again: MyFatoorah then says DuplicatePayment.
      const page = `${p.origin()}/sandbox/myfatoorah/3ds/${attempt.providerRef}`;
      await p.press(page, "payAgain");
      const state = await gatewayOf("myfatoorah").verify(await cfg("myfatoorah"), paid.providerRef, {
        amount: attempt.amount,
        currency: "SAR",
      });
      expect(state).toMatchObject({ status: "paid", amount: attempt.amount });
      const answers = await Promise.all([
        p.callback(shopper, cart.id),
        p.callback(shopper, cart.id),
        pay.webhook(paid),
      ]);
      expect(answers[0].data).toMatchObject({ outcome: "paid" });
      expect(answers[1].data).toMatchObject({ outcome: "paid" });
      expect(answers[2]).toMatchObject({ status: 200, body: { outcome: "paid" } });
      expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentStatus: "paid" });
      expect(await p.paymentsOf(cart.id)).toHaveLength(1);
    });
  });

  describe("one live attempt per cart", () => {
    const ledger = async (paymentId: string) => {
      const res = await fetch(`${p.origin()}/sandbox/moyasar/v1/payments/${paymentId}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${SPA_PAYMENT_ACCOUNTS.moyasar!.secretKey}:`).toString("base64")}`,
        },
      });
      return (await res.json()) as { status: string; amount: number; refunded: number };
    };

    it("3-D Secure abandoned in one tab, paid in a second: finishing the first later refunds it at once, and the done page says so", async () => {
      const { shopper, cart } = await p.saltsCart();
      const first = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
      const second = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("5105105105105100") });
      expect((await p.attemptsOf(cart.id)).map((a) => a.state).sort()).toEqual(["pending", "superseded"]);
      await p.press(second.data!.redirectUrl!, "authenticate");
      expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid", duplicateRefund: null });
      // The first tab's 3-D Secure page, finished after the order was paid.
      await p.press(first.data!.redirectUrl!, "authenticate");
      const settled = (await p.callback(shopper, cart.id)).data!;
      const taken = await ledger(first.data!.paymentId!);
      expect(taken).toMatchObject({ status: "refunded" });
      expect(taken.refunded).toBe(taken.amount);
      expect(settled).toMatchObject({ outcome: "paid", duplicateRefund: taken.amount / 100 });
      expect(await ledger(second.data!.paymentId!)).toMatchObject({ status: "paid", refunded: 0 });
      expect(await p.paymentsOf(cart.id)).toHaveLength(1);
      // Settling again gives nothing back twice.
      await Promise.all([p.callback(shopper, cart.id), p.callback(shopper, cart.id)]);
      expect((await ledger(first.data!.paymentId!)).refunded).toBe(taken.amount);
    });

    it("Tabby started three times: only the newest is live; an older one approved anyway is closed without a capture", async () => {
      const { shopper, cart } = await p.saltsCart();
      const pages: string[] = [];
      for (let i = 0; i < 3; i++) {
        p.tick();
        const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", "tabby/session", {
          token: shopper.token,
          body: p.payLaterBody(shopper, cart.id, "tabby"),
        });
        pages.push(created.data!.checkout_url);
      }
      const attempts = await p.attemptsOf(cart.id);
      expect(attempts.map((a) => a.state).sort()).toEqual(["pending", "superseded", "superseded"]);
      const oldest = [...attempts].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
      await p.press(pages[0], "approve");
      await p.press(pages[2], "approve");
      expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid" });
      expect(await atProvider("tabby", oldest.providerRef!)).toMatchObject({ status: "CLOSED", captures: [] });
      expect(await p.paymentsOf(cart.id)).toHaveLength(1);
    });

    it("cash completing the cart releases an open card attempt; money it takes afterwards is given back", async () => {
      const { shopper, cart } = await p.saltsCart();
      const card = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
      const cash = await p.api.call(spa(), "POST", `cart/${cart.id}/submit`, {
        token: shopper.token,
        body: { paymentMethod: "CASH", customer: { name: "Test Shopper", mobileNumber: shopper.mobileNumber } },
      });
      expect(cash.status, JSON.stringify(cash.error)).toBe(200);
      expect((await p.attemptsOf(cart.id))[0]).toMatchObject({ state: "superseded" });
      await p.press(card.data!.redirectUrl!, "authenticate");
      expect((await p.callback(shopper, cart.id)).data).toMatchObject({
        outcome: "cancelled",
        duplicateRefund: expect.any(Number),
      });
      expect(await ledger(card.data!.paymentId!)).toMatchObject({ status: "refunded" });
    });
  });
});
