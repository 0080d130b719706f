import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customers, otpChallenges } from "@/platform/db/schema";
import { outboxSender } from "@/platform/providers/sms";
import { sendOtp, verifyOtp } from "@/platform/services/otp";
import { OTP_PURPOSES } from "@/platform/services/otp-rules";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import type { PlatformError } from "@/platform/errors";
import type { Locale } from "@/contract/tenant-settings";
import { describeEachDb } from "./helpers/test-db";
import { expectPlatformError } from "./helpers/demo-catalog";

const MIN = 60_000;
let seq = 0;
/** A fresh valid Saudi mobile number and client IP per use, so tests do not share limits. */
const newNumber = () => `+96650${String(++seq).padStart(7, "0")}`;
const newIp = () => `10.0.${Math.floor(++seq / 250)}.${seq % 250}`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describeEachDb("one-time codes", (t) => {
  afterEach(() => vi.setSystemTime(t().now));
  const later = (ms: number) => new Date(t().now.getTime() + ms);

  const send = (mobileNumber: string, opts: { ip?: string; locale?: Locale; at?: Date } = {}) =>
    sendOtp(
      t().db,
      t().spa,
      { mobileNumber, purpose: OTP_PURPOSES[0] },
      { clientIp: opts.ip ?? newIp(), locale: opts.locale ?? "ar", sms: outboxSender(t().db, t().spa.id), now: opts.at ?? t().now },
    );
  const lastText = async (e164: string) => (await latestOutboxMessage(t().db, t().spa.id, e164))!;
  const codeFor = async (e164: string) => (await lastText(e164)).code!;
  const verify = (token: string, code: string, at = t().now) => verifyOtp(t().db, t().spa.id, { token, code }, at);

  describe("send", () => {
    it("texts six digits in the store's language and stores only hashes", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const ar = await lastText(number);
      expect(ar.text).toMatch(/^رمز الدخول إلى Rimal Wellness: \d{6}$/);
      expect(ar.text.split(ar.code!)).toHaveLength(2);
      const [row] = await t().db.select().from(otpChallenges).where(eq(otpChallenges.mobileNumber, number));
      expect(row).toMatchObject({ tenantId: t().spa.id, purpose: "CustomerLogin", consumedAt: null });
      expect(row.expiresAt.getTime() - t().now.getTime()).toBe(5 * MIN);
      expect(JSON.stringify(row)).not.toContain(ar.code);
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);

      await send(number, { locale: "en" });
      expect((await lastText(number)).text).toMatch(/^Your sign-in code for Rimal Wellness: \d{6}$/);
    });

    it("normalises the number to E.164 and refuses what is not a mobile number", async () => {
      const national = `05${newNumber().slice(5)}`;
      await send(national);
      expect(await latestOutboxMessage(t().db, t().spa.id, `+966${national.slice(1)}`)).not.toBeNull();
      for (const bad of ["12345", "0112345678", "+12025550100", "", "phone"]) {
        const err = await expectPlatformError(send(bad), "SP:InvalidMobileNumber", 400);
        expect(err.details).toEqual({ mobileNumber: "invalid" });
      }
    });

    it("draws codes from the whole range (not a constant, not the same twice in a row)", async () => {
      const number = newNumber();
      const codes = new Set<string>();
      for (let i = 0; i < 3; i++) {
        await send(number, { at: later(i * 11 * MIN) });
        codes.add(await codeFor(number));
      }
      expect(codes.size).toBeGreaterThan(1);
    });
  });

  describe("verify", () => {
    it("signs in with the right code, creating the customer at the first sign-in only", async () => {
      const number = newNumber();
      const first = await send(number);
      const one = await verify(first.token, await codeFor(number));
      expect(one.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t().db.select().from(customers).where(and(eq(customers.tenantId, t().spa.id), eq(customers.mobileNumber, number)));
      expect(rows).toEqual([expect.objectContaining({ id: one.customerId, name: "", email: null })]);
      const second = await send(number);
      const two = await verify(second.token, await codeFor(number));
      expect(two.customerId).toBe(one.customerId);
      expect(await t().db.select().from(customers).where(eq(customers.mobileNumber, number))).toHaveLength(1);
    });

    it("accepts Arabic-Indic digits and refuses a code that is not six digits without counting it", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const code = await codeFor(number);
      for (const bad of ["12345", "1234567", "abcdef", ""]) await expectPlatformError(verify(token, bad), "SP:ValidationError", 400);
      const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
      await verify(token, arabic);
    });

    it("spends a code once", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const code = await codeFor(number);
      await verify(token, code);
      await expectPlatformError(verify(token, code), "SP:OtpCodeIsExpired", 400);
    });

    it("lets exactly one of two simultaneous verifies of one code win", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const code = await codeFor(number);
      const results = await Promise.allSettled([verify(token, code), verify(token, code), verify(token, code)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((r) => r.status === "rejected")) expect((r.reason as PlatformError).code).toBe("SP:OtpCodeIsExpired");
    });

    it("expires a code after 5 minutes", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const code = await codeFor(number);
      await expectPlatformError(verify(token, code, later(5 * MIN)), "SP:OtpCodeIsExpired", 400);
      await expectPlatformError(verify(token, code, later(5 * MIN + 1000)), "SP:OtpCodeIsExpired", 400);
      const again = await send(number);
      await verify(again.token, await codeFor(number), later(5 * MIN - 1000));
    });

    it("answers an unknown or malformed token as expired", async () => {
      await expectPlatformError(verify("A".repeat(43), "123456"), "SP:OtpCodeIsExpired", 400);
      await expectPlatformError(verify("nope", "123456"), "SP:OtpCodeIsExpired", 400);
    });

    it("retires earlier codes when a new one is sent", async () => {
      const number = newNumber();
      const first = await send(number);
      const firstCode = await codeFor(number);
      const second = await send(number);
      await expectPlatformError(verify(first.token, firstCode), "SP:OtpCodeIsExpired", 400);
      await verify(second.token, await codeFor(number));
    });

    it("says mismatch with the attempts left, and still accepts the right code", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const code = await codeFor(number);
      const err = await expectPlatformError(verify(token, wrongCode(code)), "SP:OtpCodeMismatch", 400);
      expect(err.details).toEqual({ remainingAttempts: 4 });
      await verify(token, code);
    });
  });

  describe("lockout", () => {
    it("locks the number at the 5th wrong code across codes (a resend does not reset) for 15 minutes", async () => {
      const number = newNumber();
      const a = await send(number);
      const codeA = await codeFor(number);
      for (let i = 0; i < 3; i++) await expectPlatformError(verify(a.token, wrongCode(codeA)), "SP:OtpCodeMismatch", 400);
      const b = await send(number);
      const codeB = await codeFor(number);
      const fourth = await expectPlatformError(verify(b.token, wrongCode(codeB)), "SP:OtpCodeMismatch", 400);
      expect(fourth.details).toEqual({ remainingAttempts: 1 });
      const fifth = await expectPlatformError(verify(b.token, wrongCode(codeB)), "SP:MaxRetriesReached", 429);
      expect(fifth.details).toEqual({ retryAfterSeconds: 15 * 60 });
      // Locked: even the right code is refused, and no new code is sent.
      await expectPlatformError(verify(b.token, codeB, later(MIN)), "SP:MaxRetriesReached", 429);
      const sendLocked = await expectPlatformError(send(number, { at: later(2 * MIN) }), "SP:MaxRetriesReached", 429);
      expect(sendLocked.details).toEqual({ retryAfterSeconds: 13 * 60 });
      // Attempts during the lock do not extend it.
      await expectPlatformError(send(number, { at: later(15 * MIN - 1000) }), "SP:MaxRetriesReached", 429);
      const c = await send(number, { at: later(15 * MIN) });
      const ok = await verify(c.token, await codeFor(number), later(15 * MIN + 1000));
      expect(ok.customerId).toBeTruthy();
    });

    it("starts counting again after a lock ends", async () => {
      const number = newNumber();
      const a = await send(number);
      const codeA = await codeFor(number);
      for (let i = 0; i < 4; i++) await expectPlatformError(verify(a.token, wrongCode(codeA)), "SP:OtpCodeMismatch", 400);
      await expectPlatformError(verify(a.token, wrongCode(codeA)), "SP:MaxRetriesReached", 429);
      const b = await send(number, { at: later(16 * MIN) });
      const codeB = await codeFor(number);
      const err = await expectPlatformError(verify(b.token, wrongCode(codeB), later(16 * MIN)), "SP:OtpCodeMismatch", 400);
      expect(err.details).toEqual({ remainingAttempts: 4 });
    });

    it("forgets wrong codes 15 minutes old, and a sign-in clears them", async () => {
      const number = newNumber();
      const a = await send(number);
      const codeA = await codeFor(number);
      for (let i = 0; i < 4; i++) await expectPlatformError(verify(a.token, wrongCode(codeA)), "SP:OtpCodeMismatch", 400);
      const b = await send(number, { at: later(15 * MIN) });
      const codeB = await codeFor(number);
      expect((await expectPlatformError(verify(b.token, wrongCode(codeB), later(15 * MIN)), "SP:OtpCodeMismatch")).details).toEqual({ remainingAttempts: 4 });
      await verify(b.token, codeB, later(15 * MIN));
      const c = await send(number, { at: later(16 * MIN) });
      const codeC = await codeFor(number);
      expect((await expectPlatformError(verify(c.token, wrongCode(codeC), later(16 * MIN)), "SP:OtpCodeMismatch")).details).toEqual({ remainingAttempts: 4 });
    });

    it("compares at most 5 of many simultaneous guesses", async () => {
      const number = newNumber();
      const { token } = await send(number);
      const code = await codeFor(number);
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
      const results = await Promise.allSettled(guesses.map((g) => verify(token, g)));
      const codes = results.map((r) => (r.status === "rejected" ? (r.reason as PlatformError).code : "signed-in"));
      expect(codes.filter((c) => c === "SP:OtpCodeMismatch")).toHaveLength(4);
      expect(codes.filter((c) => c === "SP:MaxRetriesReached")).toHaveLength(8);
      await expectPlatformError(verify(token, code), "SP:MaxRetriesReached", 429);
    });
  });

  describe("send limits", () => {
    it("allows 3 sends per number per 10 minutes, whatever the IP", async () => {
      const number = newNumber();
      for (let i = 0; i < 3; i++) await send(number, { at: later(i * MIN) });
      const err = await expectPlatformError(send(number, { at: later(3 * MIN) }), "SP:TooManyRequests", 429);
      expect(err.details).toEqual({ retryAfterSeconds: 7 * 60 });
      await send(number, { at: later(10 * MIN) });
    });

    it("allows 20 sends per IP per 10 minutes, whatever the number", async () => {
      const ip = newIp();
      for (let i = 0; i < 20; i++) await send(newNumber(), { ip });
      const err = await expectPlatformError(send(newNumber(), { ip, at: later(MIN) }), "SP:TooManyRequests", 429);
      expect(err.details).toEqual({ retryAfterSeconds: 9 * 60 });
      await send(newNumber(), { ip: newIp(), at: later(MIN) });
      await send(newNumber(), { ip, at: later(10 * MIN) });
    });

    it("keeps limits per store", async () => {
      const number = newNumber();
      for (let i = 0; i < 3; i++) await send(number);
      await expectPlatformError(send(number), "SP:TooManyRequests", 429);
      await sendOtp(t().db, t().coffee, { mobileNumber: number, purpose: "CustomerLogin" }, { clientIp: newIp(), locale: "ar", sms: outboxSender(t().db, t().coffee.id), now: t().now });
      const coffeeText = (await latestOutboxMessage(t().db, t().coffee.id, number))!.text;
      expect(coffeeText).toMatch(/^رمز الدخول إلى Bunn Roastery: \d{6}$/);
    });
  });
});
