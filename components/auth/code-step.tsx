"use client";

import { useEffect, useId, useRef, useState } from "react";
import { displayMobile } from "@/rules/phone";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/money";
import { normalizeOtpCode, OTP_CODE_LENGTH } from "@/rules/digits";
import type { SessionView } from "@/contract/store/session";
import { StoreApiError } from "@/lib/client-fetch";
import { signInApi } from "@/lib/store-client/sign-in";
import { retryAfterSeconds, useSignInErrorText } from "./use-session-error-message";
import type { SentCode } from "./phone-step";

/** The wait before another code may be asked for (the platform also limits sends per number). */
export const RESEND_COOLDOWN_S = 60;

/** Whole seconds left until `until` (epoch ms), never negative. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** "0:42" in the page's digits. */
function formatCountdown(seconds: number, locale: string): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${formatNumber(m, locale)}:${s < 10 ? formatNumber(0, locale) : ""}${formatNumber(s, locale)}`;
}

type Props = {
  sent: SentCode;
  onResent: (sent: SentCode) => void;
  onChangeNumber: () => void;
  onVerified: (session: SessionView) => void;
  /** Signed in already and confirming another number: the cart comes along to it. */
  keepCart?: boolean;
};

/** Step 2: the six-digit code: typed, pasted or autofilled from the SMS; resend after a visible wait. */
export function CodeStep({ sent, onResent, onChangeNumber, onVerified, keepCart = false }: Props) {
  const t = useTranslations("account.signIn");
  const tv = useTranslations("validation");
  const locale = useLocale();
  const errorText = useSignInErrorText();
  const ids = { code: useId(), error: useId(), hint: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const checking = useRef(false);
  const [focused, setFocused] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendAt, setResendAt] = useState(sent.sentAt + RESEND_COOLDOWN_S * 1000);
  const [now, setNow] = useState(() => Date.now());
  const waitS = secondsUntil(resendAt, now);
  /** A new code may be asked for `seconds` from now (the countdown starts at once). */
  const resendIn = (seconds: number) => {
    const at = Date.now();
    setResendAt(at + seconds * 1000);
    setNow(at);
  };
  // Five wrong tries spent this code: it can't be tried again, only a new one asked for once the
  // platform's cool-down (the resend countdown) is over.
  const [spent, setSpent] = useState(false);
  const shownError = spent ? { message: t("codeSpent"), code: "SP:MaxRetriesReached" } : error;

  useEffect(() => {
    if (waitS === 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [waitS]);

  const verify = async (value: string) => {
    // One code, one check: the code arriving whole and a tap on Verify (or Enter) in the same
    // moment would send it twice, and the second, finding it used, would show a false refusal.
    if (checking.current) return;
    if (value.length !== OTP_CODE_LENGTH) {
      setError({ message: value ? tv("invalid") : tv("required") });
      input.current?.focus();
      return;
    }
    checking.current = true;
    setVerifying(true);
    setError(null);
    setNotice(null);
    try {
      onVerified(await signInApi.verifyOtp({ body: { token: sent.token, code: value, keepCart } }, { locale }));
    } catch (err) {
      setError({ message: errorText(err), code: err instanceof StoreApiError ? err.code : undefined });
      if (err instanceof StoreApiError && err.code === "SP:MaxRetriesReached") {
        setSpent(true);
        const wait = retryAfterSeconds(err);
        if (wait) resendIn(wait);
        return;
      }
      // A wrong code is retyped from scratch; selecting it lets the next keystroke replace it.
      input.current?.focus();
      input.current?.select();
    } finally {
      checking.current = false;
      setVerifying(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const { token } = await signInApi.sendOtp({ body: { mobileNumber: sent.mobileNumber } }, { locale });
      onResent({ ...sent, token, sentAt: Date.now() });
      resendIn(RESEND_COOLDOWN_S);
      setCode("");
      setSpent(false);
      setNotice(t("resent"));
      input.current?.focus();
    } catch (err) {
      setSpent(false);
      setError({ message: errorText(err), code: err instanceof StoreApiError ? err.code : undefined });
      const wait = retryAfterSeconds(err);
      if (wait) resendIn(wait);
    } finally {
      setResending(false);
    }
  };

  const onInput = (raw: string) => {
    const value = normalizeOtpCode(raw);
    setCode(value);
    setError(null);
    // The whole code arrived (typed, pasted or autofilled): check it at once.
    if (value.length === OTP_CODE_LENGTH && value !== code && !verifying) void verify(value);
  };

  // After an expired code or too many tries, a new code is the way forward: the button says so.
  const needsNewCode = spent || error?.code === "SP:OtpCodeIsExpired" || error?.code === "SP:MaxRetriesReached";
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void verify(code);
      }}
    >
      <p id={ids.hint} className="text-sm text-muted-foreground">
        {t.rich("codeSentTo", {
          number: () => (
            <bdi dir="ltr" className="font-medium text-foreground tabular">
              {displayMobile(sent.mobileNumber)}
            </bdi>
          ),
        })}{" "}
        <button
          type="button"
          onClick={onChangeNumber}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t("changeNumber")}
        </button>
      </p>
      <div className="grid gap-2">
        <Label htmlFor={ids.code} required>
          {t("codeLabel")}
        </Label>
        <div dir="ltr" className="relative">
          <input
            ref={input}
            id={ids.code}
            name="one-time-code"
            value={code}
            onChange={(e) => onInput(e.target.value)}
            disabled={spent}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            autoComplete="one-time-code"
            inputMode="numeric"
            enterKeyHint="done"
            autoFocus
            spellCheck={false}
            aria-required="true"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={[ids.hint, shownError ? ids.error : ""].filter(Boolean).join(" ")}
            // The real field sits over the six boxes: one input keeps paste, autofill and screen readers simple.
            className="absolute inset-0 z-10 size-full cursor-text bg-transparent text-transparent caret-transparent outline-none selection:bg-transparent"
          />
          <div aria-hidden="true" className="grid grid-cols-6 gap-2">
            {Array.from({ length: OTP_CODE_LENGTH }, (_, i) => {
              const active = focused && i === Math.min(code.length, OTP_CODE_LENGTH - 1);
              return (
                <div
                  key={i}
                  className={cn(
                    "flex h-14 items-center justify-center rounded-lg border border-input bg-card text-2xl font-semibold tabular transition-[border-color,box-shadow]",
                    active && "border-primary ring-3 ring-ring/20",
                    shownError && "border-destructive",
                  )}
                >
                  {code[i] ?? ""}
                </div>
              );
            })}
          </div>
        </div>
        <FormMessage id={ids.error}>{shownError?.message}</FormMessage>
        {notice ? (
          <p role="status" className="text-sm text-success">
            {notice}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={verifying || spent} aria-busy={verifying || undefined}>
        {verifying ? t("verifying") : t("verify")}
      </Button>
      <div className="flex min-h-10 items-center justify-center text-sm">
        {waitS > 0 ? (
          <p className="text-muted-foreground">
            {t.rich("resendIn", {
              time: () => (
                <bdi dir="ltr" className="tabular">
                  {formatCountdown(waitS, locale)}
                </bdi>
              ),
            })}
          </p>
        ) : (
          <Button
            variant={needsNewCode ? "secondary" : "ghost"}
            size="sm"
            onClick={resend}
            disabled={resending}
            aria-busy={resending || undefined}
          >
            {t("resend")}
          </Button>
        )}
      </div>
    </form>
  );
}
