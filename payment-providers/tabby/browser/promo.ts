import type { tabbyProfile } from "../profile";
import { definePromoWidget } from "@/lib/payments/promo-part";

type Props = NonNullable<ReturnType<typeof tabbyProfile.promo.props>>;
type Win = Window & { TabbyCard?: new (options: Record<string, unknown>) => unknown };

/** Tabby's promo card: drawn again with a new price, its documented way to change it. */
export const widget = definePromoWidget<Props>({
  draw(slot, props, amount, locale) {
    const draw = (price: number) => {
      const TabbyCard = (window as Win).TabbyCard;
      if (!TabbyCard) throw new Error("TabbyCard is missing");
      new TabbyCard({
        selector: `#${slot.id}`,
        currency: "SAR",
        lang: locale,
        price: price.toFixed(2),
        size: "narrow",
        theme: "default",
        header: false,
        publicKey: props.publicKey,
        merchantCode: props.merchantCode,
      });
    };
    draw(amount);
    return draw;
  },
});
