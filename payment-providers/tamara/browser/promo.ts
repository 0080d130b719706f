import type { tamaraProfile } from "../profile";
import { definePromoWidget } from "@/lib/payments/promo-part";

type Props = NonNullable<ReturnType<typeof tamaraProfile.promo.props>>;
type Win = Window & { tamaraWidgetConfig?: Record<string, unknown>; TamaraWidgetV2?: { refresh?: () => void } };

/** Tamara's summary widget: a <tamara-widget> element its script fills in, configured through a global first. */
export const widget = definePromoWidget<Props>({
  beforeScript(props, locale) {
    (window as Win).tamaraWidgetConfig = { lang: locale, country: "SA", publicKey: props.publicKey };
  },
  draw(slot, _props, amount, locale) {
    const element = document.createElement("tamara-widget");
    element.setAttribute("type", "tamara-summary");
    element.setAttribute("amount", amount.toFixed(2));
    element.setAttribute("inline-type", "2");
    element.setAttribute("lang", locale);
    slot.replaceChildren(element);
    // A new amount attribute, then TamaraWidgetV2.refresh(): its documented way to change it.
    return (next) => {
      slot.querySelector("tamara-widget")?.setAttribute("amount", next.toFixed(2));
      (window as Win).TamaraWidgetV2?.refresh?.();
    };
  },
});
