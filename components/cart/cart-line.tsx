"use client";

import { CircleAlert, Package, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { ProductLogo } from "@/components/product/product-logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/money";
import type { CartItemDto } from "@/contract/dto/cart";
import { describeCartItem, lineFit, quantityStepper, type ItemDetail } from "./cart-item-details";
import { useCheckoutSetup } from "@/components/checkout/use-checkout-setup";
import { QuantityStepper } from "./quantity-stepper";
import { useRemoveCartItem, useUpdateCartItem } from "./cart-mutations";
import { useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

function DetailValue({ detail }: { detail: ItemDetail }) {
  const t = useTranslations("cart.item");
  if ("count" in detail) return <>{t(`count.${detail.key}`, { count: detail.count, value: detail.value })}</>;
  if (detail.key === "specialist" && detail.any) return <>{t("anySpecialist")}</>;
  if (detail.key === "giftTheme" && detail.color) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 rounded-full ring-1 ring-border"
          style={{ backgroundColor: detail.color }}
        />
        <bdi>{detail.value}</bdi>
      </span>
    );
  }
  return <bdi>{detail.value}</bdi>;
}

/** One cart line: picture, name, price name, what was booked, quantity and remove. */
export function CartLine({ item }: { item: CartItemDto }) {
  const t = useTranslations("cart.item");
  const tCheckout = useTranslations("checkout.packages");
  const locale = useLocale();
  const sarStyle = useSarStyle();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  // The store's settings, as the sheet around this line already reads them (one query).
  const hideDuration = useCheckoutSetup().data?.config.hideDuration ?? false;
  const details = describeCartItem(item, locale, new Date(), { hideDuration });
  const stepper = quantityStepper(item);
  const fit = lineFit(item);
  const name = item.product.name;
  const fitId = `cart-line-${item.id}-fit`;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-fits={fit.state === "fits" ? undefined : fit.state}>
      <ProductLogo product={item.product} size={64} className="rounded-xl" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-sans text-[0.95rem] leading-snug font-semibold">{name}</h3>
            <p className="text-sm text-muted-foreground">{item.price.name}</p>
            {item.packageCovered ? (
              <Badge variant="success" className="mt-1">
                <Package aria-hidden="true" />
                {tCheckout("covered")}
              </Badge>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-col items-end">
            {/* As the product page shows prices: with VAT, said so. */}
            <p className="tabular text-[0.95rem] font-semibold">
              <Sar amount={item.amountWithTax} locale={locale} style={sarStyle} />
            </p>
            {item.amountWithTax > item.amount ? (
              <p className="text-xs text-muted-foreground">{t("vatIncluded")}</p>
            ) : null}
            {/* A line that can't be ordered any more: its remove is the way on, so it stands out. */}
            <Button
              variant={fit.state === "gone" ? "destructive" : "ghost"}
              size="sm"
              className={
                fit.state === "gone" ? "mt-1 h-8 px-2" : "-me-2 h-8 px-2 text-muted-foreground hover:text-destructive"
              }
              aria-label={t("removeLabel", { name })}
              onClick={() => remove.mutate({ itemId: item.id })}
            >
              <Trash2 aria-hidden="true" />
              {t("remove")}
            </Button>
          </div>
        </div>
        {details.length > 0 && (
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {details.map((detail) => (
              <div key={detail.key} className="contents">
                <dt className="text-muted-foreground">{t(`detail.${detail.key}`)}</dt>
                <dd className="tabular min-w-0 break-words">
                  <DetailValue detail={detail} />
                </dd>
              </div>
            ))}
          </dl>
        )}
        {stepper && fit.state !== "gone" ? (
          <div className="mt-2">
            <QuantityStepper
              name={name}
              kind={stepper.kind}
              max={stepper.max}
              quantity={item.quantity}
              onChange={(quantity) => update.mutate({ itemId: item.id, quantity })}
            />
          </div>
        ) : null}
        {fit.state !== "fits" ? (
          <div className="mt-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm">
            <p id={fitId} className="flex items-start gap-1.5 font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {fit.state === "gone"
                ? t(item.product.typeString === "reservation" ? "slotTaken" : "soldOut")
                : t(stepper?.kind === "seats" ? "seatsLeft" : "onlyLeft", {
                    value: formatNumber(fit.available, locale),
                    count: fit.available,
                  })}
            </p>
          </div>
        ) : null}
      </div>
    </li>
  );
}
