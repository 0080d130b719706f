"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import { requireSignIn, setKnownSignedIn } from "@/components/auth/sign-in-state";
import { cartQueryKey } from "@/components/cart/use-cart";
import type { CartDto } from "@/contract/dto/cart";
import { StoreApiError } from "@/lib/client-fetch";
import { checkoutApi } from "@/lib/store-client/checkout";
import { useGoToDonePage, usePaymentError } from "./use-payment-error";

/**
 * Pays the cart: validate it now (every rule a completion checks, spec: before every payment),
 * then complete it with the chosen method and go to the done page. A session that ended meanwhile
 * asks for sign-in and then pays again; any other refusal is a payment error (toast or the
 * one-time redirect) unless `onRefused` shows it beside its field, after which the cart is read again, since it may have changed elsewhere.
 */
export function usePayOrder(cartId: string, opts: { onRefused?: (err: StoreApiError) => boolean } = {}) {
  const locale = useLocale();
  const client = useQueryClient();
  const showError = usePaymentError(cartId);
  const goToDone = useGoToDonePage();
  const mutation = useMutation({
    mutationFn: async (complete: () => Promise<CartDto>) => {
      await checkoutApi.validate({}, { locale });
      return complete();
    },
    onSuccess: (cart) => goToDone(cart.id),
    onError: (err, complete) => {
      if (err instanceof StoreApiError && err.status === 401) {
        client.setQueryData(SESSION_QUERY_KEY, null);
        setKnownSignedIn(false);
        requireSignIn(() => mutation.mutate(complete));
        return;
      }
      // A refusal the form shows beside its field (a receipt the platform refused) needs no toast.
      if (err instanceof StoreApiError && opts.onRefused?.(err)) return;
      if (showError(err) === "shown") void client.invalidateQueries({ queryKey: cartQueryKey(locale) });
    },
  });
  return mutation;
}
