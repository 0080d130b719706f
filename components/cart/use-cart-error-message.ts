"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { errorMessageKey } from "@/lib/errors";
import { CartApiError } from "./cart-api";

/** The `errors` key for a failed cart call: by `SP:` code, "network" when no answer came, else "unknown". */
export function cartErrorKey(err: unknown): string {
  if (!(err instanceof CartApiError)) return "unknown";
  return err.status === 0 ? "network" : errorMessageKey(err.code);
}

/** Turns a failed cart call into the shopper's language. */
export function useCartErrorMessage() {
  const t = useTranslations("errors");
  return useCallback((err: unknown) => t(cartErrorKey(err)), [t]);
}
