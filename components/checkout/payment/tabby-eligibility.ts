"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import type { CartDto } from "@/contract/dto/cart";
import { payApi } from "@/lib/store-client/pay";

/**
 * Tabby's answer for this cart and customer (spec §8), asked once the method list shows so the
 * answer is on Tabby's card before it is picked; Tabby's own step reads the same answer.
 */
export function useTabbyEligibility(cart: Pick<CartDto, "id" | "totalAmount">, enabled: boolean) {
  const locale = useLocale();
  return useQuery({
    queryKey: ["checkout", "tabby-eligibility", cart.id, cart.totalAmount, locale],
    queryFn: () => payApi.step("tabby", "eligibility", {}, { locale }),
    enabled,
    retry: false,
  });
}
