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
      {
        clientIp: opts.ip ?? newIp(),
        locale: opts.locale ?? "ar",
        sms: outboxSender(t().db, t().spa.id),
        now: opts.at ?? t().now,
      },
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
      const rows = await t()
        .db.select()
        .from(customers)
        .where(and(eq(customers.tenantId, t().spa.id), eq(customers.mobileNumber, number)));
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
      for (const bad of ["12345", "1234567", "abcdef", ""])
        await expectPlatformError(verify(token, bad), "SP:ValidationError", 400);
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
      for (const r of results.filter((r) => r.status === "rejected"))
        expect((r.reason as PlatformError).code).toBe("SP:OtpCodeIsExpired");
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

  describe("wrong codes", () => {
    it("spends a code at its 5th wrong try; a new one can be asked for after a minute and signs in", async () => {
      const number = newNumber();
      const a = await send(number);
      const codeA = await codeFor(number);
      for (let left = 4; left >= 1; left--)
        expect(
          (await expectPlatformError(verify(a.token, wrongCode(codeA)), "SP:OtpCodeMismatch", 400)).details,
        ).toEqual({ remainingAttempts: left });
      const fifth = await expectPlatformError(verify(a.token, wrongCode(codeA)), "SP:MaxRetriesReached", 429);
      expect(fifth.details).toEqual({ retryAfterSeconds: 60 });
      // The spent code is refused even when right; the number waits out its minute.
      expect(
        (await expectPlatformError(verify(a.token, codeA, later(20_000)), "SP:MaxRetriesReached", 429)).details,
      ).toEqual({ retryAfterSeconds: 40 });
      expect(
        (await expectPlatformError(send(number, { at: later(30_000) }), "SP:MaxRetriesReached", 429)).details,
      ).toEqual({ retryAfterSeconds: 30 });
      const b = await send(number, { at: later(MIN) });
      // A new code has its own five tries, and the spent one stays spent.
      expect(
        (
          await expectPlatformError(
            verify(b.token, wrongCode(await codeFor(number)), later(MIN)),
            "SP:OtpCodeMismatch",
            400,
          )
        ).details,
      ).toEqual({ remainingAttempts: 4 });
      expect(
        (await expectPlatformError(verify(a.token, codeA, later(2 * MIN)), "SP:MaxRetriesReached", 429)).details,
      ).toBeUndefined();
      const ok = await verify(b.token, await codeFor(number), later(MIN + 1000));
      expect(ok.customerId).toBeTruthy();
    });

    it("counts wrong tries per code: a stranger's guesses at the code they asked for never lock the owner out", async () => {
      const number = newNumber();
      // A stranger asks for a code to the owner's number and guesses 4 times: nothing for the owner to wait for.
      const stranger = await send(number);
      const strangersCode = await codeFor(number);
      for (let i = 0; i < 4; i++)
        await expectPlatformError(verify(stranger.token, wrongCode(strangersCode)), "SP:OtpCodeMismatch", 400);
      const owner = await send(number);
      const ownerCode = await codeFor(number);
      expect(
        (await expectPlatformError(verify(owner.token, wrongCode(ownerCode)), "SP:OtpCodeMismatch", 400)).details,
      ).toEqual({ remainingAttempts: 4 });
      // The stranger's 5th try on the retired code changes nothing for the owner's code either.
      await expectPlatformError(verify(stranger.token, "123456"), "SP:OtpCodeIsExpired", 400);
      expect((await verify(owner.token, ownerCode)).customerId).toBeTruthy();
    });

    it("makes the wait grow with each code spent that way (1, 5, 15, 60, 240 minutes), forgets it a day later, and a sign-in clears it", async () => {
      const number = newNumber();
      const spend = async (at: number) => {
        const { token } = await send(number, { at: later(at) });
        const code = await codeFor(number);
        for (let i = 0; i < 4; i++)
          await expectPlatformError(verify(token, wrongCode(code), later(at)), "SP:OtpCodeMismatch", 400);
        return (await expectPlatformError(verify(token, wrongCode(code), later(at)), "SP:MaxRetriesReached", 429))
          .details;
      };
      let at = 0;
      for (const minutes of [1, 5, 15, 60, 240, 240]) {
        expect(await spend(at)).toEqual({ retryAfterSeconds: minutes * 60 });
        await expectPlatformError(send(number, { at: later(at + minutes * MIN - 1000) }), "SP:MaxRetriesReached", 429);
        at += minutes * MIN;
      }
      // A day after the last spent code the count starts over; never a lock for good.
      at += 24 * 60 * MIN - 240 * MIN;
      expect(await spend(at)).toEqual({ retryAfterSeconds: 60 });
      expect(await spend(at + 10 * MIN)).toEqual({ retryAfterSeconds: 5 * 60 });
      at += 20 * MIN;
      const { token } = await send(number, { at: later(at) });
      await verify(token, await codeFor(number), later(at));
      expect(await spend(at + 10 * MIN)).toEqual({ retryAfterSeconds: 60 });
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
      await sendOtp(
        t().db,
        t().coffee,
        { mobileNumber: number, purpose: "CustomerLogin" },
        { clientIp: newIp(), locale: "ar", sms: outboxSender(t().db, t().coffee.id), now: t().now },
      );
      const coffeeText = (await latestOutboxMessage(t().db, t().coffee.id, number))!.text;
      expect(coffeeText).toMatch(/^رمز الدخول إلى Bunn Roastery: \d{6}$/);
    });
  });
});
