"use client";

import { useCallback } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatNumber } from "@/lib/money";
import { useFailureMessage } from "@/lib/use-failure-message";
import { StoreApiError } from "@/lib/client-fetch";

/** Seconds to wait before trying again, when the platform said so (rate limits). */
export function retryAfterSeconds(err: unknown): number | null {
  if (!(err instanceof StoreApiError)) return null;
  const value = err.details?.retryAfterSeconds;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * The message of a failed sign-in call with what the platform adds: the tries left after a wrong
 * code, or when to try again (rate limits): in seconds under a minute, else whole minutes.
 */
export function useSignInErrorText() {
  const toMessage = useFailureMessage();
  const t = useTranslations("account.signIn");
  const locale = useLocale();
  return useCallback(
    (err: unknown) => {
      const left = err instanceof StoreApiError ? err.details?.remainingAttempts : undefined;
      if (typeof left === "number" && left > 0)
        return `${toMessage(err)} ${t("attemptsLeft", { count: left, formatted: formatNumber(left, locale) })}`;
      const wait = retryAfterSeconds(err);
      if (!wait) return toMessage(err);
      const minutes = Math.ceil(wait / 60);
      const after =
        wait < 60
          ? t("retryInSeconds", { count: wait, formatted: formatNumber(wait, locale) })
          : t("retryInMinutes", { count: minutes, formatted: formatNumber(minutes, locale) });
      return `${toMessage(err)} ${after}`;
    },
    [toMessage, t, locale],
  );
}
