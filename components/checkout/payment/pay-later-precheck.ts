"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import type { CartDto } from "@/contract/dto/cart";
import type { PaymentMethod } from "@/contract/tenant-settings";
import { payApi } from "@/lib/store-client/pay";
import { PAY_LATER, type PayLaterEntry } from "@/payment-providers/profiles";

type Cart = Pick<CartDto, "id" | "totalAmount">;

const precheckQuery = (entry: PayLaterEntry, cart: Cart, locale: string, enabled: boolean) => ({
  queryKey: ["checkout", "pay-later-precheck", entry.provider, cart.id, cart.totalAmount, locale],
  queryFn: () => payApi.precheck(entry.provider, entry.precheck?.step ?? "", { locale }),
  enabled: enabled && entry.precheck !== null,
  retry: false,
});

/**
 * A pay-later provider's answer for this cart and customer (spec §8), for a provider whose profile
 * says it is asked first; its own step reads the answer the method list asked for.
 */
export function usePayLaterPrecheck(entry: PayLaterEntry, cart: Cart, enabled: boolean) {
  const locale = useLocale();
  return useQuery(precheckQuery(entry, cart, locale, enabled));
}

/** How a precheck stands on its method's card: being asked, refused (the provider's message), or the check itself failed. */
export type PrecheckNote = {
  provider: PayLaterEntry["provider"];
  checking: boolean;
  refusal: string | null;
  checkFailed: boolean;
  failureCode: string;
};

/**
 * Every offered pay-later method's precheck, asked at once when the methods show, so that a
 * refusal is on its card before it is picked: by method, for those whose provider is asked first.
 */
export function usePayLaterPrechecks(
  cart: Cart,
  offered: (method: PaymentMethod) => boolean,
): Partial<Record<PaymentMethod, PrecheckNote>> {
  const locale = useLocale();
  const answers = useQueries({
    queries: PAY_LATER.map((entry) => precheckQuery(entry, cart, locale, offered(entry.method))),
  });
  const notes: Partial<Record<PaymentMethod, PrecheckNote>> = {};
  PAY_LATER.forEach((entry, i) => {
    const answer = answers[i];
    if (!entry.precheck || !offered(entry.method)) return;
    notes[entry.method] = {
      provider: entry.provider,
      checking: answer.isPending,
      refusal: answer.data?.eligible === false ? (answer.data.message ?? "") : null,
      checkFailed: answer.isError,
      failureCode: entry.precheck.failureCode,
    };
  });
  return notes;
}
