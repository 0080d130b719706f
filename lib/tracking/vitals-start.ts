/**
 * Real shoppers' Web Vitals (lib/tracking/web-vitals.ts: first-party, nothing of the shopper, so
 * asked no consent), started from the tracking code, which every page loads after hydration: not
 * a byte in the page's first load. Their own chunk is fetched after the load event and an idle
 * moment, as the pixels are, so it never competes with the page; a failed load measures nothing.
 */
if (typeof window !== "undefined") {
  const start = () => {
    const go = () => void import("./web-vitals").then((m) => m.reportVitals()).catch(() => undefined);
    if ("requestIdleCallback" in window) window.requestIdleCallback(go, { timeout: 4000 });
    else setTimeout(go, 1500);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
