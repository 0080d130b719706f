"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { cartQueryKey } from "@/components/cart/use-cart";
import { closeCartSheet } from "@/components/cart/cart-sheet-state";
import {
  claimDoneRedirect,
  PAYMENT_ERROR_TOAST_MS,
  paymentErrorMessageKey,
  showsPaymentErrorTitle,
  type FlagStorage,
} from "@/lib/checkout/payment-errors";
import { localePath } from "@/lib/site-routing";
import { StoreApiError } from "@/lib/client-fetch";

/** sessionStorage, or null where the browser refuses it (some private modes throw on access). */
function tabStorage(): FlagStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Leaves checkout for the order's done page: the cart is no longer the shopper's to change. */
export function useGoToDonePage() {
  const router = useRouter();
  const locale = useLocale();
  const client = useQueryClient();
  return useCallback(
    (cartId: string) => {
      client.setQueryData(cartQueryKey(locale), null);
      closeCartSheet();
      router.push(localePath(locale, `/checkout/done/${encodeURIComponent(cartId)}`));
    },
    [client, locale, router],
  );
}

/**
 * Shows a refused payment (spec §8): a 6 s destructive toast, titled error.title unless the code
 * is a known one whose message says it all, described by the code's own message. A completed
 * cart (spec §4 redirect guard) goes to its done page once per cart and tab; after that it is
 * only the toast, so a shopper who comes back is never bounced in a loop.
 */
export function usePaymentError(cartId: string) {
  const t = useTranslations();
  const goToDone = useGoToDonePage();
  /** Answers whether the shopper was sent to the done page. */
  return useCallback(
    (err: unknown): "redirected" | "shown" => {
      const code = err instanceof StoreApiError ? err.code : null;
      if (claimDoneRedirect(tabStorage(), cartId, code)) {
        goToDone(cartId);
        return "redirected";
      }
      const title = showsPaymentErrorTitle(code) ? t("order.paymentError.title") : "";
      toast.error(title, { description: t(paymentErrorMessageKey(code)), duration: PAYMENT_ERROR_TOAST_MS });
      return "shown";
    },
    [cartId, goToDone, t],
  );
}
