import { expect, it } from "vitest";
import { pressSandboxButton } from "@/platform/sandbox";
import { basic, callSandbox, describeSandbox } from "./helpers/sandbox";

const PK = basic("pk_test_alpha");
const SK = basic("sk_test_alpha");
const OTHER_SK = basic("sk_test_beta");
const V1 = "/sandbox/moyasar/v1";
const CALLBACK = "http://spa.localhost:3000/checkout/done/cart-1";

const card = (number: string) => ({
  name: "Sara Ahmed",
  number,
  month: "12",
  year: String(new Date().getFullYear() + 2),
  cvc: "123",
  callback_url: CALLBACK,
  save_only: false,
});

type Payment = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: unknown;
  source: { type: string; company: string; number: string; message: string | null; transaction_url: string | null };
};

describeSandbox("Moyasar sandbox", (db) => {
  const token = async (number: string) => {
    const res = await callSandbox(db(), "POST", `${V1}/tokens`, { auth: PK, json: card(number) });
    expect(res.status).toBe(201);
    return res.body as { id: string; brand: string; last_four: string; status: string };
  };
  const pay = async (tokenId: string, extra: Record<string, unknown> = {}) =>
    callSandbox(db(), "POST", `${V1}/payments`, {
      auth: PK,
      json: {
        amount: 12345,
        currency: "SAR",
        description: "Order",
        callback_url: CALLBACK,
        metadata: { cart_id: "c1" },
        source: { type: "token", token: tokenId },
        ...extra,
      },
    });

  it("creates tokens for good cards, with brand and last four, and refuses bad ones field by field", async () => {
    expect(await token("4111111111111111")).toMatchObject({
      id: expect.stringMatching(/^token_/),
      status: "initiated",
      brand: "visa",
      last_four: "1111",
    });
    expect(await token("4201320111111010")).toMatchObject({ brand: "mada", last_four: "1010" });
    expect(await token("5105105105105100")).toMatchObject({ brand: "master" });
    const bad = await callSandbox(db(), "POST", `${V1}/tokens`, {
      auth: PK,
      json: { ...card("4111111111111112"), name: "Sara", month: "13", cvc: "1" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      type: "invalid_request_error",
      message: "Validation Failed",
      errors: { number: ["is invalid"], name: expect.any(Array), month: ["is invalid"], cvc: ["is invalid"] },
    });
    const expired = await callSandbox(db(), "POST", `${V1}/tokens`, {
      auth: PK,
      json: { ...card("4111111111111111"), year: "2020" },
    });
    expect(expired.body).toMatchObject({ errors: { year: ["card is expired"] } });
    expect((await callSandbox(db(), "POST", `${V1}/tokens`, { json: card("4111111111111111") })).status).toBe(401);
  });

  it("knows Moyasar's networks: every mada BIN of its list (6 and 8 digits), Mastercard's 2-series, Amex with a 4-digit code, UnionPay up to 19 digits", async () => {
    const tokenOf = (number: string, cvc = "123") =>
      callSandbox(db(), "POST", `${V1}/tokens`, { auth: PK, json: { ...card(number), cvc } });
    // 440647 (6-digit) and 40545400 (8-digit) are mada BINs on Visa's range; 52166100 on Mastercard's.
    for (const number of ["4406470000000007", "4054540000000002", "5216610000000005"])
      expect((await tokenOf(number)).body, number).toMatchObject({ brand: "mada" });
    expect((await tokenOf("2223000048400011")).body).toMatchObject({ brand: "master" });
    expect((await tokenOf("2720990000000007")).body).toMatchObject({ brand: "master" });
    expect((await tokenOf("378282246310005", "1234")).body).toMatchObject({ brand: "amex" });
    expect((await tokenOf("378282246310005", "123")).body).toMatchObject({ errors: { cvc: ["is invalid"] } });
    expect((await tokenOf("4111111111111111", "12")).body).toMatchObject({ errors: { cvc: ["is invalid"] } });
    expect((await tokenOf("6200000000000000000")).body).toMatchObject({ brand: "unionpay" });
    // A 15-digit number on Visa's range is no Visa card.
    expect((await tokenOf("411111111111116")).body).toMatchObject({ errors: { number: ["is invalid"] } });
  });

  it("starts a card payment at 3-D Secure on the callback's host and settles it by the page's buttons", async () => {
    const res = await pay((await token("4111111111111111")).id);
    expect(res.status).toBe(201);
    const p = res.body as Payment;
    expect(p).toMatchObject({
      status: "initiated",
      amount: 12345,
      currency: "SAR",
      metadata: { cart_id: "c1" },
      source: { type: "creditcard", company: "visa", number: "XXXX-XXXX-XXXX-1111", message: null },
    });
    expect(p.source.transaction_url).toBe(`http://spa.localhost:3000/sandbox/moyasar/3ds/${p.id}`);
    const page = await callSandbox(db(), "GET", p.source.transaction_url!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain("Sandbox — Moyasar");
    expect(page.text).toContain("123.45 SAR");
    for (const label of ["Authenticate", "Fail authentication", "Let it expire"])
      expect(page.text).toContain(`>${label}</button>`);
    const back = new URL(await pressSandboxButton(db(), p.source.transaction_url!, "authenticate"));
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(back.searchParams)).toEqual({ id: p.id, status: "paid", message: "APPROVED" });
    const fetched = await callSandbox(db(), "GET", `${V1}/payments/${p.id}`, { auth: SK });
    expect(fetched.body).toMatchObject({ id: p.id, status: "paid", amount: 12345 });
    // A second press (another tab) changes nothing and returns the same answer.
    expect(new URL(await pressSandboxButton(db(), p.source.transaction_url!, "fail")).searchParams.get("status")).toBe(
      "paid",
    );
    expect((await callSandbox(db(), "GET", p.source.transaction_url!)).text).toContain("This payment is paid.");
  });

  it("fails 3-D Secure and lets it expire with the listed messages", async () => {
    for (const [action, message] of [
      ["fail", "3-D Secure transaction attempt failed (DECLINED)"],
      ["expire", "Payment:Error:TimeFrameExpired"],
    ] as const) {
      const p = (await pay((await token("4201320111111010")).id)).body as Payment;
      const back = new URL(await pressSandboxButton(db(), p.source.transaction_url!, action));
      expect(Object.fromEntries(back.searchParams)).toEqual({ id: p.id, status: "failed", message });
      expect((await callSandbox(db(), "GET", `${V1}/payments/${p.id}`, { auth: SK })).body).toMatchObject({
        status: "failed",
        source: { company: "mada", message },
      });
    }
  });

  it("fails each failure card at once with its reason and no 3-D Secure page", async () => {
    const cards: [string, string][] = [
      ["4000000000000002", "DECLINED"],
      ["4000000000000010", "INSUFFICIENT_FUNDS"],
      ["4000000000000028", "EXPIRED_CARD"],
      ["4000000000000036", "BLOCKED"],
      ["4000000000000044", "TIMED_OUT"],
      ["4000000000000051", "REFERRED"],
      ["4000000000000069", "UNSPECIFIED_FAILURE"],
    ];
    for (const [number, reason] of cards) {
      const res = await pay((await token(number)).id);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: "failed", source: { message: reason, transaction_url: null } });
    }
  });

  it("answers the same payment for the same given_id", async () => {
    const givenId = crypto.randomUUID();
    const tokenId = (await token("4111111111111111")).id;
    const first = await pay(tokenId, { given_id: givenId });
    expect(first.status).toBe(201);
    expect((first.body as Payment).id).toBe(givenId);
    const again = await Promise.all([pay(tokenId, { given_id: givenId }), pay(tokenId, { given_id: givenId })]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    // Another account cannot take it over.
    const other = await callSandbox(db(), "POST", `${V1}/payments`, {
      auth: basic("pk_test_beta"),
      json: { amount: 100, currency: "SAR", given_id: givenId, source: { type: "applepay", token: "{}" } },
    });
    expect(other.status).toBe(400);
  });

  it("keeps accounts apart and the secret key for reading", async () => {
    const p = (await pay((await token("4111111111111111")).id)).body as Payment;
    expect(await callSandbox(db(), "GET", `${V1}/payments/${p.id}`, { auth: PK })).toMatchObject({
      status: 401,
      body: { type: "authentication_error", message: "Invalid authorization credentials" },
    });
    expect(await callSandbox(db(), "GET", `${V1}/payments/${p.id}`, { auth: OTHER_SK })).toMatchObject({
      status: 404,
      body: { type: "api_error", message: "Object not found" },
    });
    expect((await callSandbox(db(), "GET", `${V1}/payments/${crypto.randomUUID()}`, { auth: SK })).status).toBe(404);
    // A token of another account is not usable.
    const alphaToken = (await token("4111111111111111")).id;
    const foreign = await callSandbox(db(), "POST", `${V1}/payments`, {
      auth: basic("pk_test_beta"),
      json: { amount: 100, currency: "SAR", callback_url: CALLBACK, source: { type: "token", token: alphaToken } },
    });
    expect(foreign.status).toBe(400);
    expect((await callSandbox(db(), "GET", `${V1}/payments/${p.id}`, { auth: basic("nonsense") })).status).toBe(401);
  });

  it("takes the publishable key in the payment's body as the payment form posts it, writes each amount out, and refunds and updates by the secret key", async () => {
    const tokenId = (await token("4111111111111111")).id;
    const body = {
      amount: 115000,
      currency: "SAR",
      description: "Order",
      callback_url: CALLBACK,
      source: { type: "token", token: tokenId },
    };
    expect((await callSandbox(db(), "POST", `${V1}/payments`, { json: body })).status).toBe(401);
    const created = await callSandbox(db(), "POST", `${V1}/payments`, {
      json: { ...body, publishable_api_key: "pk_test_alpha" },
    });
    expect(created.status).toBe(201);
    const p = created.body as Payment;
    expect(created.body).toMatchObject({
      amount_format: "1,150.00 SAR",
      fee_format: "0.00 SAR",
      refunded_format: "0.00 SAR",
      captured_format: "0.00 SAR",
    });
    await pressSandboxButton(db(), p.source.transaction_url!, "authenticate");
    const refunded = await callSandbox(db(), "POST", `${V1}/payments/${p.id}/refund`, {
      auth: SK,
      json: { amount: 15000 },
    });
    expect(refunded.body).toMatchObject({
      status: "refunded",
      refunded: 15000,
      refunded_format: "150.00 SAR",
      captured_format: "1,150.00 SAR",
    });
    expect(
      await callSandbox(db(), "PUT", `${V1}/payments/${p.id}`, { auth: SK, json: { description: "Order 7" } }),
    ).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await callSandbox(db(), "GET", `${V1}/payments/${p.id}`, { auth: SK })).body).toMatchObject({
      description: "Order 7",
      refunded: 15000,
    });
  });

  it("validates payments", async () => {
    const tokenId = (await token("4111111111111111")).id;
    expect((await pay(tokenId, { amount: 99 })).body).toMatchObject({ errors: { amount: expect.any(Array) } });
    expect((await pay(tokenId, { currency: "USD" })).status).toBe(400);
    expect((await pay(tokenId, { callback_url: "javascript:alert(1)" })).body).toMatchObject({
      errors: { callback_url: expect.any(Array) },
    });
    expect((await pay(tokenId, { source: { type: "token", token: "token_nope" } })).body).toMatchObject({
      errors: { "source.token": ["is invalid"] },
    });
    expect((await pay(tokenId, { given_id: "not-a-uuid" })).status).toBe(400);
  });

  it("pays Apple Pay at once, or fails a token that says decline", async () => {
    const applePay = (tokenText: string) =>
      callSandbox(db(), "POST", `${V1}/payments`, {
        auth: PK,
        json: { amount: 5000, currency: "SAR", description: "Order", source: { type: "applepay", token: tokenText } },
      });
    const paid = await applePay(
      JSON.stringify({
        paymentData: { data: "…" },
        paymentMethod: { displayName: "MasterCard 4242", network: "MasterCard", type: "credit" },
      }),
    );
    expect(paid.body).toMatchObject({
      status: "paid",
      source: {
        type: "applepay",
        company: "master",
        number: "XXXX-XXXX-XXXX-4242",
        message: "APPROVED",
        transaction_url: null,
      },
    });
    const declined = await applePay(JSON.stringify({ paymentData: { data: "decline" } }));
    expect(declined.body).toMatchObject({ status: "failed", source: { type: "applepay", message: "DECLINED" } });
  });

  it("validates an Apple Pay merchant with the publishable key", async () => {
    const body = {
      validation_url: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
      display_name: "Rimal",
      domain_name: "spa.localhost",
      publishable_api_key: "pk_test_alpha",
    };
    const res = await callSandbox(db(), "POST", `${V1}/applepay/initiate`, { json: body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      domainName: "spa.localhost",
      displayName: "Rimal",
      merchantSessionIdentifier: expect.any(String),
      signature: expect.any(String),
      epochTimestamp: expect.any(Number),
      expiresAt: expect.any(Number),
      nonce: expect.any(String),
      merchantIdentifier: expect.any(String),
    });
    expect(
      (
        await callSandbox(db(), "POST", `${V1}/applepay/initiate`, {
          json: { ...body, publishable_api_key: undefined },
        })
      ).status,
    ).toBe(401);
  });

  it("shows a plain not-found page for an unknown 3-D Secure page", async () => {
    const res = await callSandbox(db(), "GET", `http://spa.localhost/sandbox/moyasar/3ds/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain("Not found");
  });
});
