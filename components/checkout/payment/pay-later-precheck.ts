"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import type { CartDto } from "@/contract/dto/cart";
import type { PaymentMethod } from "@/contract/tenant-settings";
import { payApi } from "@/lib/store-client/pay";
import { PAY_LATER, type PayLaterEntry } from "@/payment-providers/profiles";

/** The pay-later methods whose provider is asked first (its profile's precheck). */
const PRECHECKED = PAY_LATER.flatMap((entry) => (entry.precheck ? [{ ...entry, precheck: entry.precheck }] : []));

/** How a precheck stands on its method: being asked, refused (the provider's message), or the check itself failed. */
export type PrecheckNote = {
  provider: PayLaterEntry["provider"];
  checking: boolean;
  refusal: string | null;
  checkFailed: boolean;
  failureCode: string;
};

/**
 * The enabled pay-later methods' prechecks for this cart and customer (spec §8), asked together
 * as soon as the methods show, so that a refusal is on its card before it is picked; the method's
 * own step reads the same answers (one query: a retry there shows on the list too). One query for
 * all of them rather than one per provider, which would need useQueries, whose shared code would
 * reshape TanStack Query's part of every page's first load.
 */
export function usePayLaterPrechecks(
  cart: Pick<CartDto, "id" | "totalAmount">,
  enabledMethods: readonly PaymentMethod[],
): { notes: Partial<Record<PaymentMethod, PrecheckNote>>; retry: () => void } {
  const locale = useLocale();
  // Nothing to pay later on a zero total: the methods are not offered.
  const asked = cart.totalAmount > 0 ? PRECHECKED.filter((entry) => enabledMethods.includes(entry.method)) : [];
  const query = useQuery({
    queryKey: [
      "checkout",
      "pay-later-prechecks",
      asked.map((entry) => entry.provider).join(","),
      cart.id,
      cart.totalAmount,
      locale,
    ],
    queryFn: () =>
      Promise.allSettled(asked.map((entry) => payApi.precheck(entry.provider, entry.precheck.step, { locale }))),
    enabled: asked.length > 0,
    retry: false,
  });
  const notes: Partial<Record<PaymentMethod, PrecheckNote>> = {};
  asked.forEach((entry, i) => {
    const settled = query.data?.[i];
    const answer = settled?.status === "fulfilled" ? settled.value : null;
    notes[entry.method] = {
      provider: entry.provider,
      checking: query.isPending,
      refusal: answer?.eligible === false ? (answer.message ?? "") : null,
      checkFailed: settled?.status === "rejected" || query.isError,
      failureCode: entry.precheck.failureCode,
    };
  });
  return { notes, retry: () => void query.refetch() };
}
