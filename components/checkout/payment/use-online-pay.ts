"use client";

import { useCallback, useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import { requireSignIn, setKnownSignedIn } from "@/components/auth/sign-in-state";
import { cartQueryKey } from "@/components/cart/use-cart";
import { closeCartSheet } from "@/components/cart/cart-sheet-state";
import { PAYMENT_ERROR_TOAST_MS } from "@/lib/checkout/payment-errors";
import { errorMessageKey } from "@/lib/errors";
import { PaymentCancelled, PaymentSetupError, ProviderRefusal } from "@/lib/payments/provider-browser";
import { localePath } from "@/lib/site-routing";
import { StoreApiError } from "@/lib/client-fetch";
import { checkoutApi } from "@/lib/store-client/checkout";
import { payApi } from "@/lib/store-client/pay";
import { usePaymentError } from "./use-payment-error";

/** Where an online payment goes next: the provider's page (3-D Secure, hosted checkout) or the done page. */
export type OnlineNext = { redirect: string } | { done: string };

/**
 * Pays online: the cart is validated first (spec: before every payment; Apple Pay does it inside
 * its sheet, `validateFirst: false`), then `start` runs the
 * method's flow and the shopper is sent on. The button stays busy while the browser leaves; coming
 * back with the back button (page restored from the cache) makes it usable again. Refusals are
 * shown as every payment error is (6 s toast); a provider's own refusal names the step that
 * failed with the provider's message; anything unforeseen goes to /checkout/payment-error.
 */
export function useOnlinePay(cartId: string, { validateFirst = true }: { validateFirst?: boolean } = {}) {
  const locale = useLocale();
  const t = useTranslations();
  const client = useQueryClient();
  const showError = usePaymentError(cartId);
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: async (start: () => Promise<OnlineNext>) => {
      if (validateFirst) await checkoutApi.validate({}, { locale });
      return start();
    },
    onSuccess: (next) => {
      if ("redirect" in next) window.location.assign(next.redirect);
      else {
        client.setQueryData(cartQueryKey(locale), null);
        closeCartSheet();
        router.push(`${localePath(locale, `/checkout/done/${encodeURIComponent(cartId)}`)}${next.done}`);
      }
    },
    onError: (err, start) => {
      if (err instanceof StoreApiError && err.status === 401) {
        client.setQueryData(SESSION_QUERY_KEY, null);
        setKnownSignedIn(false);
        requireSignIn(() => mutation.mutate(start));
        return;
      }
      if (err instanceof PaymentCancelled) return;
      if (err instanceof ProviderRefusal) {
        toast.error(t(`errors.${errorMessageKey(err.code)}`), {
          description: err.message,
          duration: PAYMENT_ERROR_TOAST_MS,
        });
        return;
      }
      if (err instanceof PaymentSetupError) {
        toast.error(t("order.paymentError.title"), {
          description: t(`order.online.setup.${err.key}`),
          duration: PAYMENT_ERROR_TOAST_MS,
        });
        return;
      }
      if (!(err instanceof StoreApiError)) {
        // Not a refusal anyone answered with (a provider script that broke, an unexpected exception):
        // nothing in the sheet can fix it, so the payment-error page explains and leads back to the cart.
        console.error("[checkout] online payment failed unexpectedly", err);
        closeCartSheet();
        router.push(localePath(locale, "/checkout/payment-error"));
        return;
      }
      if (showError(err) === "shown") void client.invalidateQueries({ queryKey: cartQueryKey(locale) });
    },
  });

  const { reset, mutate: start } = mutation;
  // A second tap while the first payment is starting is the same intent: it starts nothing (the
  // button may not have re-rendered as busy yet). Another tab or a retry is the platform's to answer once.
  const flying = useRef(false);
  const mutate = useCallback(
    (begin: () => Promise<OnlineNext>) => {
      if (flying.current) return;
      flying.current = true;
      start(begin, { onSettled: () => void (flying.current = false) });
    },
    [start],
  );
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      flying.current = false;
      reset();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [reset]);

  return { ...mutation, mutate };
}

export const paymentEndpointsQueryKey = ["checkout", "payment-endpoints"] as const;

/**
 * The tenant's browser-safe provider addresses, read when a payment view first needs them.
 * `load()` answers them now (from the cache when it has them), for a pay button's flow.
 */
export function usePaymentEndpoints() {
  const locale = useLocale();
  const client = useQueryClient();
  const query = useQuery({ queryKey: paymentEndpointsQueryKey, queryFn: () => payApi.endpoints({}, { locale }) });
  return {
    query,
    load: () =>
      client.fetchQuery({ queryKey: paymentEndpointsQueryKey, queryFn: () => payApi.endpoints({}, { locale }) }),
  };
}
