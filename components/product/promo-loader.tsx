"use client";

import { useEffect, useRef } from "react";
import type { Locale } from "@/contract/tenant-settings";
import { loadScript } from "@/lib/payments/load-script";
import type { PromoPart } from "@/lib/payments/promo-part";
import type { PromoWidgetSlot } from "@/lib/payments/promo-widgets";
import { PROVIDER_BROWSER } from "@/payment-providers/browser";
import { localiseDigits } from "./localise-digits";
import { currentPromoAmount, onPromoAmount } from "./promo-amount";

export type PromoProps = { widgets: PromoWidgetSlot[]; amount: number; locale: Locale };

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

/** One provider's widget: its code loaded from its browser part once its slot is due, then drawn there and kept at the amount. */
function ProviderPromo({
  widget: { folder, slotId, props },
  amount,
  locale,
}: { widget: PromoWidgetSlot } & Omit<PromoProps, "widgets">) {
  const redraw = useRef<((amount: number) => void) | null>(null);
  const followed = useFollowedAmount(amount, (next) => redraw.current?.(next));
  useWhenVisibleAfterLoad(slotId, async (slot) => {
    // Typed: every folder whose profile declares a promo has a promo browser part.
    const load: PromoPart = PROVIDER_BROWSER[folder].promo;
    const { widget } = await load();
    widget.beforeScript?.(props, locale);
    await loadScript(props.scriptUrl);
    redraw.current = widget.draw(slot, props, followed.current.current, locale);
    followed.markDrawn();
  });
  return null;
}

/**
 * Loaded after hydration (components/product/promo-scripts.tsx): draws the pay-later providers'
 * widgets in their slots; on Arabic pages their digits are Arabic-Indic, like the page's.
 */
export function PromoLoader({ widgets, amount, locale }: PromoProps) {
  useEffect(() => {
    if (locale !== "ar") return;
    const stops = widgets.flatMap(({ slotId }) => {
      const slot = document.getElementById(slotId);
      return slot ? [localiseDigits(slot)] : [];
    });
    return () => stops.forEach((stop) => stop());
  }, [locale, widgets]);
  return (
    <>
      {widgets.map((w) => (
        <ProviderPromo key={w.folder} widget={w} amount={amount} locale={locale} />
      ))}
    </>
  );
}
