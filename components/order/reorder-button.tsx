"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { RotateCcw } from "lucide-react";
import { cartQueryKey } from "@/components/cart/use-cart";
import { cartApi } from "@/lib/store-client/cart";
import { openCartSheet } from "@/components/cart/cart-sheet-state";
import { useFailureMessage } from "@/lib/use-failure-message";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { singleFlight } from "@/lib/intent";
import type { CartDto } from "@/contract/dto/cart";

export type ReorderLine = { productId: string; priceId: string; quantity: number; name: string };

/**
 * "Order again" for an order's merchandise: each line into the current cart as it is sold now
 * (today's price, the stock left), then the cart opens. A line that can't be added (sold out, gone)
 * is named with the platform's reason; the others are added. One tap, one reorder: a second tap
 * meanwhile joins the first, and each line's add carries a key of that tap (a retry adds nothing twice).
 */
export function ReorderButton({ lines }: { lines: ReorderLine[] }) {
  const t = useTranslations("order.reorder");
  const locale = useLocale();
  const client = useQueryClient();
  const errorMessage = useFailureMessage();
  const [once] = useState(() => singleFlight<void>());
  const [pending, setPending] = useState(false);

  const reorder = () =>
    once(async (key) => {
      setPending(true);
      let cart: CartDto | null = null;
      const refused: string[] = [];
      for (const [i, line] of lines.entries()) {
        try {
          cart = await cartApi.addItem(
            { body: { productId: line.productId, priceId: line.priceId, quantity: line.quantity } },
            { locale, idempotencyKey: `${key}-${i}` },
          );
        } catch (err) {
          refused.push(`${line.name}: ${errorMessage(err)}`);
        }
      }
      if (cart) {
        await client.cancelQueries({ queryKey: cartQueryKey(locale) });
        client.setQueryData(cartQueryKey(locale), cart);
        openCartSheet();
      }
      if (refused.length > 0) toast.error(refused.join("\n"), { duration: 6000 });
      else toast.success(t("added"));
      setPending(false);
    });

  return (
    <Button variant="outline" size="lg" disabled={pending} onClick={() => void reorder()}>
      <RotateCcw aria-hidden="true" />
      {t("button")}
    </Button>
  );
}
