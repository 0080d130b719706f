"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { codeMessageKey, failureKey } from "@/lib/error-key";

/**
 * Turns a failed call to the store into the page's language: by `SP:` code,
 * "network" when no answer came, else "unknown". The code list of lib/errors stays out of the first
 * load: t.has decides which codes have a message.
 */
export function useFailureMessage() {
  const t = useTranslations("errors");
  return useCallback(
    (err: unknown) => {
      const key = failureKey(err, codeMessageKey);
      return t(t.has(key) ? key : "unknown");
    },
    [t],
  );
}
