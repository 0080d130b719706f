import { expect, it } from "vitest";
import { SignJWT } from "jose";
import type { PayLaterSessionDto, SettlementDto } from "@/lib/platform-client/types";
import { describeEachDb } from "./helpers/test-db";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { paymentsHarness } from "./helpers/payments";

const TIMES = 10;

// Enough PostgreSQL connections for ten settlements to truly overlap (each holds one while it waits for the attempt's lock).
describeEachDb(
  "payments: one settlement, however many callbacks and webhooks at once",
  (t) => {
    const p = paymentsHarness(t);
    const spa = () => t().spa;
    const moyasarWebhook = (paymentId: string) =>
      p.api.call(spa(), "POST", "payment/webhooks/moyasar", { body: { id: crypto.randomUUID(), type: "payment_paid", secret_token: "whsec_moyasar_rimal", live: false, data: { id: paymentId } } });
    const salts = () => demoProduct(t().db, spa().id, DEMO.salts);

    /** A card paid at the provider (3-D Secure passed), not yet settled by us. */
    async function paidAtMoyasar(quantity: number) {
      const { shopper, cart } = await p.saltsCart(quantity);
      const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
      await p.press(created.data!.redirectUrl!, "authenticate");
      return { shopper, cart, paymentId: created.data!.paymentId! };
    }

    /** Exactly one completion: one payments row, the order completed with one number, the stock taken once. */
    async function expectOneCompletion(cartId: string, productId: string, stockBefore: number | null, quantity: number) {
      expect(await p.paymentsOf(cartId)).toHaveLength(1);
      expect((await p.attemptsOf(cartId)).map((a) => a.state)).toEqual(["paid"]);
      const order = await p.cartRow(cartId);
      expect(order).toMatchObject({ status: "completed", paymentStatus: "paid" });
      expect(order.orderNumber).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect(await p.stockOf(productId)).toBe(stockBefore! - quantity);
    }

    it(`${TIMES} callbacks at once: one payments row, one completion, ${TIMES} identical answers`, async () => {
      const product = await salts();
      const { shopper, cart } = await paidAtMoyasar(2);
      const before = await p.stockOf(product.id);
      const answers = await Promise.all(Array.from({ length: TIMES }, () => p.callback(shopper, cart.id)));
      const paid: SettlementDto = { outcome: "paid", provider: "moyasar", failureReason: null, errorMessageCode: null };
      for (const a of answers) expect({ status: a.status, data: a.data }).toEqual({ status: 200, data: paid });
      await expectOneCompletion(cart.id, product.id, before, 2);
    });

    it(`${TIMES} webhooks at once, and then callbacks and webhooks mixed: one completion each`, async () => {
      const product = await salts();
      const first = await paidAtMoyasar(1);
      let before = await p.stockOf(product.id);
      const hooks = await Promise.all(Array.from({ length: TIMES }, () => moyasarWebhook(first.paymentId)));
      for (const h of hooks) expect({ status: h.status, body: await h.res.json() }).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
      await expectOneCompletion(first.cart.id, product.id, before, 1);

      const second = await paidAtMoyasar(3);
      before = await p.stockOf(product.id);
      const mixed = await Promise.all(
        Array.from({ length: TIMES }, async (_, i) => {
          if (i % 2 === 0) return (await p.callback(second.shopper, second.cart.id)).data?.outcome;
          return ((await (await moyasarWebhook(second.paymentId)).res.json()) as { outcome: string }).outcome;
        }),
      );
      expect(mixed).toEqual(Array(TIMES).fill("paid"));
      await expectOneCompletion(second.cart.id, product.id, before, 3);
    });

    it(`a Tamara approval notified ${TIMES} times at once is authorised and completed once`, async () => {
      const product = await salts();
      const { shopper, cart } = await p.saltsCart(1);
      const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", "tamara/cart-session", { token: shopper.token, body: p.payLaterBody(shopper, cart.id, "tamara") });
      await p.press(created.data!.checkout_url, "approve");
      const [attempt] = await p.attemptsOf(cart.id);
      const before = await p.stockOf(product.id);
      const jwt = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(new TextEncoder().encode("tamara_notification_rimal"));
      const body = { order_id: attempt.providerRef, order_reference_id: attempt.id, event_type: "order_approved", data: {} };
      const answers = await Promise.all(Array.from({ length: TIMES }, () => p.api.call(spa(), "POST", `payment/webhooks/tamara?tamaraToken=${jwt}`, { body })));
      for (const a of answers) expect(await a.res.json()).toEqual({ received: true, outcome: "paid" });
      await expectOneCompletion(cart.id, product.id, before, 1);
      expect(await p.cartRow(cart.id)).toMatchObject({ paymentMethod: "TAMARA" });
    });

    it("two paid attempts for one cart: the first completes it, the second is refused (SP:CartAlreadyCompleted) and its money kept for a refund", async () => {
      const { shopper, cart } = await p.saltsCart(1);
      const one = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
      const two = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("5105105105105100") });
      await p.press(one.data!.redirectUrl!, "authenticate");
      await p.press(two.data!.redirectUrl!, "authenticate");
      await Promise.all([moyasarWebhook(one.data!.paymentId!), moyasarWebhook(two.data!.paymentId!), p.callback(shopper, cart.id)]);
      const states = (await p.attemptsOf(cart.id)).map((a) => `${a.state}:${a.failureReason ?? ""}`).sort();
      expect(states).toEqual(["paid:", "refused:SP:CartAlreadyCompleted"]);
      expect(await p.paymentsOf(cart.id)).toHaveLength(2);
      expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
    });
  },
  { poolSize: 14 },
);
