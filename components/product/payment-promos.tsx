import { getTranslations } from "next-intl/server";
import type { PromoWidgets } from "@/lib/payments/promo-widgets";
import { PROMO_SLOT } from "./promo-slots";
import { PromoScripts } from "./promo-scripts";

type Props = { widgets: PromoWidgets; amount: number; locale: "ar" | "en" };

/**
 * Tabby's and Tamara's "split it in 4" messages under the price (spec §2): slots of a fixed height
 * drawn on the server (the cards arrive late and must not push the page about), filled by the
 * providers' widgets after the page has loaded (promo-loader.tsx).
 */
export async function PaymentPromos({ widgets, amount, locale }: Props) {
  if (!widgets.tabby && !widgets.tamara) return null;
  const t = await getTranslations("product.promo");
  return (
    <aside aria-label={t("label")} className="grid gap-2">
      {widgets.tabby ? <div id={PROMO_SLOT.tabby} className="h-24 overflow-hidden" /> : null}
      {widgets.tamara ? <div id={PROMO_SLOT.tamara} className="h-24 overflow-hidden sm:h-[4.5rem]" /> : null}
      <PromoScripts widgets={widgets} amount={amount} locale={locale} />
    </aside>
  );
}
