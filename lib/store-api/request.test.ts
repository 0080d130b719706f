import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { PlatformCallError } from "@/lib/platform-client/core";
import { errorEnvelope } from "@/server/error-envelope";
import { readJsonBody as readJson } from "@/server/body";
import { StoreRefusal } from "./context";
import { isForeignOrigin, localeForRequest } from "./request";

const errorBody = (err: unknown) => errorEnvelope(err, "store-api");

const req = (url: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  new Request(url, { ...init, headers });

describe("store API locale", () => {
  it("takes ?locale= first, then Accept-Language, defaulting to Arabic", () => {
    expect(localeForRequest(req("http://spa.localhost/api/cart?locale=en"), ["ar", "en"])).toBe("en");
    expect(
      localeForRequest(req("http://spa.localhost/api/cart?locale=ar", { "accept-language": "en-US" }), ["ar", "en"]),
    ).toBe("ar");
    expect(
      localeForRequest(req("http://spa.localhost/api/cart", { "accept-language": "en-GB,en;q=0.9" }), ["ar", "en"]),
    ).toBe("en");
    expect(localeForRequest(req("http://spa.localhost/api/cart", { "accept-language": "fr" }), ["ar", "en"])).toBe(
      "ar",
    );
    expect(localeForRequest(req("http://spa.localhost/api/cart?locale=xx"), ["ar", "en"])).toBe("ar");
  });

  it("falls back to the tenant's first language when it does not offer the one asked for", () => {
    expect(localeForRequest(req("http://coffee.localhost/api/cart?locale=en"), ["ar"])).toBe("ar");
    expect(localeForRequest(req("http://shop.localhost/api/cart?locale=ar"), ["en"])).toBe("en");
    expect(localeForRequest(req("http://shop.localhost/api/cart"), ["en"])).toBe("en");
  });
});

describe("store API origin check", () => {
  const post = (origin?: string) =>
    req(
      "http://spa.localhost:3000/api/cart/items",
      { host: "spa.localhost:3000", ...(origin ? { origin } : {}) },
      { method: "POST" },
    );
  it("refuses a change sent from another site", () => {
    expect(isForeignOrigin(post("https://evil.example"))).toBe(true);
    expect(isForeignOrigin(post("http://coffee.localhost:3000"))).toBe(true);
    expect(isForeignOrigin(post("null"))).toBe(true);
  });
  it("allows the same host, requests without Origin, and reads", () => {
    expect(isForeignOrigin(post("http://spa.localhost:3000"))).toBe(false);
    expect(isForeignOrigin(post())).toBe(false);
    expect(
      isForeignOrigin(
        req("http://spa.localhost:3000/api/cart", { host: "spa.localhost:3000", origin: "https://evil.example" }),
      ),
    ).toBe(false);
  });
});

describe("store API bodies and errors", () => {
  it("reads JSON and answers malformed JSON with a code", async () => {
    const body = (text: string) => req("http://spa.localhost/api/cart/items", {}, { method: "POST", body: text });
    await expect(readJson(body('{"productId":"p"}'))).resolves.toEqual({ productId: "p" });
    await expect(readJson(body(""))).resolves.toEqual({});
    await expect(readJson(body("{nope"))).rejects.toMatchObject({ status: 400, code: "SP:MalformedJson" });
  });

  it("passes the platform's code, message and status through", () => {
    const err = new PlatformCallError(409, "SP:MerchandiseItemInsufficientStock", "Only 3 left");
    expect(errorBody(err)).toEqual({
      status: 409,
      error: { code: "SP:MerchandiseItemInsufficientStock", message: "Only 3 left" },
    });
  });

  it("turns its own refusals and validation failures into coded 4xx answers", () => {
    expect(errorBody(new StoreRefusal(404, "SP:TenantNotFound", "No store"))).toEqual({
      status: 404,
      error: { code: "SP:TenantNotFound", message: "No store" },
    });
    const parsed = z.object({ quantity: z.int().min(1) }).safeParse({ quantity: 0 });
    const { status, error } = errorBody(parsed.error);
    expect(status).toBe(400);
    expect(error.code).toBe("SP:ValidationError");
    expect(error.details).toHaveProperty("quantity");
  });

  it("never shows an unexpected exception's message or stack", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, error } = errorBody(
      new Error("connect ECONNREFUSED 10.0.0.5:5432 at Pool.connect (/app/node_modules/pg)"),
    );
    expect(status).toBe(500);
    expect(error).toEqual({ code: "SP:InternalError", message: "Something went wrong on our side" });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
