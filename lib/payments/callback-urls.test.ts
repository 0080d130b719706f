import { describe, expect, it } from "vitest";
import { cardCallbackUrls, doneUrl, payLaterUrls, requestOrigin } from "./callback-urls";
import { myfatoorahNetworks } from "./card-networks";

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
    expect(cardCallbackUrls("https://s.sa", "ar", CART)).toEqual({
      callbackUrl: `https://s.sa/checkout/done/${CART}`,
      errorCallbackUrl: `https://s.sa/checkout/done/${CART}`,
    });
  });

  it("names Tabby or Tamara on the way back, with cancel and failure (spec §2)", () => {
    expect(payLaterUrls("https://s.sa", "en", CART, "tabby")).toEqual({
      success_url: `https://s.sa/en/checkout/done/${CART}?payment_method=tabby`,
      cancel_url: `https://s.sa/en/checkout/done/${CART}?payment_method=tabby&status=cancel`,
      failure_url: `https://s.sa/en/checkout/done/${CART}?payment_method=tabby&status=failure`,
    });
    expect(payLaterUrls("https://s.sa", "ar", CART, "tamara").cancel_url).toBe(
      `https://s.sa/checkout/done/${CART}?payment_method=tamara&status=cancel`,
    );
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
