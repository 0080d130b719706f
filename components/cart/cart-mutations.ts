"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { toast } from "@/components/toast";
import type { CartDto, CartItemDto } from "@/contract/dto/cart";
import { cartApi } from "@/lib/store-client/cart";
import { useFailureMessage } from "@/lib/use-failure-message";
import { CART_MUTATION, cartQueryKey } from "./use-cart";

/** The cart sheet's own changes (quantity, remove, empty): loaded with the sheet, not with every page. */

function withItems(cart: CartDto, items: CartItemDto[]): CartDto {
  return { ...cart, cartItems: items, items };
}

/**
 * Runs a cart change optimistically: the cache shows the expected lines at once (totals stay the
 * platform's until it answers), the answer replaces them, and a refusal rolls back and says why.
 */
function useOptimisticCartMutation<V>(
  run: (locale: string, vars: V) => Promise<CartDto | null>,
  predict: (cart: CartDto, vars: V) => CartDto,
) {
  const client = useQueryClient();
  const locale = useLocale();
  const errorMessage = useFailureMessage();
  const key = cartQueryKey(locale);
  return useMutation({
    mutationKey: CART_MUTATION,
    mutationFn: (vars: V) => run(locale, vars),
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<CartDto | null>(key);
      if (previous) client.setQueryData(key, predict(previous, vars));
      return { previous };
    },
    onError: (err, _vars, context) => {
      if (context) client.setQueryData(key, context.previous);
      toast.error(errorMessage(err), { duration: 6000 });
      // The platform may have refused because the cart changed elsewhere: show what it holds now.
      if (!isOtherCartChangePending(client)) void client.invalidateQueries({ queryKey: key });
    },
    onSuccess: (cart) => {
      // With another change still in flight its optimistic state stays on screen until it lands.
      if (!isOtherCartChangePending(client)) client.setQueryData(key, cart);
    },
  });
}

const isOtherCartChangePending = (client: QueryClient) => client.isMutating({ mutationKey: CART_MUTATION }) > 1;

export type UpdateQuantityVars = { itemId: string; quantity: number; priceId?: string };

export function useUpdateCartItem() {
  return useOptimisticCartMutation<UpdateQuantityVars>(
    (locale, { itemId, quantity, priceId }) =>
      cartApi.updateItem({ params: { itemId }, body: priceId ? { quantity, priceId } : { quantity } }, { locale }),
    (cart, { itemId, quantity }) =>
      withItems(
        cart,
        cart.cartItems.map((i) =>
          i.id === itemId ? { ...i, quantity, effectiveQuantity: (i.effectiveQuantity / i.quantity) * quantity } : i,
        ),
      ),
  );
}

export function useRemoveCartItem() {
  return useOptimisticCartMutation<{ itemId: string }>(
    (locale, { itemId }) => cartApi.removeItem({ params: { itemId } }, { locale }),
    (cart, { itemId }) =>
      withItems(
        cart,
        cart.cartItems.filter((i) => i.id !== itemId),
      ),
  );
}

export function useResetCart() {
  return useOptimisticCartMutation<void>(
    (locale) => cartApi.reset({}, { locale }),
    (cart) => withItems(cart, []),
  );
}
