"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { loadScript } from "@/lib/payments/load-script";
import type { PromoWidgets } from "@/lib/payments/promo-widgets";

type Props = { widgets: PromoWidgets; amount: number; locale: "ar" | "en" };

/**
 * Runs `show` once the page has finished loading and the slot is (nearly) on screen, when the
 * browser is idle: the providers' scripts never compete with the page's first paint.
 */
function useWhenVisibleAfterLoad(show: (slot: HTMLElement) => Promise<void>) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const slot = ref.current;
    if (!slot) return;
    let done = false;
    let observer: IntersectionObserver | null = null;
    // Safari has no requestIdleCallback.
    const idle = (run: () => void) => (typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
    const start = () => {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer?.disconnect();
          idle(() => {
            if (!done) show(slot).catch(() => setFailed(true));
          });
        },
        { rootMargin: "200px" },
      );
      observer.observe(slot);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      done = true;
      observer?.disconnect();
      window.removeEventListener("load", start);
    };
    // The widget is drawn once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { ref, failed };
}

type Win = Window & { TabbyCard?: new (options: Record<string, unknown>) => unknown; tamaraWidgetConfig?: Record<string, unknown> };

function TabbySlot({ promo, amount, locale }: { promo: NonNullable<PromoWidgets["tabby"]>; amount: number; locale: "ar" | "en" }) {
  const id = `tabby-promo-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const { ref, failed } = useWhenVisibleAfterLoad(async () => {
    await loadScript(promo.scriptUrl);
    const TabbyCard = (window as Win).TabbyCard;
    if (!TabbyCard) throw new Error("TabbyCard is missing");
    new TabbyCard({ selector: `#${id}`, currency: "SAR", lang: locale, price: amount.toFixed(2), size: "narrow", theme: "default", header: false, publicKey: promo.publicKey, merchantCode: promo.merchantCode });
  });
  // A fixed height: the card arrives late and must not push the page about.
  return <div ref={ref} id={id} hidden={failed} className="h-24 overflow-hidden" />;
}

function TamaraSlot({ promo, amount, locale }: { promo: NonNullable<PromoWidgets["tamara"]>; amount: number; locale: "ar" | "en" }) {
  const { ref, failed } = useWhenVisibleAfterLoad(async (slot) => {
    (window as Win).tamaraWidgetConfig = { lang: locale, country: "SA", publicKey: promo.publicKey };
    await loadScript(promo.scriptUrl);
    const widget = document.createElement("tamara-widget");
    widget.setAttribute("type", "tamara-summary");
    widget.setAttribute("amount", amount.toFixed(2));
    widget.setAttribute("inline-type", "2");
    widget.setAttribute("lang", locale);
    slot.replaceChildren(widget);
  });
  return <div ref={ref} hidden={failed} className="h-24 overflow-hidden sm:h-[4.5rem]" />;
}

/** Tabby's and Tamara's "split it in 4" messages under the price (spec §2), in slots drawn on the server. */
export function PaymentPromos({ widgets, amount, locale }: Props) {
  const t = useTranslations("product.promo");
  if (!widgets.tabby && !widgets.tamara) return null;
  return (
    <aside aria-label={t("label")} className="grid gap-2">
      {widgets.tabby ? <TabbySlot promo={widgets.tabby} amount={amount} locale={locale} /> : null}
      {widgets.tamara ? <TamaraSlot promo={widgets.tamara} amount={amount} locale={locale} /> : null}
    </aside>
  );
}
