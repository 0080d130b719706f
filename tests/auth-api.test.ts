import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshTokens } from "@/platform/db/schema";
import { verifyAccessToken } from "@/platform/services/access-tokens";
import { REUSE_GRACE_MS } from "@/platform/services/refresh-tokens";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import type { TenantInfo } from "@/platform/api/router";
import type { OtpSendDto, OtpVerifyDto, TokenPairDto } from "@/contract/dto/auth";
import type { CartDto } from "@/contract/dto/cart";
import { normalizeMobile } from "@/rules/phone";
import { describeEachDb } from "./helpers/test-db";
import { apiCall } from "./helpers/api-call";

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;
const newNumber = () => `+96655${String(++seq).padStart(7, "0")}`;
const newIp = () => `10.1.${Math.floor(++seq / 250)}.${seq % 250}`;

/** The structure of an answer with every string and number replaced by its type. */
const shape = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(shape)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
      : typeof v;

describeEachDb("sign-in API", (t) => {
  afterEach(() => vi.setSystemTime(t().now));
  const call = <T>(tenant: TenantInfo, method: string, path: string, opts: Parameters<typeof apiCall>[4] = {}) =>
    apiCall<T>(t().db, tenant, method, path, opts);
  const send = (tenant: TenantInfo, mobileNumber: string, ip = newIp(), locale = "ar") =>
    call<OtpSendDto>(tenant, "POST", "otp/send", {
      body: { mobileNumber, purpose: "CustomerLogin" },
      headers: { "x-forwarded-for": ip },
      locale,
    });

  async function signIn(tenant: TenantInfo, mobileNumber = newNumber()) {
    const sent = await send(tenant, mobileNumber);
    const code = (await latestOutboxMessage(t().db, tenant.id, normalizeMobile(mobileNumber)!))!.code;
    const verified = await call<OtpVerifyDto>(tenant, "POST", "otp/verify", {
      body: { token: sent.body.data!.token, code },
    });
    expect(verified.status).toBe(200);
    return verified.body.data!;
  }

  describe("otp", () => {
    it("answers a customer's number and a stranger's number alike", async () => {
      const known = await signIn(t().spa);
      const ip = newIp();
      const forKnown = await send(t().spa, known.customer.mobileNumber, ip);
      const forUnknown = await send(t().spa, newNumber(), ip);
      expect(forKnown.status).toBe(200);
      expect(forUnknown.status).toBe(forKnown.status);
      expect(shape(forUnknown.body)).toEqual(shape(forKnown.body));
      expect(shape(forKnown.body)).toEqual({ data: { token: "string" } });
      expect(forKnown.body.data!.token).toHaveLength(forUnknown.body.data!.token.length);
    });

    it("signs in with the token pair and the customer, created with an incomplete profile", async () => {
      const number = newNumber();
      const answer = await signIn(t().spa, `0${number.slice(4)}`);
      expect(answer).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: "Bearer",
        expires_in: 900,
        customer: { id: expect.any(String), name: "", mobileNumber: number, email: null, isProfileComplete: false },
      });
      const claims = await verifyAccessToken(answer.access_token, t().spa.id);
      expect(claims).toMatchObject({ sub: answer.customer.id, tenantid: t().spa.id });
      expect(claims.exp - claims.iat).toBe(900);
    });

    it("answers errors in the envelope with their codes", async () => {
      const invalid = await send(t().spa, "12");
      expect(invalid).toMatchObject({ status: 400, body: { error: { code: "SP:InvalidMobileNumber" } } });
      const noToken = await call(t().spa, "POST", "otp/verify", { body: { token: "x".repeat(43), code: "123456" } });
      expect(noToken).toMatchObject({ status: 400, body: { error: { code: "SP:OtpCodeIsExpired" } } });
      const badPurpose = await call(t().spa, "POST", "otp/send", {
        body: { mobileNumber: newNumber(), purpose: "Other" },
      });
      expect(badPurpose).toMatchObject({ status: 400, body: { error: { code: "SP:ValidationError" } } });
    });

    it("limits sends by the LAST x-forwarded-for entry, which the client cannot choose", async () => {
      const proxyIp = newIp();
      for (let i = 0; i < 20; i++)
        expect((await send(t().spa, newNumber(), `203.0.113.${i}, ${proxyIp}`)).status).toBe(200);
      const refused = await send(t().spa, newNumber(), `198.51.100.7, ${proxyIp}`);
      expect(refused).toMatchObject({
        status: 429,
        body: { error: { code: "SP:TooManyRequests", details: { retryAfterSeconds: 600 } } },
      });
      expect((await send(t().spa, newNumber(), `${proxyIp}, ${newIp()}`)).status).toBe(200);
    });
  });

  describe("refresh tokens", () => {
    it("rotates, and a reused token revokes the whole family", async () => {
      const first = await signIn(t().spa);
      const second = await call<TokenPairDto>(t().spa, "POST", "token/refresh", {
        body: { refresh_token: first.refresh_token },
      });
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        token_type: "Bearer",
        expires_in: 900,
      });
      expect(second.body.data!.refresh_token).not.toBe(first.refresh_token);
      expect((await verifyAccessToken(second.body.data!.access_token, t().spa.id)).sub).toBe(first.customer.id);

      vi.setSystemTime(new Date(Date.now() + REUSE_GRACE_MS));
      const reused = await call(t().spa, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } });
      expect(reused).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidRefreshToken" } } });
      const successor = await call(t().spa, "POST", "token/refresh", {
        body: { refresh_token: second.body.data!.refresh_token },
      });
      expect(successor).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidRefreshToken" } } });
      // Another sign-in of the same customer is another family, untouched.
      const other = await signIn(t().spa, first.customer.mobileNumber);
      expect(
        (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: other.refresh_token } })).status,
      ).toBe(200);
    });

    it("lets two simultaneous refreshes (two instances, two tabs) both succeed, and a late reuse revoke the family", async () => {
      const first = await signIn(t().spa);
      const both = await Promise.all(
        [0, 1].map(() =>
          call<TokenPairDto>(t().spa, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } }),
        ),
      );
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both[0].body.data!.refresh_token).not.toBe(both[1].body.data!.refresh_token);
      vi.setSystemTime(new Date(Date.now() + REUSE_GRACE_MS));
      expect(
        (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } })).status,
      ).toBe(401);
      for (const r of both)
        expect(
          (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: r.body.data!.refresh_token } }))
            .status,
        ).toBe(401);
    });

    it("stores tokens hashed, and refuses unknown, expired and other stores' tokens", async () => {
      const first = await signIn(t().spa);
      const rows = await t().db.select().from(refreshTokens).where(eq(refreshTokens.customerId, first.customer.id));
      expect(JSON.stringify(rows)).not.toContain(first.refresh_token);
      for (const refresh_token of ["A".repeat(43), "short", ""]) {
        expect(await call(t().spa, "POST", "token/refresh", { body: { refresh_token } })).toMatchObject({
          status: 401,
          body: { error: { code: "SP:InvalidRefreshToken" } },
        });
      }
      expect(
        (await call(t().coffee, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } })).status,
      ).toBe(401);
      vi.setSystemTime(new Date(t().now.getTime() + 30 * DAY + 1000));
      expect(
        (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } })).status,
      ).toBe(401);
      vi.setSystemTime(new Date(t().now.getTime() + 30 * DAY - 1000));
      expect(
        (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } })).status,
      ).toBe(200);
    });

    it("revokes on logout, and logout always answers 200", async () => {
      const first = await signIn(t().spa);
      const second = (
        await call<TokenPairDto>(t().spa, "POST", "token/refresh", { body: { refresh_token: first.refresh_token } })
      ).body.data!;
      expect(await call(t().spa, "POST", "token/revoke", { body: { refresh_token: second.refresh_token } })).toEqual({
        status: 200,
        body: { data: null },
      });
      expect(
        (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: second.refresh_token } })).status,
      ).toBe(401);
      for (const body of [{ refresh_token: "nonsense" }, {}, { refresh_token: 5 }]) {
        expect(await call(t().spa, "POST", "token/revoke", { body })).toEqual({ status: 200, body: { data: null } });
      }
      const req = new Request("http://spa.localhost/api/app/token/revoke", { method: "POST", body: "{nope" });
      const { handlePlatformRequest } = await import("@/platform/api");
      expect((await handlePlatformRequest(req, "token/revoke", t().spa, t().db)).status).toBe(200);
    });
    it("ends the session's access tokens at logout at once, on every call, while the customer's other sessions go on", async () => {
      const me = (token: string) => call(t().spa, "GET", "identity-customer/me", { token });
      const phone = await signIn(t().spa);
      const laptop = await signIn(t().spa, phone.customer.mobileNumber);
      // A refreshed pair: both the first access token and its successor belong to the one session.
      const refreshed = (
        await call<TokenPairDto>(t().spa, "POST", "token/refresh", { body: { refresh_token: phone.refresh_token } })
      ).body.data!;
      for (const token of [phone.access_token, refreshed.access_token, laptop.access_token])
        expect((await me(token)).status).toBe(200);
      await call(t().spa, "POST", "token/revoke", { body: { refresh_token: refreshed.refresh_token } });
      // Copies kept from before the logout: refused with 14 minutes still to run, for reads, the cart and writes alike.
      for (const token of [phone.access_token, refreshed.access_token]) {
        expect(await me(token)).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidToken" } } });
        expect((await call(t().spa, "POST", "cart", { token })).status).toBe(401);
        expect(
          (await call(t().spa, "PUT", "identity-customer", { token, body: { name: "Thief", email: null } })).status,
        ).toBe(401);
      }
      expect((await me(laptop.access_token)).status).toBe(200);
      // A reused refresh token ends its session's access tokens too (theft: the family is revoked).
      const next = (
        await call<TokenPairDto>(t().spa, "POST", "token/refresh", { body: { refresh_token: laptop.refresh_token } })
      ).body.data!;
      vi.setSystemTime(new Date(Date.now() + REUSE_GRACE_MS));
      expect(
        (await call(t().spa, "POST", "token/refresh", { body: { refresh_token: laptop.refresh_token } })).status,
      ).toBe(401);
      for (const token of [laptop.access_token, next.access_token]) expect((await me(token)).status).toBe(401);
    });

    it("refuses a signed token without a session id, with a malformed one, or naming no session", async () => {
      const { SignJWT } = await import("jose");
      const { platformSecret } = await import("@/platform/services/access-tokens");
      const first = await signIn(t().spa);
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT({ tenantid: t().spa.id, ...claims })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(first.customer.id)
          .setIssuedAt()
          .setExpirationTime("10m")
          .sign(new TextEncoder().encode(platformSecret()));
      for (const claims of [{}, { sid: "not-a-uuid" }, { sid: 5 }, { sid: "00000000-0000-4000-8000-000000000000" }]) {
        expect(
          await call(t().spa, "GET", "identity-customer/me", { token: await sign(claims) }),
          JSON.stringify(claims),
        ).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidToken" } } });
      }
    });

    it("refuses a token signed with the platform's key whose subject is not a customer id, before any query", async () => {
      const { SignJWT, decodeJwt } = await import("jose");
      const { platformSecret } = await import("@/platform/services/access-tokens");
      const first = await signIn(t().spa);
      // A live session's id, so nothing but the subject is wrong.
      const { sid } = decodeJwt(first.access_token);
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT({ tenantid: t().spa.id, sid, ...claims })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("10m")
          .sign(new TextEncoder().encode(platformSecret()));
      const subjects = [{}, { sub: "not-a-uuid" }, { sub: 5 }, { sub: "" }, { sub: `${first.customer.id}x` }];
      for (const claims of [...subjects, { sub: first.customer.id, tenantid: 5 }]) {
        const token = await sign(claims);
        for (const [method, path] of [
          ["GET", "identity-customer/me"],
          ["POST", "cart"],
        ])
          expect(await call(t().spa, method, path, { token }), `${method} ${JSON.stringify(claims)}`).toMatchObject({
            status: 401,
            body: { error: { code: "SP:InvalidToken" } },
          });
      }
    });
  });

  describe("access tokens on bearer calls", () => {
    const cart = (tenant: TenantInfo, token?: string) => call<CartDto>(tenant, "POST", "cart", { token });

    it("refuses a spa token on coffee", async () => {
      const { access_token } = await signIn(t().spa);
      expect((await cart(t().spa, access_token)).status).toBe(200);
      expect(await cart(t().coffee, access_token)).toMatchObject({
        status: 401,
        body: { error: { code: "SP:TenantMismatch" } },
      });
      const guestCart = (await cart(t().coffee)).body.data!.id;
      expect(await call(t().coffee, "POST", `cart/${guestCart}/assign`, { token: access_token })).toMatchObject({
        status: 401,
        body: { error: { code: "SP:TenantMismatch" } },
      });
    });

    it("refuses an expired, tampered or missing token", async () => {
      const { access_token } = await signIn(t().spa);
      const guestCart = (await cart(t().spa)).body.data!.id;
      const assign = (token?: string) => call(t().spa, "POST", `cart/${guestCart}/assign`, { token });
      expect(await assign()).toMatchObject({ status: 401, body: { error: { code: "SP:Unauthorized" } } });
      const [head, payload, signature] = access_token.split(".");
      const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
      expect(await assign(flipped)).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidToken" } } });
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: "00000000-0000-4000-8000-000000000000" })).toString("base64url")}.${signature}`;
      expect(await assign(forged)).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidToken" } } });
      vi.setSystemTime(new Date(t().now.getTime() + 15 * 60 * 1000 + 1000));
      expect(await assign(access_token)).toMatchObject({ status: 401, body: { error: { code: "SP:TokenExpired" } } });
      vi.setSystemTime(t().now);
      expect((await assign(access_token)).status).toBe(200);
    });
  });
});
