"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { codeMessageKey } from "@/lib/error-key";
import { CartApiError } from "./cart-api";

/**
 * Turns a failed cart call into the shopper's language: by `SP:` code, "network" when no answer
 * came, else "unknown" (the code list of lib/errors stays out of the first load: t.has decides).
 */
export function useCartErrorMessage() {
  const t = useTranslations("errors");
  return useCallback(
    (err: unknown) => {
      const key = !(err instanceof CartApiError) ? "unknown" : err.status === 0 ? "network" : codeMessageKey(err.code ?? "");
      return t(key && t.has(key) ? key : "unknown");
    },
    [t],
  );
}
