import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { carts, customers } from "@/platform/db/schema";
import type {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
} from "@/contract/dto/payments";
import { describeEachDb } from "./helpers/test-db";
import { expectCode, withSettings } from "./helpers/checkout";
import { paymentsHarness } from "./helpers/payments";

/**
 * The payment endpoints take spec §7's request shapes: Tamara's and Tabby's sessions (reference and
 * the three URLs), Moyasar's payment (token, tokenType, callbackUrl, reference), MyFatoorah's
 * execute (its query only) — no `checkout` body required. Without one, the order names the
 * customer as their record has them (the CustomerInfo step saved it) with the cart's notes; a
 * record without a name is refused before any provider is asked.
 */
/** A session body as spec §7 shapes it: reference and the three URLs. */
const withoutCheckout = ({
  reference,
  success_url,
  cancel_url,
  failure_url,
}: {
  reference: string;
  success_url: string;
  cancel_url: string;
  failure_url: string;
}) => ({ reference, success_url, cancel_url, failure_url });

describeEachDb("payments: the spec's request shapes", (t) => {
  const p = paymentsHarness(t);
  const spa = () => t().spa;

  async function namedCart() {
    const { shopper, cart } = await p.saltsCart();
    await t().db.update(customers).set({ name: "Noura Saleh" }).where(eq(customers.id, shopper.id));
    await t().db.update(carts).set({ bookingNotes: "Leave at the door" }).where(eq(carts.id, cart.id));
    return { shopper, cart };
  }
  const detailsOf = async (cartId: string) =>
    (await p.attemptsOf(cartId)).map((a) => ({
      name: a.details.customerName,
      mobile: a.details.customerMobile,
      notes: a.details.bookingNotes,
    }));

  it("Tabby and Tamara sessions without a checkout body: the order names the saved customer", async () => {
    for (const [provider, path] of [
      ["tabby", "tabby/session"],
      ["tamara", "tamara/cart-session"],
    ] as const) {
      const { shopper, cart } = await namedCart();
      const spec = withoutCheckout(p.payLaterBody(shopper, cart.id, provider));
      p.tick();
      const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", path, { token: shopper.token, body: spec });
      expect(created.error, provider).toBeUndefined();
      expect(created.data!.checkout_url).toMatch(/^http/);
      expect(await detailsOf(cart.id)).toEqual([
        { name: "Noura Saleh", mobile: shopper.mobileNumber, notes: "Leave at the door" },
      ]);
    }
  });

  it("Moyasar's payment and MyFatoorah's execute without a checkout body", async () => {
    const moyasar = await namedCart();
    const token = await p.cardToken("4111111111111111");
    p.tick();
    const paid = await p.api.call<CreatePaymentDto>(spa(), "POST", "payment/moyasar/session", {
      token: moyasar.shopper.token,
      body: { reference: moyasar.cart.id, token, tokenType: "token", callbackUrl: p.doneUrl(moyasar.cart.id) },
    });
    expect(paid.error).toBeUndefined();
    expect(paid.data!.status).toBe("initiated");
    expect(await detailsOf(moyasar.cart.id)).toEqual([
      { name: "Noura Saleh", mobile: moyasar.shopper.mobileNumber, notes: "Leave at the door" },
    ]);

    const restore = await withSettings(t().db, spa(), { onlinePaymentProvider: "myfatoorah" });
    try {
      const { shopper, cart } = await namedCart();
      const initiated = await p.api.call<InitiateSessionDto>(
        spa(),
        "POST",
        `payment/initiate-session/${cart.id}?${new URLSearchParams({ callbackUrl: p.doneUrl(cart.id), totalAmount: String(cart.amountToBePaid) })}`,
        { token: shopper.token },
      );
      const { sessionId } = initiated.data!;
      const card = {
        sessionId,
        name: "Test Shopper",
        number: "4111111111111111",
        month: "12",
        year: String(new Date().getFullYear() + 2),
        cvc: "123",
      };
      expect(
        (
          await fetch(`${p.origin()}/sandbox/myfatoorah/cardview/v1/card`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(card),
          })
        ).status,
      ).toBe(200);
      p.tick();
      const urls = new URLSearchParams({
        sessionId,
        cartId: cart.id,
        callbackUrl: p.doneUrl(cart.id),
        errorCallbackUrl: p.doneUrl(cart.id),
      });
      const executed = await p.api.call<ExecuteCartPaymentDto>(spa(), "POST", `payment/execute-cart-payment?${urls}`, {
        token: shopper.token,
      });
      expect(executed.error).toBeUndefined();
      expect(executed.data!.redirectUrl).toMatch(/^http/);
      expect(await detailsOf(cart.id)).toEqual([
        { name: "Noura Saleh", mobile: shopper.mobileNumber, notes: "Leave at the door" },
      ]);
    } finally {
      await restore();
    }
  });

  it("refuses to start a payment for a customer whose record has no name, before asking the provider", async () => {
    const { shopper, cart } = await p.saltsCart();
    await t().db.update(customers).set({ name: "" }).where(eq(customers.id, shopper.id));
    const spec = withoutCheckout(p.payLaterBody(shopper, cart.id, "tabby"));
    expectCode(
      await p.api.call(spa(), "POST", "tabby/session", { token: shopper.token, body: spec }),
      "SP:ValidationError",
      400,
    );
    expect(await p.attemptsOf(cart.id)).toEqual([]);
  });
});
