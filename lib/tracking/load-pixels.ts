import type { PixelSink } from "./pixels";
import { attachPixels } from "./pixels";
import { PIXEL_MAPPINGS, type PixelName } from "./pixel-params";

/**
 * The pixels' standard loaders (loaded on demand, after the page's load event and an idle
 * moment, never with the page): each defines its global queue, injects its script and maps our
 * events to its names. A script that fails to load fails quietly (the queue stays unsent).
 */

export type PixelIds = {
  gtmId: string | null;
  metaPixelId: string | null;
  tiktokPixelId: string | null;
  snapchatPixelId: string | null;
  clarityId: string | null;
};

type Fn = ((...args: unknown[]) => void) & Record<string, unknown>;
type W = Window & Record<string, unknown> & { __sfPixelLog?: { pixel: string; event: string; params: unknown }[] };

const w = () => window as unknown as W;

function inject(src: string): void {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  s.onerror = () => undefined;
  document.head.appendChild(s);
}

/** Every call a pixel gets, for the browser tests (and for debugging a store's tags). */
function logged(pixel: PixelName, fn: (name: string, params: Record<string, unknown>) => void): PixelSink {
  const { names, params } = PIXEL_MAPPINGS[pixel];
  return (event, payload) => {
    const name = names[event];
    const p = params(event, payload);
    (w().__sfPixelLog ??= []).push({ pixel, event: name, params: p });
    fn(name, p);
  };
}

/** A stub like the vendors' snippets: calls queue until the real script takes over. */
function stub(name: string, onCall: (f: Fn, args: unknown[]) => void): Fn {
  const existing = w()[name] as Fn | undefined;
  if (existing) return existing;
  const f = ((...args: unknown[]) => onCall(f, args)) as Fn;
  w()[name] = f;
  return f;
}

function gtm(id: string): PixelSink {
  const dl = ((w().dataLayer as unknown[] | undefined) ??= []) as unknown[];
  w().dataLayer = dl;
  dl.push({ "gtm.start": Date.now(), event: "gtm.js" });
  inject(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
  return logged("gtm", (event, params) => {
    if (event === "page_view") dl.push({ event });
    else {
      // Google's advice: clear the previous ecommerce object, so that no field of an earlier event leaks into this one.
      dl.push({ ecommerce: null });
      dl.push({ event, ecommerce: params });
    }
  });
}

function meta(id: string): PixelSink {
  const fbq = stub("fbq", (f, args) =>
    typeof f.callMethod === "function" ? (f.callMethod as Fn)(...args) : (f.queue as unknown[]).push(args),
  );
  Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: (fbq.queue as unknown[] | undefined) ?? [] });
  w()._fbq ??= fbq;
  inject("https://connect.facebook.net/en_US/fbevents.js");
  fbq("init", id);
  return logged("meta", (event, { eventID, ...params }) =>
    eventID ? fbq("track", event, params, { eventID }) : fbq("track", event, params),
  );
}

function tiktok(id: string): PixelSink {
  type Ttq = unknown[] & Record<string, unknown>;
  const ttq = ((w().ttq as Ttq | undefined) ?? []) as Ttq;
  w().ttq = ttq;
  w().TiktokAnalyticsObject = "ttq";
  for (const m of [
    "page",
    "track",
    "identify",
    "instances",
    "debug",
    "on",
    "off",
    "once",
    "ready",
    "alias",
    "group",
    "enableCookie",
    "disableCookie",
  ]) {
    ttq[m] ??= (...args: unknown[]) => ttq.push([m, ...args]);
  }
  Object.assign(ttq, {
    _i: { ...(ttq._i as object), [id]: [] },
    _t: { ...(ttq._t as object), [id]: Date.now() },
    _o: { ...(ttq._o as object), [id]: {} },
  });
  inject(`https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${encodeURIComponent(id)}&lib=ttq`);
  const call = (m: string, ...args: unknown[]) => (ttq[m] as Fn)(...args);
  return logged("tiktok", (event, { event_id, ...params }) =>
    event === "page" ? call("page") : call("track", event, params, event_id ? { event_id } : {}),
  );
}

function snapchat(id: string): PixelSink {
  const snaptr = stub("snaptr", (f, args) =>
    typeof f.handleRequest === "function" ? (f.handleRequest as Fn)(...args) : (f.queue as unknown[]).push(args),
  );
  snaptr.queue ??= [];
  inject("https://sc-static.net/scevent.min.js");
  snaptr("init", id, {});
  return logged("snapchat", (event, params) => snaptr("track", event, params));
}

function clarity(id: string): void {
  stub("clarity", (f, args) => ((f.q as unknown[] | undefined) ?? (f.q = [])).push(args) as unknown as void);
  inject(`https://www.clarity.ms/tag/${encodeURIComponent(id)}`);
}

const LABELS: Record<keyof PixelIds, string> = {
  gtmId: "tag manager",
  metaPixelId: "Meta pixel",
  tiktokPixelId: "TikTok pixel",
  snapchatPixelId: "Snapchat pixel",
  clarityId: "Clarity",
};

/** The next task of the page (a pixel's start never shares a task with another's). */
const nextTask = (run: () => void) => void setTimeout(run, 0);

/**
 * Loads every configured pixel and hands them to track(); one with no ID is skipped with a warning
 * naming it. Each pixel starts in a task of its own, so that five vendors' snippets and script
 * tags never make one long task on the main thread (Lighthouse counts one in TBT); events tracked
 * meanwhile wait in track()'s queue and go to every pixel once all have started.
 */
export function loadPixels(ids: PixelIds, schedule: (run: () => void) => void = nextTask): void {
  for (const key of Object.keys(LABELS) as (keyof PixelIds)[]) {
    if (!ids[key]) console.warn(`[pixels] ${LABELS[key]} skipped: no ${key} in the store's settings`);
  }
  const makers: (() => PixelSink | void)[] = [];
  if (ids.gtmId) makers.push(() => gtm(ids.gtmId!));
  if (ids.metaPixelId) makers.push(() => meta(ids.metaPixelId!));
  if (ids.tiktokPixelId) makers.push(() => tiktok(ids.tiktokPixelId!));
  if (ids.snapchatPixelId) makers.push(() => snapchat(ids.snapchatPixelId!));
  if (ids.clarityId) makers.push(() => clarity(ids.clarityId!));
  const sinks: PixelSink[] = [];
  const step = (i: number) => {
    if (i === makers.length) {
      attachPixels(sinks);
      return;
    }
    try {
      const sink = makers[i]();
      if (sink) sinks.push(sink);
    } catch (err) {
      console.warn("[pixels] a pixel failed to start", err);
    }
    schedule(() => step(i + 1));
  };
  schedule(() => step(0));
}
