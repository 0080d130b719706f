"use client";

import { useCallback } from "react";
import { useIsMutating, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import type { CartDto } from "@/contract/dto/cart";
import { cartApi } from "@/lib/store-client/cart";

export const cartQueryKey = (locale: string) => ["cart", locale] as const;

/** The shopper's cart (null when there is none yet), shared by the header button and the sheet. */
export function useCart() {
  const locale = useLocale();
  return useQuery({ queryKey: cartQueryKey(locale), queryFn: () => cartApi.get({}, { locale }) });
}

/** The key every cart change runs under (components/cart/cart-mutations.ts). */
export const CART_MUTATION = ["cart-mutation"] as const;

/** True while a cart change is on its way: totals on screen may be about to change. */
export function useCartChanging(): boolean {
  return useIsMutating({ mutationKey: CART_MUTATION }) > 0;
}

/** Puts a cart the platform answered with (a coupon applied, packages toggled) in the shared cache. */
export function useSetCart() {
  const client = useQueryClient();
  const locale = useLocale();
  return useCallback((cart: CartDto | null) => client.setQueryData(cartQueryKey(locale), cart), [client, locale]);
}
