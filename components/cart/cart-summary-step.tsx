"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatSar } from "@/lib/money";
import { CartEmpty } from "./cart-empty";
import { CartLine } from "./cart-line";
import { hasDeposit } from "./cart-totals";
import { CartTotalsList } from "./cart-totals-list";
import type { CartStepProps } from "./cart-steps";
import { useCartChanging, useResetCart } from "./use-cart";

/** Empties the cart after an inline confirmation (a second modal over the sheet would be heavy). */
function EmptyCartButton() {
  const t = useTranslations("cart.clear");
  const reset = useResetCart();
  const [confirming, setConfirming] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // "Keep items" disappears with the question: give focus back to the button that asked it.
    if (wasConfirming.current && !confirming) actionRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (!confirming) {
    return (
      <Button ref={actionRef} variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setConfirming(true)}>
        {t("action")}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={t("confirm")} className="flex flex-wrap items-center gap-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm">
      <span className="me-auto">{t("confirm")}</span>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} autoFocus>
        {t("no")}
      </Button>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => {
          setConfirming(false);
          reset.mutate();
        }}
      >
        {t("yes")}
      </Button>
    </div>
  );
}

export function SummaryStepBody({ cart }: CartStepProps) {
  const t = useTranslations("cart");
  const updating = useCartChanging();
  if (cart.cartItems.length === 0) return <CartEmpty />;
  return (
    <div className="space-y-4 pb-4">
      <h3 className="sr-only">{t("item.list")}</h3>
      <ul className="divide-y divide-border">
        {cart.cartItems.map((item) => (
          <CartLine key={item.id} item={item} />
        ))}
      </ul>
      <div className="flex justify-end">
        <EmptyCartButton />
      </div>
      <CartTotalsList cart={cart} updating={updating} />
    </div>
  );
}

/** The total due (the deposit's amount when one applies) and a way back to the store. */
export function SummaryStepFooter({ cart, close }: CartStepProps) {
  const t = useTranslations("cart.footer");
  const locale = useLocale();
  if (cart.cartItems.length === 0) return null;
  const deposit = hasDeposit(cart);
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{deposit ? t("dueNow") : t("total")}</p>
        <p className="tabular text-lg font-bold">{formatSar(deposit ? cart.amountToBePaid : cart.totalAmount, locale)}</p>
      </div>
      <Button variant="outline" onClick={close}>
        {t("continueShopping")}
      </Button>
    </div>
  );
}
