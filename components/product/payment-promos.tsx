import { getTranslations } from "next-intl/server";
import type { Locale } from "@/contract/tenant-settings";
import type { PromoWidgetSlot } from "@/lib/payments/promo-widgets";
import { PromoScripts } from "./promo-scripts";
import { cn } from "@/lib/cn";

type Props = { widgets: PromoWidgetSlot[]; amount: number; locale: Locale; className?: string };

/**
 * The pay-later providers' "split it in 4" messages under the price (spec §2): slots of a fixed
 * height drawn on the server (the widgets arrive late and must not push the page about), filled
 * by the providers' widgets after the page has loaded (promo-loader.tsx).
 */
export async function PaymentPromos({ widgets, amount, locale, className }: Props) {
  if (widgets.length === 0) return null;
  const t = await getTranslations("product.promo");
  return (
    <aside aria-label={t("label")} className={cn("grid gap-2", className)}>
      {widgets.map((w) => (
        <div key={w.folder} id={w.slotId} className={`${w.slotClass} overflow-hidden`} />
      ))}
      <PromoScripts widgets={widgets} amount={amount} locale={locale} />
    </aside>
  );
}
