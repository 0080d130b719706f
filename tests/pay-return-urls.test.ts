import { describe, expect, it } from "vitest";
import { doneUrl, requestOrigin } from "@/lib/payments/callback-urls";
import { PAY_STEPS } from "@/payment-providers/contract";
import { myfatoorahNetworks } from "@/payment-providers/myfatoorah/browser/card-networks";

const CART = "5f1c8a2e-0000-4000-8000-0000000000aa";
const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("return addresses built from the request (never from the body)", () => {
  it("uses the Host the browser reached, with the configured, forwarded or own scheme", () => {
    expect(requestOrigin(req("http://spa.localhost:3204/api/checkout/pay/tabby", { host: "spa.localhost:3204" }))).toBe(
      "http://spa.localhost:3204",
    );
    expect(
      requestOrigin(req("http://10.0.0.5:3000/api/x", { host: "shop.example.sa", "x-forwarded-proto": "https, http" })),
    ).toBe("https://shop.example.sa");
    expect(
      requestOrigin(
        req("http://10.0.0.5:3000/api/x", { host: "shop.example.sa", "x-forwarded-proto": "https" }),
        "http",
      ),
    ).toBe("http://shop.example.sa");
    expect(
      requestOrigin(req("http://10.0.0.5:3000/api/x", { host: "shop.example.sa", "x-forwarded-proto": "gopher" })),
    ).toBe("http://shop.example.sa");
  });

  it("returns to the done page of the cart, under /en for English", () => {
    expect(doneUrl("https://shop.example.sa", "ar", CART)).toBe(`https://shop.example.sa/checkout/done/${CART}`);
    expect(doneUrl("https://shop.example.sa", "en", CART)).toBe(`https://shop.example.sa/en/checkout/done/${CART}`);
  });
});

describe("what each pay step sends the platform", () => {
  const ctx = (locale: string) => ({ cartId: CART, done: doneUrl("https://s.sa", locale, CART), storeName: "Spa" });

  it("a card or Apple Pay token: the cart, the done page and the store's name; paid completes the order", () => {
    const step = PAY_STEPS.moyasar.start;
    const body = step.body.parse({ token: "token_1", tokenType: "token", reference: "someone-else", callbackUrl: "x" });
    expect(step.request(ctx("ar"), body)).toEqual({
      body: {
        token: "token_1",
        tokenType: "token",
        reference: CART,
        callbackUrl: `https://s.sa/checkout/done/${CART}`,
        description: "Spa",
      },
    });
    const answer = { paymentId: "p", redirectUrl: null, errorMessageCode: null, failureReason: null };
    expect(step.completes?.({ ...answer, status: "paid" })).toBe(true);
    expect(step.completes?.({ ...answer, status: "initiated" })).toBe(false);
  });

  it("the embedded card form returns to the done page on success and on error", () => {
    expect(PAY_STEPS.myfatoorah.execute.request(ctx("ar"), { sessionId: "s1", checkout: undefined })).toEqual({
      query: {
        sessionId: "s1",
        cartId: CART,
        callbackUrl: `https://s.sa/checkout/done/${CART}`,
        errorCallbackUrl: `https://s.sa/checkout/done/${CART}`,
      },
      body: { checkout: undefined },
    });
    expect(PAY_STEPS.myfatoorah.session.request(ctx("en"), { amount: 115 })).toEqual({
      params: { cartId: CART },
      query: { callbackUrl: `https://s.sa/en/checkout/done/${CART}`, totalAmount: 115 },
    });
    expect(() => PAY_STEPS.myfatoorah.session.body.parse({ amount: 0 })).toThrow();
  });

  it("names Tabby or Tamara on the way back, with cancel and failure (spec §2)", () => {
    expect(PAY_STEPS.tabby.start.request(ctx("en"), { checkout: undefined }).body).toEqual({
      reference: CART,
      success_url: `https://s.sa/en/checkout/done/${CART}?payment_method=tabby`,
      cancel_url: `https://s.sa/en/checkout/done/${CART}?payment_method=tabby&status=cancel`,
      failure_url: `https://s.sa/en/checkout/done/${CART}?payment_method=tabby&status=failure`,
      checkout: undefined,
    });
    expect(PAY_STEPS.tamara.start.request(ctx("ar"), { checkout: undefined }).body.cancel_url).toBe(
      `https://s.sa/checkout/done/${CART}?payment_method=tamara&status=cancel`,
    );
    expect(PAY_STEPS.tabby.eligibility.request(ctx("ar"), {}).body).toMatchObject({
      cartId: CART,
      failure_url: `https://s.sa/checkout/done/${CART}?payment_method=tabby&status=failure`,
    });
  });
});

describe("MyFatoorah card networks (spec §9)", () => {
  it("maps MADA to md and VISA to v and m", () => {
    expect(myfatoorahNetworks(["MADA", "VISA", "CASH"])).toBe("md,v,m");
    expect(myfatoorahNetworks(["MADA"])).toBe("md");
    expect(myfatoorahNetworks(["VISA", "APPLE_PAY"])).toBe("v,m");
    expect(myfatoorahNetworks(["CASH"])).toBe("");
  });
});
