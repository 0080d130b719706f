"use client";

import { ShoppingCart } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/money";
import { cartItemCount } from "./cart-count";
import { openCartSheet, useCartSheetOpen } from "./cart-sheet-state";
import { loadCartSheet } from "./cart-sheet-host";
import { useCart } from "./use-cart";

/** The header's cart button: item count badge, and the count in its accessible name. */
export function CartButton({ className }: { className?: string }) {
  const t = useTranslations("cart");
  const locale = useLocale();
  const { data: cart } = useCart();
  const open = useCartSheetOpen();
  const count = cartItemCount(cart);
  // Warm the sheet's code when the shopper heads for the button, so the first opening is instant.
  const prefetch = () => void loadCartSheet();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("relative", className)}
      aria-label={t("button.label", { count, formatted: formatNumber(count, locale) })}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={openCartSheet}
      data-early-tap="cart"
    >
      <ShoppingCart aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="tabular absolute -top-0.5 -end-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.7rem] font-semibold leading-5 text-primary-foreground ring-2 ring-background"
        >
          {formatNumber(count, locale)}
        </span>
      )}
    </Button>
  );
}
