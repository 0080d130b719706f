import { afterEach, describe, expect, it, vi } from "vitest";
import { PaymentSetupError, ProviderRefusal } from "@/lib/payments/provider-browser";
import {
  createMoyasarToken,
  moyasarErrorText,
  validateApplePayMerchant,
} from "@/payment-providers/moyasar/browser/api";

const card = { name: "Sara Alqahtani", number: "4111111111111111", month: "09", year: "2027", cvc: "123" };

afterEach(() => vi.unstubAllGlobals());

describe("the browser's token call to Moyasar (card data never reaches our server)", () => {
  it("posts the card with the publishable key as Basic auth and answers the token id", async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: "token_abc", status: "initiated" }, { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(
      createMoyasarToken("/sandbox/moyasar/v1/", "pk_test_x", card, "https://s.sa/checkout/done/1"),
    ).resolves.toBe("token_abc");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/sandbox/moyasar/v1/tokens");
    expect(new Headers(init.headers).get("authorization")).toBe(`Basic ${btoa("pk_test_x:")}`);
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: "Sara Alqahtani",
      number: "4111111111111111",
      month: 9,
      year: 2027,
      cvc: "123",
      callback_url: "https://s.sa/checkout/done/1",
      save_only: true,
    });
    expect(init.credentials).toBe("omit");
  });

  it("refuses without a publishable key (spec §8's text)", async () => {
    const err = await createMoyasarToken("/v1", null, card, "x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentSetupError);
    expect((err as Error).message).toBe("Moyasar public token key is not set");
    await expect(
      validateApplePayMerchant("/v1", null, { validationUrl: "u", displayName: "d", domainName: "h" }),
    ).rejects.toBeInstanceOf(PaymentSetupError);
  });

  it("turns the provider's refusal into CREATE_TOKEN_ERROR with its own message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { type: "invalid_request_error", message: "Validation Failed", errors: { number: ["Number is invalid"] } },
          { status: 400 },
        ),
      ),
    );
    const err = (await createMoyasarToken("/v1", "pk", card, "x").catch((e: unknown) => e)) as ProviderRefusal;
    expect(err).toBeInstanceOf(ProviderRefusal);
    expect(err.code).toBe("CREATE_TOKEN_ERROR");
    expect(err.message).toBe("Number is invalid");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect(
      ((await createMoyasarToken("/v1", "pk", card, "x").catch((e: unknown) => e)) as ProviderRefusal).message,
    ).toBe("Failed to create token");
  });

  it("reads every error body shape", () => {
    expect(moyasarErrorText({ message: "Invalid authorization credentials" }, "f")).toBe(
      "Invalid authorization credentials",
    );
    expect(
      moyasarErrorText(
        { message: "Validation Failed", errors: { name: ["Name is invalid"], cvc: ["CVC is too short"] } },
        "f",
      ),
    ).toBe("Name is invalid CVC is too short");
    expect(moyasarErrorText(null, "f")).toBe("f");
    expect(moyasarErrorText("<html>", "f")).toBe("f");
  });
});
