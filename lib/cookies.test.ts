import { describe, expect, it } from "vitest";
import {
  CART_COOKIE_MAX_AGE_S,
  cartCookieFlags,
  cartCookieName,
  parseCartId,
  secureCookies,
  sessionCookieFlags,
  sessionCookieName,
} from "./cookies";

describe("cart cookie", () => {
  it("is named per tenant, with only cookie-safe characters", () => {
    expect(cartCookieName("spa")).toBe("sf_cart_spa");
    expect(cartCookieName("coffee")).not.toBe(cartCookieName("spa"));
    expect(cartCookieName("Bunn Roastery;x=1")).toBe("sf_cart_bunn_roastery_x_1");
  });

  it("is httpOnly, Lax, site-wide and lives about 30 days", () => {
    expect(cartCookieFlags(true)).toEqual({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/",
      maxAge: 30 * 24 * 3600,
    });
    expect(CART_COOKIE_MAX_AGE_S).toBe(2_592_000);
  });

  it("is secure in production, not in development, and follows an explicit scheme", () => {
    expect(secureCookies({ NODE_ENV: "production" })).toBe(true);
    expect(secureCookies({ NODE_ENV: "development" })).toBe(false);
    expect(secureCookies({ NODE_ENV: "test" })).toBe(false);
    expect(secureCookies({ NODE_ENV: "production", PUBLIC_URL_SCHEME: "http" })).toBe(false);
    expect(secureCookies({ NODE_ENV: "development", PUBLIC_URL_SCHEME: "https" })).toBe(true);
  });

  it("accepts only a cart id the platform could have issued", () => {
    expect(parseCartId("0b5e8f2a-7c1d-4e6f-9a3b-2c4d6e8f0a1b")).toBe("0b5e8f2a-7c1d-4e6f-9a3b-2c4d6e8f0a1b");
    expect(parseCartId(undefined)).toBeNull();
    expect(parseCartId("")).toBeNull();
    expect(parseCartId("../../admin")).toBeNull();
    expect(parseCartId("0b5e8f2a-7c1d-4e6f-9a3b-2c4d6e8f0a1b; x")).toBeNull();
  });
});

describe("session cookie", () => {
  it("is named per tenant, like the cart's", () => {
    expect(sessionCookieName("spa")).toBe("sf_session_spa");
    expect(sessionCookieName("coffee")).not.toBe(sessionCookieName("spa"));
    expect(sessionCookieName("Bunn Roastery;x=1")).toBe("sf_session_bunn_roastery_x_1");
  });

  it("is httpOnly, Lax, site-wide, secure when asked, and lives as long as the refresh token", () => {
    expect(sessionCookieFlags(true)).toEqual({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/",
      maxAge: 30 * 24 * 3600,
    });
    expect(sessionCookieFlags(false).secure).toBe(false);
  });
});
