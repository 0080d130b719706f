"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { formatNumber } from "@/lib/money";
import { lineTotal, PriceChoice, PurchaseFooter, QuantityStepper, type WidgetProps } from "./purchase-parts";

/**
 * Merchandise: quantity up to the stock, with the buttons or typed (a larger number is brought
 * down to the stock, and said so); the platform's insufficient-stock refusal (which also counts
 * what the cart already holds) shows when the cart and this add together pass it.
 */
export function MerchandisePurchase({
  productId,
  prices,
  locale,
  taxRate,
  stock,
}: WidgetProps & { stock: number | null }) {
  const t = useTranslations("product.widget");
  const { addToCart, isPending } = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const price = prices.find((p) => p.id === priceId);
  const soldOut = stock !== null && stock <= 0;

  const add = async () => {
    if (!price || !(quantity > 0)) return;
    await addToCart({ productId, priceId: price.id, quantity });
  };

  return (
    <div className="grid gap-5">
      <PriceChoice prices={prices} value={priceId} onChange={setPriceId} locale={locale} taxRate={taxRate} />
      {soldOut ? null : (
        <QuantityStepper
          label={t("quantity")}
          value={quantity}
          onChange={setQuantity}
          max={stock ?? undefined}
          locale={locale}
          hint={stock !== null ? t("inStock", { n: formatNumber(stock, locale), count: stock }) : undefined}
        />
      )}
      <PurchaseFooter
        total={lineTotal(price, quantity, 1, taxRate)}
        locale={locale}
        taxRate={taxRate}
        pending={isPending}
        disabled={soldOut || !(quantity > 0)}
        label={soldOut ? t("soldOut") : undefined}
        onAdd={add}
      />
    </div>
  );
}
