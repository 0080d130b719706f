import { expect, it, vi } from "vitest";
import type { CartDto } from "@/contract/dto/cart";
import type { PaymentProvider } from "@/platform/db/schema";
import { gatewayOf, providerConfig } from "@/platform/payments/gateways";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { withSettings } from "./helpers/checkout";
import { paymentsHarness, providerPayments } from "./helpers/payments";
import { describeEachDb } from "./helpers/test-db";

/**
 * A refund whose answer is lost — the provider refunded, then the connection broke — is read back
 * at the provider rather than given back for another attempt: the cancellation ends refunded, and
 * a retry never refunds twice. A refund the provider never received is given back and made on the
 * retry, once. At every provider, through its sandbox.
 */
describeEachDb("refunds: an answer lost after the provider refunded", (t) => {
  const p = paymentsHarness(t);
  const pay = providerPayments(p, t);
  const spa = () => t().spa;

  /** A provider's refund call, as each client sends it. */
  const isRefund = (url: string, init?: RequestInit) =>
    init?.method === "POST" && /\/refunds?$|\/MakeRefund$|\/simplified-refund\//.test(url);

  /**
   * Breaks the connection of the next refund call: after the provider has done it (`after`), or
   * before it reaches the provider. Counts the refund calls sent meanwhile.
   */
  function breakNextRefund(when: "after" | "before") {
    const realFetch = globalThis.fetch;
    const sent: string[] = [];
    let broken = false;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!isRefund(url, init)) return realFetch(input, init);
      if (!broken && when === "before") {
        broken = true;
        throw new TypeError("fetch failed");
      }
      sent.push(url);
      const res = await realFetch(input, init);
      if (broken) return res;
      broken = true;
      await res.text();
      throw new TypeError("fetch failed");
    });
    return { sent, restore: () => spy.mockRestore() };
  }

  let day = 12;

  /** Two booked massages (on a day of their own) paid at `provider` and settled. */
  async function bookedAndPaid(provider: PaymentProvider) {
    const massage = await demoProduct(t().db, spa().id, DEMO.massage);
    const on = day++;
    const { shopper, cart } = await p.api.cartWith(spa(), [
      { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, on, 10) },
      { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, on, 15) },
    ]);
    const paid = await pay.paidAt(provider, { shopper, cartId: cart.id });
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
    const order = (await p.api.call<CartDto>(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
    const cfg = (await providerConfig(t().db, spa().id, provider)).cfg;
    return {
      order,
      cancel: (itemId: string) =>
        p.api.call<CartDto>(spa(), "POST", `orders/${cart.id}/items/${itemId}/cancel`, { token: shopper.token }),
      refundedAtProvider: async () => (await gatewayOf(provider).refunded(cfg, paid.providerRef)).total,
    };
  }

  const withCardProvider = async (provider: PaymentProvider, fn: () => Promise<void>) => {
    const restore = await withSettings(t().db, spa(), {
      onlinePaymentProvider: provider === "myfatoorah" ? "myfatoorah" : "moyasar",
    });
    try {
      await fn();
    } finally {
      await restore();
    }
  };

  it.each(["moyasar", "myfatoorah", "tabby", "tamara"] as const)(
    "%s: refunded, then the connection broke: the booking ends cancelled and refunded; a retry sends nothing and the provider refunded once",
    (provider) =>
      withCardProvider(provider, async () => {
        const { order, cancel, refundedAtProvider } = await bookedAndPaid(provider);
        const [first] = order.cartItems;
        const lineTotal = Math.round(first.amountWithTax * 100);
        const broken = breakNextRefund("after");
        let lost, retried;
        try {
          lost = await cancel(first.id);
          retried = await cancel(first.id);
        } finally {
          broken.restore();
        }
        // The provider refunded the line once, whatever the platform answered.
        expect(await refundedAtProvider()).toBe(lineTotal);
        expect(broken.sent).toHaveLength(1);
        // The lost answer was read back at the provider: cancelled and refunded, not given back.
        expect(lost.status).toBe(200);
        expect(lost.data!.cartItems[0]).toMatchObject({ refundedAmount: first.amountWithTax });
        expect(lost.data!.cartItems[0].cancelledAt).not.toBeNull();
        expect(retried.status).toBe(200);
        expect(retried.data!.cartItems[0]).toMatchObject({
          refundedAmount: first.amountWithTax,
          cancelledAt: lost.data!.cartItems[0].cancelledAt,
        });
      }),
    60_000,
  );

  it("a duplicate payment given back, its refund's answer lost: the attempt ends refunded, given back once", async () => {
    const { shopper, cart } = await p.saltsCart();
    // Tab one reaches 3-D Secure; tab two starts another payment, which supersedes it; both are then authenticated.
    const one = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    const two = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("5105105105105100") });
    await p.press(one.data!.redirectUrl!, "authenticate");
    await p.press(two.data!.redirectUrl!, "authenticate");
    const broken = breakNextRefund("after");
    try {
      expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid" });
      await p.callback(shopper, cart.id);
    } finally {
      broken.restore();
    }
    expect(broken.sent).toHaveLength(1);
    const cfg = (await providerConfig(t().db, spa().id, "moyasar")).cfg;
    const taken = await gatewayOf("moyasar").verify(cfg, one.data!.paymentId!, { amount: 0, currency: "SAR" });
    expect(await gatewayOf("moyasar").refunded(cfg, one.data!.paymentId!)).toMatchObject({ total: taken.amount });
    expect((await p.attemptsOf(cart.id)).map((a) => a.state).sort()).toEqual(["paid", "refunded"]);
  }, 60_000);

  it.each(["moyasar", "tabby"] as const)(
    "%s: the connection broke before the provider got the refund: the claim is given back, and the retry refunds once",
    (provider) =>
      withCardProvider(provider, async () => {
        const { order, cancel, refundedAtProvider } = await bookedAndPaid(provider);
        const [first] = order.cartItems;
        const broken = breakNextRefund("before");
        try {
          const down = await cancel(first.id);
          expect(down.status).toBe(503);
          expect(await refundedAtProvider()).toBe(0);
          const retried = await cancel(first.id);
          expect(retried.status).toBe(200);
          expect(retried.data!.cartItems[0]).toMatchObject({ refundedAmount: first.amountWithTax });
          expect(broken.sent).toHaveLength(1);
        } finally {
          broken.restore();
        }
        expect(await refundedAtProvider()).toBe(Math.round(first.amountWithTax * 100));
      }),
    60_000,
  );
});
