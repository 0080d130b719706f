import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { ApiEnvelope } from "@/contract/errors";
import type { CartDto, PickupBranchDto } from "@/contract/dto/cart";
import type {
  CreatePaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  TabbyEligibilityDto,
} from "@/contract/dto/payments";
import type { PaymentEndpoints } from "@/contract/dto/tenants";
import { describeEachDb } from "./helpers/test-db";
import { withSettings } from "./helpers/checkout";
import {
  cleared,
  envelopeData,
  jar,
  jsonRequest,
  nextHeadersMock,
  readEnvelope,
  storeApi,
} from "./helpers/bff-harness";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { paymentsHarness } from "./helpers/payments";

/**
 * The online payment BFF (/api/checkout/pay/*) end to end on the embedded platform, the provider
 * sandboxes on a local server: return addresses are built from the request (never taken from the
 * body), the cart and customer come from the cookies, an Apple Pay payment forgets the cart.
 */
vi.mock("next/headers", () => nextHeadersMock());

// The store as the browser reaches it: its host on this server's PORT (the only origin providers may return to).
const HOST = "spa.localhost:3000";
const json = (method: string, path: string, body?: unknown) => jsonRequest(HOST, method, path, body, "203.0.113.10");
const errorOf = <T>(r: { body: ApiEnvelope<T> }) => ("error" in r.body ? r.body.error : null);

