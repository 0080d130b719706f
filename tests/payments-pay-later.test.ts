import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { customers, paymentAttempts } from "@/platform/db/schema";
import type { PayLaterSessionDto, TabbyEligibilityDto } from "@/contract/dto/payments";
import { describeEachDb } from "./helpers/test-db";
import { DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { expectCode, withSettings } from "./helpers/checkout";
import { paymentsHarness } from "./helpers/payments";

const REJECTED_PHONE = "+966500000002";
const TABBY_SORRY = "Sorry, Tabby is unable to approve this purchase. Please use another payment method.";

describeEachDb("payments: Tabby and Tamara", (t) => {
  const p = paymentsHarness(t);
  const spa = () => t().spa;
  const session = (
    provider: "tabby" | "tamara",
    s: { token: string; mobileNumber: string; id: string },
    cartId: string,
    host?: string,
  ) =>
    p.tick() &&
    p.api.call<PayLaterSessionDto>(spa(), "POST", provider === "tabby" ? "tabby/session" : "tamara/cart-session", {
      token: s.token,
      body: p.payLaterBody(s, cartId, provider, host),
    });
  const eligibility = (s: { token: string }, cartId: string, locale = "en") =>
    p.api.call<TabbyEligibilityDto>(spa(), "POST", "tabby/test-customer-eligibility", {
      token: s.token,
      body: { cartId },
      locale,
    });
  const withMobile = async (customerId: string, mobileNumber: string) =>
    t().db.update(customers).set({ mobileNumber }).where(eq(customers.id, customerId));

  it("Tabby eligibility takes the storefront's return addresses when given, on the store's own hosts only", async () => {
    const { shopper, cart } = await p.saltsCart(1);
    const urls = p.payLaterBody(shopper, cart.id, "tabby");
    const own = {
      cartId: cart.id,
      success_url: urls.success_url,
      cancel_url: urls.cancel_url,
      failure_url: urls.failure_url,
    };
    const ok = await p.api.call<TabbyEligibilityDto>(spa(), "POST", "tabby/test-customer-eligibility", {
      token: shopper.token,
      body: own,
    });
    expect(ok.data).toEqual({ eligible: true, rejectionReason: null, message: null });
    const foreign = { ...own, failure_url: "https://evil.example/done" };
    expectCode(
      await p.api.call(spa(), "POST", "tabby/test-customer-eligibility", { token: shopper.token, body: foreign }),
      "SP:InvalidCallbackUrl",
      400,
    );
  });

  it("Tabby: eligible, hosted page approved, callback completes the order for the full total (TABBY, paid)", async () => {
    const { shopper, cart } = await p.saltsCart(2);
    expect((await eligibility(shopper, cart.id)).data).toEqual({
      eligible: true,
      rejectionReason: null,
      message: null,
    });
    const created = await session("tabby", shopper, cart.id);
    expect(created.error).toBeUndefined();
    expect(created.data!.checkout_url).toMatch(/^http:\/\/spa\.localhost:3000\/sandbox\/tabby\//);
    const [attempt] = await p.attemptsOf(cart.id);
    expect(attempt).toMatchObject({
      provider: "tabby",
      method: "TABBY",
      state: "pending",
      amount: Math.round(cart.totalAmount * 100),
    });
    expect(attempt.providerRef).toBeTruthy();

    const back = await p.press(created.data!.checkout_url, "approve");
    expect(back).toBe(`${p.payLaterBody(shopper, cart.id, "tabby").success_url}&payment_id=${attempt.providerRef}`);
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "paid",
      provider: "tabby",
      failureReason: null,
      errorMessageCode: null,
      duplicateRefund: null,
    });
    expect(await p.cartRow(cart.id)).toMatchObject({
      status: "completed",
      paymentMethod: "TABBY",
      paymentStatus: "paid",
    });
    expect(await p.paymentsOf(cart.id)).toMatchObject([
      { provider: "tabby", method: "TABBY", status: "paid", amount: attempt.amount },
    ]);
  });

  it("Tabby: declined or cancelled on the hosted page ⇒ failed / cancelled, cart active", async () => {
    const { shopper, cart } = await p.saltsCart();
    const first = await session("tabby", shopper, cart.id);
    await p.press(first.data!.checkout_url, "decline");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({
      outcome: "failed",
      provider: "tabby",
      errorMessageCode: "Payment:Error:Unknown",
    });
    const second = await session("tabby", shopper, cart.id);
    await p.press(second.data!.checkout_url, "cancel");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "cancelled", errorMessageCode: null });
    expect((await p.cartRow(cart.id)).status).toBe("active");
  });

  it("Tabby: the rejected test buyer is not eligible (message in the request's language) and a session is SP:TabbyNotEligible", async () => {
    const { shopper, cart } = await p.saltsCart();
    await withMobile(shopper.id, REJECTED_PHONE);
    expect((await eligibility(shopper, cart.id)).data).toEqual({
      eligible: false,
      rejectionReason: "not_available",
      message: TABBY_SORRY,
    });
    const ar = (await eligibility(shopper, cart.id, "ar")).data!;
    expect(ar.message).toMatch(/تابي/);
    // The session takes the buyer's number from the checkout form.
    const refused = await p.api.call(spa(), "POST", "tabby/session", {
      token: shopper.token,
      body: {
        ...p.payLaterBody(shopper, cart.id, "tabby"),
        checkout: { customer: { name: "Test Shopper", mobileNumber: REJECTED_PHONE } },
      },
    });
    expectCode(refused, "SP:TabbyNotEligible", 400);
    expect(refused.error!.message).toBe(TABBY_SORRY);
    expect(await p.attemptsOf(cart.id)).toMatchObject([{ state: "failed", failureReason: "not_available" }]);
  });

  it("Tabby: above 5000 SAR is order_amount_too_high", async () => {
    const resthouse = await demoProduct(t().db, spa().id, DEMO.resthouse);
    const { shopper, cart } = await p.api.cartWith(spa(), [
      {
        productId: resthouse.id,
        priceId: resthouse.priceId,
        reservationDateFrom: dayAhead(t().now, 60),
        reservationDateTo: dayAhead(t().now, 66),
      },
    ]);
    expect(cart.totalAmount).toBeGreaterThan(5000);
    const answer = (await eligibility(shopper, cart.id)).data!;
    expect(answer).toMatchObject({ eligible: false, rejectionReason: "order_amount_too_high" });
    expect(answer.message).toMatch(/spending limit/);
  });

  it("Tamara: approved on the hosted page, the callback authorises and completes (TAMARA, paid); notification URL on the shop's host", async () => {
    const { shopper, cart } = await p.saltsCart(3);
    const created = await session("tamara", shopper, cart.id);
    expect(created.error).toBeUndefined();
    const [attempt] = await p.attemptsOf(cart.id);
    expect(attempt).toMatchObject({ provider: "tamara", method: "TAMARA", amount: Math.round(cart.totalAmount * 100) });
    // Before the shopper decides, nothing is paid.
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("pending");
    const back = await p.press(created.data!.checkout_url, "approve");
    expect(back).toContain(`orderId=${attempt.providerRef}&paymentStatus=approved`);
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "paid",
      provider: "tamara",
      failureReason: null,
      errorMessageCode: null,
      duplicateRefund: null,
    });
    expect(await p.cartRow(cart.id)).toMatchObject({
      status: "completed",
      paymentMethod: "TAMARA",
      paymentStatus: "paid",
    });
    expect(await p.paymentsOf(cart.id)).toMatchObject([{ provider: "tamara", status: "paid", amount: attempt.amount }]);
  });

  it("Tamara: an approved order for another amount is not authorised: failed with SP:PaymentAmountMismatch, nothing recorded", async () => {
    const { shopper, cart } = await p.saltsCart(1);
    const created = await session("tamara", shopper, cart.id);
    const [attempt] = await p.attemptsOf(cart.id);
    // The attempt and Tamara's order disagree (as if the order had been made for an older total).
    await t()
      .db.update(paymentAttempts)
      .set({ amount: attempt.amount + 100 })
      .where(eq(paymentAttempts.id, attempt.id));
    await p.press(created.data!.checkout_url, "approve");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({
      outcome: "failed",
      provider: "tamara",
      failureReason: "SP:PaymentAmountMismatch",
    });
    expect(await p.paymentsOf(cart.id)).toEqual([]);
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "active", paymentStatus: "unpaid" });
    const order = await fetch(`${p.origin()}/sandbox/tamara/orders/${attempt.providerRef}`, {
      headers: { authorization: "Bearer tamara_test_rimal" },
    });
    expect(((await order.json()) as { status: string }).status, "Tamara's order stays approved, never authorised").toBe(
      "approved",
    );
  });

  it("Tamara: declined ⇒ failed; cancelled ⇒ cancelled", async () => {
    const { shopper, cart } = await p.saltsCart();
    await p.press((await session("tamara", shopper, cart.id)).data!.checkout_url, "decline");
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("failed");
    await p.press((await session("tamara", shopper, cart.id)).data!.checkout_url, "cancel");
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("cancelled");
    expect(await p.paymentsOf(cart.id)).toEqual([]);
  });

  it("refuses disabled methods, foreign return URLs and other customers' carts", async () => {
    const { shopper, cart } = await p.saltsCart();
    const restore = await withSettings(t().db, spa(), { tabbyEnabled: "False", tamaraEnabled: "False" });
    try {
      expectCode(await session("tabby", shopper, cart.id), "SP:PaymentMethodNotAllowed", 400);
      expectCode(await session("tamara", shopper, cart.id), "SP:PaymentMethodNotAllowed", 400);
      expectCode(await eligibility(shopper, cart.id), "SP:PaymentMethodNotAllowed", 400);
    } finally {
      await restore();
    }
    expectCode(await session("tabby", shopper, cart.id, "evil.example"), "SP:InvalidCallbackUrl", 400);
    expectCode(await session("tamara", shopper, cart.id, "coffee.localhost"), "SP:InvalidCallbackUrl", 400);
    const { shopper: other } = await p.saltsCart();
    expectCode(await session("tamara", other, cart.id), "SP:EntityNotFound", 404);
    expectCode(await eligibility(other, cart.id), "SP:EntityNotFound", 404);
    expect(await p.attemptsOf(cart.id)).toEqual([]);
  });
});
