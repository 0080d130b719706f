import { getLocale, getTranslations } from "next-intl/server";
import { describeCartItem, type ItemDetail } from "@/components/cart/cart-item-details";
import { ProductLogo } from "@/components/product/product-logo";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/money";
import type { CartItemDto } from "@/contract/dto/cart";
import { getFormatSar, getSarStyle } from "@/lib/money-server";
import { getHideDuration } from "@/lib/request-display";
import { Sar } from "@/components/money/sar";

/**
 * The order's lines as the platform has them: name, price, what was booked (a full-day stay ends
 * on the last night's day, spec §9) and the line amount. Server-rendered: nothing here changes.
 */
export async function OrderItems({
  items,
  action,
}: {
  items: CartItemDto[] /** Something the customer can do with a line (move a booking). */;
  action?: (item: CartItemDto) => React.ReactNode;
}) {
  const [t, tCancel, locale] = await Promise.all([
    getTranslations("cart.item"),
    getTranslations("order.cancel"),
    getLocale(),
  ]);
  const sarStyle = getSarStyle();
  const hideDuration = getHideDuration();
  const sar = await getFormatSar();
  const value = (d: ItemDetail) =>
    "count" in d
      ? t(`count.${d.key}`, { count: d.count, value: d.value })
      : d.key === "specialist" && d.any
        ? t("anySpecialist")
        : d.value;
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => {
        const details = describeCartItem(item, locale, new Date(), { hideDuration });
        return (
          <li key={item.id} className="flex gap-3 py-3.5">
            <ProductLogo product={item.product} size={56} className="rounded-xl" />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold leading-snug">
                    {item.product.name}
                    {item.cancelledAt ? (
                      <Badge variant="muted" className="ms-2 align-middle" data-testid="line-cancelled">
                        {tCancel("cancelled")}
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {item.price.name}
                    {item.product.typeString === "merchandise" && item.quantity > 1
                      ? ` × ${formatNumber(item.quantity, locale)}`
                      : ""}
                  </p>
                </div>
                <div className="shrink-0 text-end">
                  <p className="tabular font-semibold">
                    <Sar amount={item.amountWithTax} locale={locale} style={sarStyle} />
                  </p>
                  {item.amountWithTax > item.amount ? (
                    <p className="text-xs text-muted-foreground">{t("vatIncluded")}</p>
                  ) : null}
                  {item.refundedAmount > 0 ? (
                    <p className="text-xs font-medium text-success">
                      {tCancel("refunded", { amount: sar(item.refundedAmount) })}
                    </p>
                  ) : null}
                </div>
              </div>
              {details.length > 0 ? (
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  {details.map((d) => (
                    <div key={d.key} className="contents">
                      <dt className="text-muted-foreground">{t(`detail.${d.key}`)}</dt>
                      <dd className="tabular min-w-0 break-words">
                        <bdi>{value(d)}</bdi>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {action?.(item)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
