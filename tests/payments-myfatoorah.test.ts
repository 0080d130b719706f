import { afterEach, beforeEach, expect, it } from "vitest";
import type { ExecuteCartPaymentDto, InitiateSessionDto } from "@/contract/dto/payments";
import { describeEachDb } from "./helpers/test-db";
import { expectCode, withSettings, type Shopper } from "./helpers/checkout";
import { paymentsHarness } from "./helpers/payments";

describeEachDb("payments: MyFatoorah and rekaz-pay embedded card form", (t) => {
  const p = paymentsHarness(t);
  const spa = () => t().spa;
  let restore: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    restore = await withSettings(t().db, spa(), { onlinePaymentProvider: "myfatoorah" });
  });
  afterEach(async () => {
    await restore?.();
  });

  const initiate = (s: Shopper, cartId: string, totalAmount: number, callbackUrl = p.doneUrl(cartId)) =>
    p.api.call<InitiateSessionDto>(
      spa(),
      "POST",
      `payment/initiate-session/${cartId}?${new URLSearchParams({ callbackUrl, totalAmount: String(totalAmount) })}`,
      { token: s.token },
    );

  /** The embedded form's frame posting the card to the provider (never to us). */
  async function submitCard(sessionId: string, number: string) {
    const res = await fetch(`${p.origin()}/sandbox/myfatoorah/cardview/v1/card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        sessionId,
        name: "Test Shopper",
        number,
        month: "12",
        year: String(new Date().getFullYear() + 2),
        cvc: "123",
        networks: "md,v,m",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  const execute = (
    s: Shopper,
    cartId: string,
    sessionId: string,
    urls: { callbackUrl?: string; errorCallbackUrl?: string } = {},
  ) => {
    p.tick();
    const query = new URLSearchParams({
      sessionId,
      cartId,
      callbackUrl: urls.callbackUrl ?? p.doneUrl(cartId),
      errorCallbackUrl: urls.errorCallbackUrl ?? `${p.doneUrl(cartId)}?status=failure`,
    });
    return p.api.call<ExecuteCartPaymentDto>(spa(), "POST", `payment/execute-cart-payment?${query}`, {
      token: s.token,
      body: { checkout: p.checkout(s) },
    });
  };

  it("session, card, execute, 3-D Secure, callback: the order completes once (MADA, paid)", async () => {
    const { shopper, cart } = await p.saltsCart(2);
    const session = await initiate(shopper, cart.id, cart.amountToBePaid);
    expect(session.error).toBeUndefined();
    expect(session.data).toMatchObject({ countryCode: "SAU" });
    await submitCard(session.data!.sessionId, "4201320111111010");
    const executed = await execute(shopper, cart.id, session.data!.sessionId);
    expect(executed.error).toBeUndefined();
    expect(executed.data!.redirectUrl).toMatch(/^http:\/\/spa\.localhost:3000\/sandbox\/myfatoorah\/3ds\//);
    const [attempt] = await p.attemptsOf(cart.id);
    expect(attempt).toMatchObject({
      provider: "myfatoorah",
      method: "CARD",
      state: "pending",
      sessionRef: session.data!.sessionId,
      amount: Math.round(cart.amountToBePaid * 100),
    });

    await p.press(executed.data!.redirectUrl, "authenticate");
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "paid",
      provider: "myfatoorah",
      failureReason: null,
      errorMessageCode: null,
      duplicateRefund: null,
    });
    expect(await p.cartRow(cart.id)).toMatchObject({
      status: "completed",
      paymentMethod: "MADA",
      paymentStatus: "paid",
    });
    expect(await p.paymentsOf(cart.id)).toMatchObject([
      { provider: "myfatoorah", providerPaymentId: attempt.providerRef, method: "MADA", amount: attempt.amount },
    ]);
  });

  it("3-D Secure failed ⇒ failed with the spec's reason; a declined test card fails too", async () => {
    const { shopper, cart } = await p.saltsCart();
    const first = await initiate(shopper, cart.id, cart.amountToBePaid);
    await submitCard(first.data!.sessionId, "4111111111111111");
    await p.press((await execute(shopper, cart.id, first.data!.sessionId)).data!.redirectUrl, "fail");
    const reason = "3-D Secure transaction attempt failed (DECLINED)";
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "failed",
      provider: "myfatoorah",
      failureReason: reason,
      errorMessageCode: reason,
      duplicateRefund: null,
    });

    const second = await initiate(shopper, cart.id, cart.amountToBePaid);
    await submitCard(second.data!.sessionId, "4000000000000010");
    await p.press((await execute(shopper, cart.id, second.data!.sessionId)).data!.redirectUrl, "authenticate");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({
      outcome: "failed",
      errorMessageCode: "INSUFFICIENT_FUNDS",
    });
    expect((await p.cartRow(cart.id)).status).toBe("active");
  });

  it("rekaz-pay speaks the same API with its own account", async () => {
    await withSettings(t().db, spa(), { onlinePaymentProvider: "rekaz-pay" });
    const { shopper, cart } = await p.saltsCart();
    const session = await initiate(shopper, cart.id, cart.amountToBePaid);
    await submitCard(session.data!.sessionId, "4111111111111111");
    await p.press((await execute(shopper, cart.id, session.data!.sessionId)).data!.redirectUrl, "authenticate");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid", provider: "rekaz-pay" });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "VISA" });
  });

  it("refuses: a total that is not the amount to pay, Moyasar as the card provider, foreign URLs, an execute without a card", async () => {
    const { shopper, cart } = await p.saltsCart();
    expectCode(await initiate(shopper, cart.id, cart.amountToBePaid - 1), "SP:PaymentAmountMismatch", 400);
    expectCode(
      await initiate(shopper, cart.id, cart.amountToBePaid, "https://evil.example/done"),
      "SP:InvalidCallbackUrl",
      400,
    );
    const session = await initiate(shopper, cart.id, cart.amountToBePaid);
    expectCode(
      await execute(shopper, cart.id, session.data!.sessionId, { errorCallbackUrl: "ftp://spa.localhost/x" }),
      "SP:InvalidCallbackUrl",
      400,
    );
    expect(await p.attemptsOf(cart.id)).toEqual([]);
    // No card submitted to the session: the provider refuses, the attempt is closed with the code.
    const refused = await execute(shopper, cart.id, session.data!.sessionId);
    expectCode(refused, "CREATE_PAYMENT_SESSION_ERROR", 422);
    // The provider's own words ("The session has no card") stay in the server's log.
    expect(refused.error).toEqual({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      message: "Failed to create payment session",
      details: { provider: "myfatoorah" },
    });
    expect(await p.attemptsOf(cart.id)).toMatchObject([
      { state: "failed", failureReason: "CREATE_PAYMENT_SESSION_ERROR" },
    ]);
    await withSettings(t().db, spa(), { onlinePaymentProvider: "moyasar" });
    expectCode(await initiate(shopper, cart.id, cart.amountToBePaid), "SP:PaymentMethodNotAllowed", 400);
    expectCode(await execute(shopper, cart.id, session.data!.sessionId), "SP:PaymentMethodNotAllowed", 400);
  });
});