describeEachDb("online payment BFF", (t) => {
  const p = paymentsHarness(t);
  let salts: { id: string; priceId: string };
  let n = 10;
  let mobile = "";

  async function signIn(national?: string) {
    mobile = national ? `+966${national}` : `+9665000002${n++}`;
    const sent = envelopeData(
      (await readEnvelope<{ token: string }>(storeApi(json("POST", "/api/session/otp/send", { mobileNumber: mobile }))))
        .body,
    );
    const code = (await latestOutboxMessage(t().db, t().spa.id, mobile))!.code!;
    expect((await storeApi(json("POST", "/api/session/otp/verify", { token: sent.token, code }))).status).toBe(200);
  }
  /** The salts in the cart, collected at the store's nearest branch (merchandise asks delivery or pickup). */
  const cartWithSalts = async () => {
    const added = await readEnvelope<CartDto>(
      storeApi(json("POST", "/api/cart/items", { productId: salts.id, priceId: salts.priceId, quantity: 1 })),
    );
    const cart = envelopeData(added.body);
    const [branch] = envelopeData(
      (await readEnvelope<PickupBranchDto[]>(storeApi(json("GET", "/api/checkout/branches")))).body,
    );
    const body = { kind: "pickup", branchId: branch.id };
    const chosen = (await readEnvelope<CartDto>(storeApi(json("PUT", "/api/checkout/fulfilment", body)))).body;
    // Signed out, the choice waits for the sign-in.
    return "data" in chosen ? chosen.data : cart;
  };
  const checkout = () => ({ customer: { name: "Reem Alotaibi", mobileNumber: mobile }, bookingNotes: null });

  beforeAll(async () => {
    setPlatformDb({ db: t().db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    salts = await demoProduct(t().db, t().spa.id, DEMO.salts);
  });

  beforeEach(() => {
    jar.clear();
    cleared.length = 0;
  });

  it("card: the 3-D Secure page returns to this host's done page in the page's language", async () => {
    await signIn();
    const cart = await cartWithSalts();
    const token = await p.cardToken("4111111111111111");
    const paid = await readEnvelope<CreatePaymentDto>(
      storeApi(
        json("POST", "/api/checkout/pay/moyasar?locale=en", {
          token,
          tokenType: "token",
          checkout: checkout(),
          callbackUrl: "https://evil.example/steal",
        }),
      ),
    );
    const answer = envelopeData(paid.body);
    expect(answer).toMatchObject({ status: "initiated" });
    expect(answer.redirectUrl).toMatch(/^http:\/\/spa\.localhost:3000\/sandbox\/moyasar\//);
    const back = await p.press(answer.redirectUrl!, "authenticate");
    expect(back).toContain(`http://spa.localhost:3000/en/checkout/done/${cart.id}?`);
    // Nothing completed yet: the cart cookie still points at the cart until it is paid.
    expect(cleared).not.toContain("sf_cart_spa");
  });

  it("card: a declined card answers failed with spec §8's reason", async () => {
    await signIn();
    await cartWithSalts();
    const token = await p.cardToken("4000000000000002");
    const answer = envelopeData(
      (
        await readEnvelope<CreatePaymentDto>(
          storeApi(json("POST", "/api/checkout/pay/moyasar", { token, tokenType: "token", checkout: checkout() })),
        )
      ).body,
    );
    expect(answer).toMatchObject({ status: "failed", redirectUrl: null, errorMessageCode: "DECLINED" });
  });

  it("Apple Pay: paid at once, and the completed cart's cookie is forgotten", async () => {
    await signIn();
    const cart = await cartWithSalts();
    const token = JSON.stringify({ paymentData: { data: "sandbox-approve" } });
    const answer = envelopeData(
      (
        await readEnvelope<CreatePaymentDto>(
          storeApi(json("POST", "/api/checkout/pay/moyasar", { token, tokenType: "applepay", checkout: checkout() })),
        )
      ).body,
    );
    expect(answer.status).toBe("paid");
    expect(cleared).toContain("sf_cart_spa");
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "APPLE_PAY" });
  });

  it("Tabby and Tamara: hosted pages on this host that come back naming the provider", async () => {
    await signIn();
    const cart = await cartWithSalts();
    expect(
      envelopeData(
        (await readEnvelope<TabbyEligibilityDto>(storeApi(json("POST", "/api/checkout/pay/tabby/eligibility")))).body,
      ),
    ).toMatchObject({ eligible: true });
    const tabby = envelopeData(
      (
        await readEnvelope<PayLaterSessionDto>(
          storeApi(
            json("POST", "/api/checkout/pay/tabby", { checkout: checkout(), success_url: "https://evil.example/" }),
          ),
        )
      ).body,
    );
    expect(tabby.checkout_url).toMatch(/^http:\/\/spa\.localhost:3000\/sandbox\/tabby\//);
    expect(await p.press(tabby.checkout_url, "cancel")).toContain(
      `http://spa.localhost:3000/checkout/done/${cart.id}?payment_method=tabby&status=cancel`,
    );
    const tamara = envelopeData(
      (
        await readEnvelope<PayLaterSessionDto>(
          storeApi(json("POST", "/api/checkout/pay/tamara?locale=en", { checkout: checkout() })),
        )
      ).body,
    );
    expect(tamara.checkout_url).toMatch(/^http:\/\/spa\.localhost:3000\/sandbox\/tamara\//);
    expect(await p.press(tamara.checkout_url, "decline")).toContain(
      `http://spa.localhost:3000/en/checkout/done/${cart.id}?payment_method=tamara&status=failure`,
    );
  });

  it("Tabby: the rejected test number is not eligible, with a message in the page's language", async () => {
    await signIn("500000002");
    await cartWithSalts();
    const answer = envelopeData(
      (await readEnvelope<TabbyEligibilityDto>(storeApi(json("POST", "/api/checkout/pay/tabby/eligibility?locale=en"))))
        .body,
    );
    expect(answer).toMatchObject({ eligible: false });
    expect(answer.message).toMatch(/Tabby/);
  });

  /** A start refused because the cart's total is no longer the one the shopper saw (halalas). */
  const expectTotalChanged = (
    refused: { status: number; body: ApiEnvelope<unknown> },
    expected: number,
    total: number,
    label: string,
  ) => {
    expect(refused.status, label).toBe(409);
    expect(errorOf(refused), label).toMatchObject({ code: "SP:CartTotalChanged", details: { expected, total } });
  };
  const halalas = (sar: number) => Math.round(sar * 100);

  it("every online start carries the total the shopper saw: a cart grown in another tab is refused (409 SP:CartTotalChanged) before any provider call", async () => {
    await signIn();
    const shown = await cartWithSalts();
    const seen = halalas(shown.totalAmount);
    // The card's token is made by the browser before Pay.
    const token = await p.cardToken("4111111111111111");
    // A second jar, added in another tab: the same cart, a new total.
    const grown = await cartWithSalts();
    expect(grown.id).toBe(shown.id);
    const total = halalas(grown.totalAmount);
    expect(total).toBeGreaterThan(seen);

    const starts: [string, Record<string, unknown>][] = [
      ["moyasar", { token, tokenType: "token" }],
      ["moyasar", { token: JSON.stringify({ paymentData: { data: "sandbox-approve" } }), tokenType: "applepay" }],
      ["tabby", {}],
      ["tamara", {}],
    ];
    const called = p.sandboxRequests().length;
    for (const [provider, body] of starts) {
      const refused = await readEnvelope(
        storeApi(
          json("POST", `/api/checkout/pay/${provider}?locale=en`, {
            ...body,
            checkout: { ...checkout(), expectedTotal: seen },
          }),
        ),
      );
      expectTotalChanged(refused, seen, total, `${provider} ${String(body.tokenType ?? "")}`);
    }
    // No provider was asked for anything, no attempt made, nothing completed.
    expect(p.sandboxRequests().slice(called)).toEqual([]);
    expect(await p.attemptsOf(shown.id)).toEqual([]);
    expect(await p.cartRow(shown.id)).toMatchObject({ status: "active", paymentStatus: "unpaid" });
    expect(jar.get("sf_cart_spa")).toBe(shown.id);

    // The new total, shown and confirmed: the payment is made for it.
    const paid = await readEnvelope<CreatePaymentDto>(
      storeApi(
        json("POST", "/api/checkout/pay/moyasar?locale=en", {
          token,
          tokenType: "token",
          checkout: { ...checkout(), expectedTotal: total },
        }),
      ),
    );
    expect(envelopeData(paid.body)).toMatchObject({ status: "initiated" });
    expect(p.sandboxRequests().slice(called)).toContain("POST /sandbox/moyasar/v1/payments");
    expect(await p.attemptsOf(shown.id)).toMatchObject([{ provider: "moyasar", amount: total }]);
  });

  it("MyFatoorah's payment carries the total the shopper saw: a session for the old total is never executed for the new one", async () => {
    const restore = await withSettings(t().db, t().spa, { onlinePaymentProvider: "myfatoorah" });
    try {
      await signIn();
      const shown = await cartWithSalts();
      const seen = halalas(shown.totalAmount);
      const session = envelopeData(
        (
          await readEnvelope<InitiateSessionDto>(
            storeApi(json("POST", "/api/checkout/pay/myfatoorah/session", { amount: shown.amountToBePaid })),
          )
        ).body,
      );
      const total = halalas((await cartWithSalts()).totalAmount);
      const called = p.sandboxRequests().length;
      const refused = await readEnvelope(
        storeApi(
          json("POST", "/api/checkout/pay/myfatoorah/execute?locale=en", {
            sessionId: session.sessionId,
            checkout: { ...checkout(), expectedTotal: seen },
          }),
        ),
      );
      expectTotalChanged(refused, seen, total, "myfatoorah");
      expect(p.sandboxRequests().slice(called)).toEqual([]);
      expect(await p.attemptsOf(shown.id)).toEqual([]);
    } finally {
      await restore();
    }
  });

  it("refuses a signed-out shopper, a missing cart and a body with card data instead of a token", async () => {
    await cartWithSalts();
    const signedOut = await readEnvelope(storeApi(json("POST", "/api/checkout/pay/tamara", { checkout: checkout() })));
    expect([signedOut.status, errorOf(signedOut)?.code]).toEqual([401, "SP:Unauthorized"]);

    await signIn();
    jar.delete("sf_cart_spa");
    const noCart = await readEnvelope(storeApi(json("POST", "/api/checkout/pay/tabby", { checkout: checkout() })));
    expect([noCart.status, errorOf(noCart)?.code]).toEqual([404, "SP:EntityNotFound"]);

    await cartWithSalts();
    const card = await readEnvelope(
      storeApi(
        json("POST", "/api/checkout/pay/moyasar", {
          number: "4111111111111111",
          tokenType: "creditcard",
          checkout: checkout(),
        }),
      ),
    );
    expect([card.status, errorOf(card)?.code]).toEqual([400, "SP:ValidationError"]);
  });

  it("gives the browser the providers' public addresses and nothing secret", async () => {
    const endpoints = await readEnvelope<PaymentEndpoints>(storeApi(json("GET", "/api/checkout/pay/endpoints")));
    const body = JSON.stringify(endpoints.body);
    expect(Object.keys(envelopeData(endpoints.body)).sort()).toEqual([
      "moyasarApiUrl",
      "myfatoorahScriptUrl",
      "tabbyCardScriptUrl",
      "tamaraWidgetScriptUrl",
    ]);
    expect(body).not.toMatch(/sk_test|whsec|mf_test|tamara_test|notification/);
  });
});
