"use client";

import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import type { AddCartItemBody } from "@/contract/input/cart";
import { trackingCode } from "@/components/tracking/tracking-code";
import { keyedSingleFlight } from "@/lib/intent";
import { cartApi } from "@/lib/store-client/cart";
import { useFailureMessage } from "@/lib/use-failure-message";
import { openCartSheet } from "./cart-sheet-state";
import { cartQueryKey } from "./use-cart";

/**
 * A double tap is one add: a tap while the same item (the same choices) is on its way joins it,
 * and the platform adds once per key. Kept per page, not per widget: a widget re-mounted between
 * the two taps (a navigation still settling, a streamed part arriving) would otherwise start a
 * second intent with a key of its own.
 */
const addOnce = keyedSingleFlight<boolean>();

/**
 * For the purchase widgets: puts an item in the cart (the first add creates the cart), then shows
 * the cart. Resolves false after showing the translated refusal (sold out, slot taken, too many
 * nights…), so the widget keeps the shopper's choices and can react.
 */
export function useAddToCart(): { addToCart: (input: AddCartItemBody) => Promise<boolean>; isPending: boolean } {
  const client = useQueryClient();
  const locale = useLocale();
  const t = useTranslations("cart");
  const errorMessage = useFailureMessage();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ input, key }: { input: AddCartItemBody; key: string }) =>
      cartApi.addItem({ body: input }, { locale, idempotencyKey: key }),
  });

  const addToCart = useCallback(
    (input: AddCartItemBody) =>
      addOnce(JSON.stringify(input), async (key) => {
        try {
          const cart = await mutateAsync({ input, key });
          // A cart read still in flight (the page's first load) must not overwrite the newer answer.
          await client.cancelQueries({ queryKey: cartQueryKey(locale) });
          client.setQueryData(cartQueryKey(locale), cart);
          void trackingCode().then(({ track, addedValue, addedItems }) =>
            track("AddToCart", {
              value: addedValue(cart, input),
              id: input.productId,
              items: addedItems(cart, input),
            }),
          );
          toast.success(t("toast.added"));
          openCartSheet();
          return true;
        } catch (err) {
          toast.error(errorMessage(err), { duration: 6000 });
          return false;
        }
      }),
    [client, errorMessage, locale, mutateAsync, t],
  );

  return { addToCart, isPending };
}
