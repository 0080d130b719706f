import { beforeAll, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { refreshTokens, revokeToken, sendOtp, verifyOtp } from "@/lib/platform-client/auth";
import { PlatformCallError } from "@/lib/platform-client/core";
import { describeEachDb } from "./helpers/test-db";

let seq = 0;
const newNumber = () => `+96656${String(++seq).padStart(7, "0")}`;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a PlatformCallError");
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(PlatformCallError);
      return e as PlatformCallError;
    },
  );

// The storefront's sign-in wrappers against the embedded platform, as the session BFF calls them.
describeEachDb("sign-in client", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));

  it("sends, verifies, refreshes and revokes", async () => {
    const { spa } = t();
    const number = newNumber();
    const { token } = await sendOtp(spa, "en", number, "192.0.2.1");
    const message = (await latestOutboxMessage(t().db, spa.id, number))!;
    expect(message.text).toMatch(/^Your sign-in code for Rimal Wellness: \d{6}$/);
    const signedIn = await verifyOtp(spa, "en", token, message.code!, "192.0.2.1");
    expect(signedIn).toMatchObject({ token_type: "Bearer", expires_in: 900, customer: { mobileNumber: number, isProfileComplete: false } });
    const next = await refreshTokens(spa, signedIn.refresh_token);
    expect(next.refresh_token).not.toBe(signedIn.refresh_token);
    await revokeToken(spa, next.refresh_token);
    expect((await failure(refreshTokens(spa, next.refresh_token))).code).toBe("SP:InvalidRefreshToken");
  });

  it("passes the visitor's IP for the per-IP limit, and throws the platform's codes", async () => {
    const { spa } = t();
    for (let i = 0; i < 20; i++) await sendOtp(spa, "ar", newNumber(), "192.0.2.50");
    const limited = await failure(sendOtp(spa, "ar", newNumber(), "192.0.2.50"));
    expect(limited).toMatchObject({ status: 429, code: "SP:TooManyRequests", error: { details: { retryAfterSeconds: 600 } } });
    await sendOtp(spa, "ar", newNumber(), "192.0.2.51");
    expect((await failure(sendOtp(spa, "ar", "123", "192.0.2.51"))).code).toBe("SP:InvalidMobileNumber");
    expect((await failure(verifyOtp(spa, "ar", "x".repeat(43), "123456", "192.0.2.51"))).code).toBe("SP:OtpCodeIsExpired");
  });
});
