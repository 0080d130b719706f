"use client";

import { useEffect, useRef } from "react";
import { loadScript } from "@/lib/payments/load-script";
import type { PromoWidgets } from "@/lib/payments/promo-widgets";
import { localiseDigits } from "./localise-digits";
import { currentPromoAmount, onPromoAmount } from "./promo-amount";
import { PROMO_SLOT } from "./promo-slots";

export type PromoProps = { widgets: PromoWidgets; amount: number; locale: "ar" | "en" };

/**
 * Runs `show` on a slot once the page has finished loading and the slot is (nearly) on screen,
 * when the browser is idle: the providers' scripts never compete with the page's first paint. A
 * widget that fails hides its slot.
 */
function useWhenVisibleAfterLoad(slotId: string, show: (slot: HTMLElement) => Promise<void>) {
  useEffect(() => {
    const slot = document.getElementById(slotId);
    if (!slot) return;
    let done = false;
    let observer: IntersectionObserver | null = null;
    // Safari has no requestIdleCallback.
    const idle = (run: () => void) =>
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(run, { timeout: 2000 })
        : setTimeout(run, 200);
    const start = () => {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer?.disconnect();
          idle(() => {
            if (!done)
              show(slot).catch(() => {
                slot.hidden = true;
              });
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
}

type Win = Window & {
  TabbyCard?: new (options: Record<string, unknown>) => unknown;
  tamaraWidgetConfig?: Record<string, unknown>;
  TamaraWidgetV2?: { refresh?: () => void };
};

/**
 * The amount a widget shows: the page's price at first, then the purchase widget's total as it
 * changes (promo-amount.ts). `redraw` runs on each change once the widget has been drawn.
 */
function useFollowedAmount(initial: number, redraw: (amount: number) => void) {
  // The promo code loads after the page: the shopper may have changed the quantity already.
  const current = useRef(currentPromoAmount() ?? initial);
  const drawn = useRef(false);
  const redrawRef = useRef(redraw);
  useEffect(() => {
    redrawRef.current = redraw;
  });
  useEffect(
    () =>
      onPromoAmount((next) => {
        current.current = next;
        if (drawn.current) redrawRef.current(next);
      }),
    [],
  );
  return { current, markDrawn: () => void (drawn.current = true) };
}

function TabbyWidget({
  promo,
  amount,
  locale,
}: {
  promo: NonNullable<PromoWidgets["tabby"]>;
  amount: number;
  locale: "ar" | "en";
}) {
  // Tabby's card is drawn again with the new price (its documented way to change it).
  const draw = (price: number) => {
    const TabbyCard = (window as Win).TabbyCard;
    if (!TabbyCard) throw new Error("TabbyCard is missing");
    new TabbyCard({
      selector: `#${PROMO_SLOT.tabby}`,
      currency: "SAR",
      lang: locale,
      price: price.toFixed(2),
      size: "narrow",
      theme: "default",
      header: false,
      publicKey: promo.publicKey,
      merchantCode: promo.merchantCode,
    });
  };
  const followed = useFollowedAmount(amount, draw);
  useWhenVisibleAfterLoad(PROMO_SLOT.tabby, async () => {
    await loadScript(promo.scriptUrl);
    draw(followed.current.current);
    followed.markDrawn();
  });
  return null;
}

function TamaraWidget({
  promo,
  amount,
  locale,
}: {
  promo: NonNullable<PromoWidgets["tamara"]>;
  amount: number;
  locale: "ar" | "en";
}) {
  // Tamara's element takes a new amount attribute, then TamaraWidgetV2.refresh() (its documented way).
  const followed = useFollowedAmount(amount, (next) => {
    document.querySelector(`#${PROMO_SLOT.tamara} tamara-widget`)?.setAttribute("amount", next.toFixed(2));
    (window as Win).TamaraWidgetV2?.refresh?.();
  });
  useWhenVisibleAfterLoad(PROMO_SLOT.tamara, async (slot) => {
    (window as Win).tamaraWidgetConfig = { lang: locale, country: "SA", publicKey: promo.publicKey };
    await loadScript(promo.scriptUrl);
    const widget = document.createElement("tamara-widget");
    widget.setAttribute("type", "tamara-summary");
    widget.setAttribute("amount", followed.current.current.toFixed(2));
    widget.setAttribute("inline-type", "2");
    widget.setAttribute("lang", locale);
    slot.replaceChildren(widget);
    followed.markDrawn();
  });
  return null;
}

/** Loaded after hydration (components/product/promo-scripts.tsx): draws Tabby's and Tamara's widgets in their slots. */
export function PromoLoader({ widgets, amount, locale }: PromoProps) {
  useEffect(() => {
    if (locale !== "ar") return;
    const stops = Object.values(PROMO_SLOT).flatMap((id) => {
      const slot = document.getElementById(id);
      return slot ? [localiseDigits(slot)] : [];
    });
    return () => stops.forEach((stop) => stop());
  }, [locale]);
  return (
    <>
      {widgets.tabby ? <TabbyWidget promo={widgets.tabby} amount={amount} locale={locale} /> : null}
      {widgets.tamara ? <TamaraWidget promo={widgets.tamara} amount={amount} locale={locale} /> : null}
    </>
  );
}
