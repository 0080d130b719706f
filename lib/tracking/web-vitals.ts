import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import type { VitalsBeacon } from "@/contract/input/web-vitals";
import { vitalsRoutes } from "@/contract/store/routes/vitals";
import { deviceOf, pageTypeOf, VITALS_SAMPLE_RATE, type VitalMetric } from "@/rules/web-vitals";
import { addressOf } from "@/lib/store-client/client";

/**
 * Real shoppers' Web Vitals (docs/behaviour.md, "Web Vitals"), loaded as a chunk of its own after
 * the page's load event and an idle moment (components/tracking/tracking.tsx). web-vitals reads the
 * browser's buffered entries, so LCP, CLS, FCP and TTFB of the load are all there when it starts
 * late; INP sees the interactions from then on and the slow ones before (the browser keeps event
 * entries of 104 ms and more). Every metric's latest value is kept, and when the page is first
 * hidden (the shopper leaves, switches app or tab) they go in one beacon: the page type, language,
 * device class, navigation type and the values with web-vitals' own rating; no address, no id.
 */
let started = false;

export function reportVitals(): void {
  // Once per document: web-vitals' observers live as long as the page, and one page view is one beacon.
  if (started) return;
  started = true;
  if (Math.random() >= VITALS_SAMPLE_RATE) return;
  // The document's own address (the landing), whatever client navigation happened since: the page measured.
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const landingPath = new URL(navigation?.name ?? window.location.href).pathname;
  // The page's language as the server wrote it (<html lang>).
  const locale = document.documentElement.lang === "en" ? "en" : "ar";
  const latest = new Map<VitalMetric, Metric>();
  const keep = (metric: Metric) => latest.set(metric.name as VitalMetric, metric);
  // Every change as it happens: leaving a page fires pagehide before web-vitals' own
  // visibilitychange report of LCP, CLS and INP, so the beacon takes the values as they stand.
  const asTheyChange = { reportAllChanges: true };
  onLCP(keep, asTheyChange);
  onINP(keep, asTheyChange);
  onCLS(keep, asTheyChange);
  onFCP(keep);
  onTTFB(keep);

  let sent = false;
  // Hidden (a switch of tab or app) or left (pagehide, which may come first): one beacon.
  const send = (event: Event) => {
    if (sent || latest.size === 0 || (event.type === "visibilitychange" && document.visibilityState !== "hidden"))
      return;
    sent = true;
    const first = [...latest.values()][0];
    const beacon: VitalsBeacon = {
      page: pageTypeOf(landingPath),
      locale,
      device: deviceOf(window.innerWidth),
      navigation: first.navigationType,
      metrics: [...latest.values()].map((m) => ({ name: m.name as VitalMetric, value: m.value, rating: m.rating })),
    };
    navigator.sendBeacon(addressOf("/api/", vitalsRoutes.record), JSON.stringify(beacon));
  };
  document.addEventListener("visibilitychange", send);
  window.addEventListener("pagehide", send);
  // Listening: the browser tests wait for it before they leave the page (as for __sfPixelLog).
  (window as unknown as { __sfVitals?: boolean }).__sfVitals = true;
}
