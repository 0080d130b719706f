import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  providerErrorMessage,
  providerRequest,
  secretsEqual,
  segment,
  type ProviderCall,
} from "@/platform/payments/http";
import { ProviderError } from "@/platform/payments/provider";
import { startFakeProvider, type FakeProvider } from "./helpers/fake-provider";

const call = (over: Partial<ProviderCall<{ ok: boolean }>> = {}): ProviderCall<{ ok: boolean }> => ({
  provider: "tabby",
  code: "CREATE_TABBY_SESSION_ERROR",
  method: "GET",
  path: "/thing",
  auth: "bearer",
  schema: z.object({ ok: z.boolean() }),
  ...over,
});

describe("providerRequest", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider("/api");
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("joins the base URL (with or without a trailing slash) and the path; GET sends no body and no content type", async () => {
    fake.answer(() => ({ json: { ok: true, extra: 1 } }));
    expect(await providerRequest({ baseUrl: `${fake.base}/`, secretKey: "k" }, call())).toEqual({ ok: true });
    expect(fake.seen[0]).toMatchObject({ method: "GET", url: "/api/thing", body: "" });
    expect(fake.seen[0].headers["content-type"]).toBeUndefined();
    expect(fake.seen[0].headers.accept).toBe("application/json");
    expect(fake.seen[0].headers.authorization).toBe("Bearer k");
  });

  it("POST sends JSON; Basic auth is the key as user with an empty password", async () => {
    fake.answer(() => ({ status: 201, json: { ok: true } }));
    await providerRequest(fake.config("sk_test_x"), call({ method: "POST", auth: "basic", body: { a: 1, b: "ü" } }));
    expect(fake.seen[0].headers["content-type"]).toBe("application/json");
    expect(fake.seen[0].json()).toEqual({ a: 1, b: "ü" });
    expect(Buffer.from(String(fake.seen[0].headers.authorization).replace(/^Basic /, ""), "base64").toString()).toBe(
      "sk_test_x:",
    );
  });

  it("uses an injected fetch", async () => {
    const urls: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ ok: false }), { status: 200 });
    };
    expect(
      await providerRequest({ baseUrl: "https://api.example.test/v1", secretKey: "k", fetch: fetchStub }, call()),
    ).toEqual({ ok: false });
    expect(urls).toEqual(["https://api.example.test/v1/thing"]);
  });

  it("does not follow a redirect (a provider API never sends one; the key must not travel on)", async () => {
    fake.answer((req) =>
      req.url === "/api/thing" ? { status: 302, text: "", contentType: "text/plain" } : { json: { ok: true } },
    );
    await expect(providerRequest(fake.config("k"), call())).rejects.toMatchObject({
      code: "CREATE_TABBY_SESSION_ERROR",
      providerMessage: "The provider could not be reached",
    });
    expect(fake.seen).toHaveLength(1);
  });

  it("names the provider of the config over the call's (rekaz-pay on MyFatoorah's client)", async () => {
    fake.answer(() => ({ status: 503, json: { Message: "Down" } }));
    const err = await providerRequest(
      fake.config("k", { provider: "rekaz-pay" }),
      call({ provider: "myfatoorah" }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({
      details: { provider: "rekaz-pay" },
      provider: "rekaz-pay",
      httpStatus: 503,
      providerMessage: "Down",
    });
  });

  it("keeps a long non-JSON error short and on one line", async () => {
    fake.answer(() => ({ status: 500, text: `<html>\n${"x".repeat(5000)}\n</html>` }));
    const err = (await providerRequest(fake.config("k"), call()).catch((e: unknown) => e)) as ProviderError;
    const message = String(err.providerMessage);
    expect(message.length).toBeLessThanOrEqual(140);
    expect(message).not.toContain("\n");
  });

  it("a wrong shape names the fields, never their values", async () => {
    fake.answer(() => ({ json: { ok: "sk_live_secret" } }));
    const err = (await providerRequest(fake.config("k"), call()).catch((e: unknown) => e)) as ProviderError;
    expect(err.providerMessage).toBe("Unexpected answer (ok)");
  });
});

describe("providerErrorMessage", () => {
  it.each([
    [
      "Moyasar",
      {
        type: "invalid_request_error",
        message: "Validation Failed",
        errors: { number: ["is invalid", "is too short"], cvc: ["is blank"] },
      },
      "Validation Failed — number: is invalid, is too short; cvc: is blank",
    ],
    [
      "MyFatoorah",
      {
        IsSuccess: false,
        Message: "Invalid data",
        ValidationErrors: [{ Name: "InvoiceValue", Error: "must be positive" }, { Error: "bad" }],
        Data: null,
      },
      "Invalid data — InvoiceValue: must be positive; bad",
    ],
    ["Tabby", { status: "error", errorType: "bad_data", error: "buyer.phone is invalid" }, "buyer.phone is invalid"],
    ["Tabby without text", { status: "error", errorType: "unauthorized" }, "unauthorized"],
    [
      "Tamara",
      {
        message: "Invalid request",
        errors: [{ error_code: "consumer_phone_invalid", data: {} }, { error_code: "total_amount_invalid" }],
      },
      "Invalid request — consumer_phone_invalid; total_amount_invalid",
    ],
    ["Moyasar without details", { type: "api_error", message: "Object not found", errors: null }, "Object not found"],
  ])("%s", (_name, body, expected) => {
    expect(providerErrorMessage(body)).toBe(expected);
  });

  it("has nothing to say for bodies without words", () => {
    expect(providerErrorMessage(undefined)).toBeUndefined();
    expect(providerErrorMessage("text")).toBeUndefined();
    expect(providerErrorMessage({})).toBeUndefined();
    expect(providerErrorMessage({ message: "  ", errors: [] })).toBeUndefined();
  });
});

describe("secretsEqual and segment", () => {
  it("compares exactly, and never matches a missing secret", () => {
    expect(secretsEqual("whsec_a", "whsec_a")).toBe(true);
    expect(secretsEqual("whsec_a", "whsec_b")).toBe(false);
    expect(secretsEqual("whsec_a", "whsec_a ")).toBe(false);
    expect(secretsEqual(null, "whsec_a")).toBe(false);
    expect(secretsEqual(undefined, "")).toBe(false);
    expect(secretsEqual("", "")).toBe(false);
  });

  it("encodes an outside id as one path segment", () => {
    expect(segment("a/b?c#d")).toBe("a%2Fb%3Fc%23d");
  });
});
