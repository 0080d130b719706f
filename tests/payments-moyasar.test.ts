import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { products, tenantPaymentAccounts } from "@/platform/db/schema";
import { describeEachDb } from "./helpers/test-db";
import { newCustomer } from "./helpers/account-api";
import { DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { expectCode, withSettings } from "./helpers/checkout";
import { paymentsHarness, pointAccountsAt } from "./helpers/payments";
import { startFakeProvider } from "./helpers/fake-provider";
import { SPA_PAYMENT_ACCOUNTS } from "@/platform/seed/demo-payments";

describeEachDb("payments: Moyasar card and Apple Pay", (t) => {
  const p = paymentsHarness(t);
  const spa = () => t().spa;

  it("card: 3-D Secure, then the done page's callback completes the order once (VISA, paid)", async () => {
    const { shopper, cart } = await p.saltsCart(2);
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({ status: "initiated", errorMessageCode: null, failureReason: null });
    // The 3-D Secure page lives on the host the shopper returns to.
    expect(created.data!.redirectUrl).toMatch(/^http:\/\/spa\.localhost:3000\/sandbox\/moyasar\/3ds\//);
    const [attempt] = await p.attemptsOf(cart.id);
    expect(attempt).toMatchObject({
      provider: "moyasar",
      method: "CARD",
      state: "pending",
      amount: Math.round(cart.amountToBePaid * 100),
      providerRef: created.data!.paymentId,
    });
    expect(attempt.details).toMatchObject({
      customerName: "Test Shopper",
      customerMobile: shopper.mobileNumber,
      bookingNotes: "Online",
      channel: "website",
    });

    const back = await p.press(created.data!.redirectUrl!, "authenticate");
    expect(back).toContain(`${p.doneUrl(cart.id)}?id=${created.data!.paymentId}&status=paid`);
    const settled = await p.callback(shopper, cart.id);
    expect(settled.data).toEqual({
      outcome: "paid",
      provider: "moyasar",
      failureReason: null,
      errorMessageCode: null,
      duplicateRefund: null,
    });
    expect(await p.callback(shopper, cart.id)).toMatchObject({ data: settled.data });

    const order = await p.cartRow(cart.id);
    expect(order).toMatchObject({
      status: "completed",
      paymentMethod: "VISA",
      paymentStatus: "paid",
      customerName: "Test Shopper",
      customerMobile: shopper.mobileNumber,
      bookingNotes: "Online",
    });
    expect(order.orderNumber).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(await p.paymentsOf(cart.id)).toMatchObject([
      {
        provider: "moyasar",
        providerPaymentId: created.data!.paymentId,
        method: "VISA",
        amount: attempt.amount,
        currency: "SAR",
        status: "paid",
      },
    ]);
    // A completed cart takes no further payment.
    expectCode(
      await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") }),
      "SP:CartAlreadyCompleted",
      400,
    );
  });

  it("a mada card is recorded as MADA", async () => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4201320111111010") });
    await p.press(created.data!.redirectUrl!, "authenticate");
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
    expect(await p.cartRow(cart.id)).toMatchObject({ paymentMethod: "MADA", paymentStatus: "paid" });
  });

  it.each([
    ["4000000000000002", "DECLINED"],
    ["4000000000000010", "INSUFFICIENT_FUNDS"],
    ["4000000000000028", "EXPIRED_CARD"],
    ["4000000000000069", "UNSPECIFIED_FAILURE"],
  ])("card %s fails at once with %s; the cart stays active for another try", async (number, reason) => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken(number) });
    expect(created.data).toMatchObject({
      status: "failed",
      redirectUrl: null,
      failureReason: reason,
      errorMessageCode: reason,
    });
    expect(await p.attemptsOf(cart.id)).toMatchObject([{ state: "failed", failureReason: reason }]);
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "failed",
      provider: "moyasar",
      failureReason: reason,
      errorMessageCode: reason,
      duplicateRefund: null,
    });
    expect((await p.cartRow(cart.id)).status).toBe("active");
    expect(await p.paymentsOf(cart.id)).toEqual([]);
  });

  it("3-D Secure failed or expired ⇒ failed with the spec's reason; a later card completes the same cart", async () => {
    const { shopper, cart } = await p.saltsCart();
    const first = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    await p.press(first.data!.redirectUrl!, "fail");
    const reason = "3-D Secure transaction attempt failed (DECLINED)";
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "failed",
      provider: "moyasar",
      failureReason: reason,
      errorMessageCode: reason,
      duplicateRefund: null,
    });

    const second = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("5105105105105100") });
    await p.press(second.data!.redirectUrl!, "expire");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({
      outcome: "failed",
      errorMessageCode: "Payment:Error:TimeFrameExpired",
    });

    const third = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    // The newest attempt is what the shopper returns from: pending until the bank answers.
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "pending", errorMessageCode: null });
    await p.press(third.data!.redirectUrl!, "authenticate");
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
    expect(await p.paymentsOf(cart.id)).toHaveLength(1);
    expect((await p.attemptsOf(cart.id)).map((a) => a.state).sort()).toEqual(["failed", "failed", "paid"]);
  });

  it("a return URL saying status=paid completes nothing: only the provider's word does", async () => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    const hint = `?id=${created.data!.paymentId}&status=paid&message=APPROVED`;
    expect((await p.callback(shopper, cart.id, hint)).data?.outcome).toBe("pending");
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "active", paymentStatus: "unpaid" });
    expect(await p.paymentsOf(cart.id)).toEqual([]);
  });

  it("Apple Pay: paid at once completes the order (APPLE_PAY); a declined token fails with DECLINED", async () => {
    const token = JSON.stringify({
      paymentMethod: { network: "Visa", displayName: "Visa 1111" },
      paymentData: { data: "sandbox" },
    });
    const { shopper, cart } = await p.saltsCart();
    const paid = await p.payMoyasar(shopper, cart.id, { token, tokenType: "applepay" });
    expect(paid.data).toMatchObject({ status: "paid", redirectUrl: null, errorMessageCode: null });
    expect(await p.cartRow(cart.id)).toMatchObject({
      status: "completed",
      paymentMethod: "APPLE_PAY",
      paymentStatus: "paid",
    });
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");

    const other = await p.saltsCart();
    const declined = await p.payMoyasar(other.shopper, other.cart.id, {
      token: JSON.stringify({ paymentData: "decline" }),
      tokenType: "applepay",
    });
    expect(declined.data).toMatchObject({ status: "failed", failureReason: "DECLINED", errorMessageCode: "DECLINED" });
    expect((await p.cartRow(other.cart.id)).status).toBe("active");
  });

  it("a deposit is paid online as deposit_paid, for the amount to pay now", async () => {
    const resthouse = await demoProduct(t().db, spa().id, DEMO.resthouse);
    const { shopper, cart } = await p.api.cartWith(spa(), [
      {
        productId: resthouse.id,
        priceId: resthouse.priceId,
        reservationDateFrom: dayAhead(t().now, 30),
        reservationDateTo: dayAhead(t().now, 32),
      },
    ]);
    expect(cart.amountToBePaid).toBeLessThan(cart.totalAmount);
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    await p.press(created.data!.redirectUrl!, "authenticate");
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentStatus: "deposit_paid" });
    expect((await p.paymentsOf(cart.id))[0].amount).toBe(Math.round(cart.amountToBePaid * 100));
  });

  it("a cart changed after paying is refused (SP:PaymentAmountMismatch): money recorded for staff, cart active", async () => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    await p.api.call(spa(), "PUT", `cart/${cart.id}/items/${cart.items[0].id}`, {
      token: shopper.token,
      body: { priceId: salts.priceId, quantity: 3 },
    });
    await p.press(created.data!.redirectUrl!, "authenticate");
    const settled = await p.callback(shopper, cart.id);
    expect(settled.data).toEqual({
      outcome: "refused",
      provider: "moyasar",
      failureReason: "SP:PaymentAmountMismatch",
      errorMessageCode: "SP:PaymentAmountMismatch",
      duplicateRefund: null,
    });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "active", paymentStatus: "unpaid", orderNumber: null });
    expect(await p.paymentsOf(cart.id)).toMatchObject([
      { amount: Math.round(cart.amountToBePaid * 100), status: "paid" },
    ]);
    expect((await p.callback(shopper, cart.id)).data).toEqual(settled.data);
  });

  it("stock gone while the shopper was at the bank ⇒ refused with the stock code, nothing taken from stock", async () => {
    const oil = await demoProduct(t().db, spa().id, DEMO.oil);
    await t().db.update(products).set({ stock: 3 }).where(eq(products.id, oil.id));
    const { shopper, cart } = await p.api.cartWith(spa(), [{ productId: oil.id, priceId: oil.priceId, quantity: 2 }]);
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    await t().db.update(products).set({ stock: 1 }).where(eq(products.id, oil.id));
    await p.press(created.data!.redirectUrl!, "authenticate");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({
      outcome: "refused",
      failureReason: "SP:MerchandiseItemInsufficientStock",
    });
    expect(await p.stockOf(oil.id)).toBe(1);
    expect(await p.paymentsOf(cart.id)).toHaveLength(1);
    expect((await p.cartRow(cart.id)).status).toBe("active");
  });

  it("refuses before any payment: validation first, the card only with Moyasar as the card provider, return URLs on the store's hosts", async () => {
    const { shopper, cart } = await p.saltsCart();
    const token = await p.cardToken("4111111111111111");
    for (const url of [
      "https://evil.example/checkout/done/x",
      "javascript:alert(1)",
      "http://coffee.localhost/checkout/done/x",
      "http://user:pw@spa.localhost/",
      "not a url",
    ]) {
      expectCode(await p.payMoyasar(shopper, cart.id, { token, callbackUrl: url }), "SP:InvalidCallbackUrl", 400);
    }
    const other = await newCustomer(t().db, spa());
    expectCode(await p.payMoyasar({ ...other }, cart.id, { token }), "SP:EntityNotFound", 404);
    const restore = await withSettings(t().db, spa(), { onlinePaymentProvider: "myfatoorah" });
    try {
      expectCode(await p.payMoyasar(shopper, cart.id, { token }), "SP:PaymentMethodNotAllowed", 400);
    } finally {
      await restore();
    }
    const noApplePay = await withSettings(t().db, spa(), { applePayEnabled: "False" });
    try {
      expectCode(
        await p.payMoyasar(shopper, cart.id, { token: "{}", tokenType: "applepay" }),
        "SP:PaymentMethodNotAllowed",
        400,
      );
    } finally {
      await noApplePay();
    }
    const { shopper: s2, cart: empty } = await p.api.cartWith(spa(), []);
    expectCode(await p.payMoyasar(s2, empty.id, { token }), "SP:CartIsEmpty", 400);
    expect(await p.attemptsOf(cart.id)).toEqual([]);
    expectCode(await p.api.call(spa(), "POST", `payment/${cart.id}/callback-payment`, {}), "SP:Unauthorized", 401);
    expect((await p.callback(shopper, cart.id)).data).toEqual({
      outcome: "none",
      provider: null,
      failureReason: null,
      errorMessageCode: null,
      duplicateRefund: null,
    });
  });

  it("serves the Apple Pay domain association of the Moyasar account as text", async () => {
    const res = await p.api.call(spa(), "GET", "payment/apple-pay/domain-association");
    expect(res.status).toBe(200);
    expect(res.res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.res.text()).toBe("sandbox-apple-pay-domain-association:rimal");
    expectCode(await p.api.call(t().coffee, "GET", "payment/apple-pay/domain-association"), "SP:EntityNotFound", 404);
  });

  it("Moyasar not answering the payment creation: the attempt stays open under its given_id and settles once Moyasar has it", async () => {
    const fake = await startFakeProvider("/v1");
    try {
      await t()
        .db.update(tenantPaymentAccounts)
        .set({ accounts: { moyasar: { ...SPA_PAYMENT_ACCOUNTS.moyasar!, baseUrl: fake.base } } })
        .where(eq(tenantPaymentAccounts.tenantId, spa().id));
      const { shopper, cart } = await p.saltsCart(1);
      fake.answer(() => ({ status: 503, text: "<html>upstream unavailable</html>" }));
      // Moyasar down: 503 with the spec's code and the provider's name, never its own words or status.
      const down = await p.payMoyasar(shopper, cart.id, { token: "token_x" });
      expectCode(down, "CREATE_PAYMENT_SESSION_ERROR", 503);
      expect(down.error).toEqual({
        code: "CREATE_PAYMENT_SESSION_ERROR",
        message: "Failed to create payment session",
        details: { provider: "moyasar" },
      });
      const [attempt] = await p.attemptsOf(cart.id);
      expect(attempt).toMatchObject({ state: "pending", providerRef: attempt.id });
      const created = fake.seen.find((r) => r.method === "POST")!.json() as { given_id: string };
      expect(created.given_id).toBe(attempt.id);

      // Moyasar did take it: the payment carries the given_id as its id.
      fake.answer((req) =>
        req.method === "GET" && req.url === `/v1/payments/${attempt.id}`
          ? {
              json: {
                id: attempt.id,
                status: "paid",
                amount: attempt.amount,
                currency: "SAR",
                source: { type: "creditcard", company: "visa", message: "APPROVED" },
              },
            }
          : { status: 404, json: { type: "api_error", message: "Object not found" } },
      );
      expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid", provider: "moyasar" });
      expect(await p.cartRow(cart.id)).toMatchObject({
        status: "completed",
        paymentMethod: "VISA",
        paymentStatus: "paid",
      });
      expect(await p.paymentsOf(cart.id)).toHaveLength(1);

      // A clear refusal (4xx) closes the attempt: nothing exists at Moyasar.
      const second = await p.saltsCart(1);
      fake.answer(() => ({
        status: 400,
        json: { type: "invalid_request_error", message: "Validation Failed", errors: { source: ["is invalid"] } },
      }));
      const refused = await p.payMoyasar(second.shopper, second.cart.id, { token: "token_x" });
      expectCode(refused, "CREATE_PAYMENT_SESSION_ERROR", 422);
      expect(JSON.stringify(refused.error)).not.toMatch(/Validation Failed|is invalid|400/);
      expect((await p.attemptsOf(second.cart.id))[0]).toMatchObject({
        state: "failed",
        failureReason: "CREATE_PAYMENT_SESSION_ERROR",
      });
    } finally {
      await pointAccountsAt(t().db, spa(), p.origin());
      await fake.close();
    }
  });
});
