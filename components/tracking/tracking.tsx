"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import type { PixelIds } from "@/lib/tracking/load-pixels";
import { trackingCode } from "./tracking-code";

/** After the load event and an idle moment: the pixels' code is fetched only then, never with the page. */
function whenIdleAfterLoad(run: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    const go = () => !cancelled && run();
    if ("requestIdleCallback" in window) window.requestIdleCallback(go, { timeout: 4000 });
    else setTimeout(go, 1500);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", idle);
  };
}

/**
 * Mounted once in the site layout: keeps the landing's UTM (spec §3), loads the marketing pixels
 * when the page is interactive (spec §1) and, where the store asks, once the shopper agreed, and
 * sends one page view per navigation except on product pages (they send ViewContent).
 */
export function Tracking({ ids, askConsent }: { ids: PixelIds; askConsent: boolean }) {
  const pathname = usePathname();
  const lastPath = useRef<string | null>(null);
  const key = JSON.stringify(ids);

  useEffect(() => {
    let loaded = false;
    let stopped = false;
    let stopListening = () => {};
    const load = () => {
      if (loaded) return;
      loaded = true;
      import("@/lib/tracking/load-pixels")
        .then((m) => m.loadPixels(JSON.parse(key) as PixelIds))
        .catch((err: unknown) => console.warn("[pixels] loader unavailable", err));
    };
    // With consent asked (lib/tracking/consent.ts): yes loads the pixels and the waiting events go
    // out; no sends the waiting events nowhere (and every later one); no answer keeps them waiting.
    // The answer is followed by the tracking code, out of the page's first load: one given before
    // then is in storage already.
    const askThenLoad = () =>
      void trackingCode().then(({ attachPixels, followConsent }) => {
        if (!stopped) stopListening = followConsent(load, () => !loaded && attachPixels([]));
      });
    const stopIdle = whenIdleAfterLoad(() => (askConsent ? askThenLoad() : load()));
    return () => {
      stopped = true;
      stopIdle();
      stopListening();
    };
  }, [key, askConsent]);

  useEffect(() => {
    // The browser's address (the app's pathname is the rewritten one under the proxy).
    const path = window.location.pathname;
    if (lastPath.current === path) return;
    lastPath.current = path;
    const search = window.location.search;
    void trackingCode().then(({ captureUtm, sendsPageView, track }) => {
      captureUtm(search, window.localStorage);
      if (sendsPageView(path)) track("PageView");
    });
  }, [pathname]);

  return null;
}
