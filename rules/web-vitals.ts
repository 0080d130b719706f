/**
 * Real shoppers' Web Vitals: what is measured, how it is classed and kept. Shared by the browser
 * (the beacon), the platform (the histograms) and the owner's report, so each reads one table.
 */

export const VITAL_METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * Google's thresholds as Search Console and web-vitals (its `*Thresholds` exports) use them: a
 * value ≤ the first is "good", > the second "poor", between them "needs improvement". Timings in
 * milliseconds, CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** The largest value a beacon may carry per metric (past it the beacon is refused as made up). */
export const VITAL_MAX: Record<VitalMetric, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  FCP: 120_000,
  TTFB: 120_000,
};

const steps = (step: number, upTo: number) =>
  Array.from({ length: Math.round(upTo / step) }, (_, i) => Math.round((i + 1) * step * 1000) / 1000);

/**
 * Each metric's histogram: the upper edges of its buckets, a value v in the first bucket whose edge
 * is ≥ v (a bucket holds (previous edge, edge]), past the last edge in one more, open bucket. Fine
 * steps up to the "poor" threshold, so both thresholds are edges (a p75's class is exact) and a p75
 * below "poor" is read to within half a step; coarser past it, where the flag is what matters.
 */
export const VITAL_BUCKET_EDGES: Record<VitalMetric, readonly number[]> = {
  LCP: [...steps(250, 4000), 5000, 6000, 8000, 10_000, 20_000],
  INP: [...steps(25, 500), 600, 800, 1000, 1500, 2000, 5000],
  CLS: [...steps(0.025, 0.25), 0.3, 0.4, 0.5, 0.75, 1, 2],
  FCP: [...steps(150, 3000), 4000, 5000, 6000, 8000, 10_000, 20_000],
  TTFB: [...steps(100, 1800), 2500, 3000, 4000, 6000, 10_000],
};

/** The number of buckets of a metric's histogram (its edges and the open bucket past the last). */
export const bucketCount = (metric: VitalMetric) => VITAL_BUCKET_EDGES[metric].length + 1;

/** The bucket of a value: the first whose upper edge is ≥ it, else the open one past the last edge. */
export function bucketOf(metric: VitalMetric, value: number): number {
  const edges = VITAL_BUCKET_EDGES[metric];
  const i = edges.findIndex((edge) => value <= edge + 1e-9);
  return i === -1 ? edges.length : i;
}

/**
 * The 75th percentile of a histogram, interpolated linearly within its bucket (values taken as
 * spread evenly over it), so it is exact to within the bucket's width and its class by the
 * thresholds (which are edges) exact. In the open bucket past the last edge it is that edge and
 * `open` is true ("more than"). Null without samples.
 */
export function histogramP75(
  metric: VitalMetric,
  counts: readonly number[],
): { value: number; open: boolean; samples: number } | null {
  const samples = counts.reduce((n, c) => n + c, 0);
  if (samples === 0) return null;
  const edges = VITAL_BUCKET_EDGES[metric];
  const rank = 0.75 * samples;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      if (i >= edges.length) return { value: edges[edges.length - 1], open: true, samples };
      const low = i === 0 ? 0 : edges[i - 1];
      const value = low + ((rank - below) / count) * (edges[i] - low);
      return { value, open: false, samples };
    }
    below += count;
  }
  return { value: edges[edges.length - 1], open: true, samples };
}

/** What page a beacon measured, from its path alone (no query, no ids). */
export const VITAL_PAGE_TYPES = ["home", "product", "products", "checkout", "order", "account", "other"] as const;
export type VitalPageType = (typeof VITAL_PAGE_TYPES)[number];

/**
 * The page type of a storefront path (`/en` prefix or none): `/` home, `/products/x` product,
 * `/products` the list, `/checkout…` (the done page included) checkout, `/orders/…` order,
 * `/profile…` the account, anything else other.
 */
export function pageTypeOf(pathname: string): VitalPageType {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] === "en") parts.shift();
  const [first, second] = parts;
  if (first === undefined) return "home";
  if (first === "products") return second === undefined ? "products" : "product";
  if (first === "checkout") return "checkout";
  if (first === "orders") return "order";
  if (first === "profile") return "account";
  return "other";
}

/**
 * The device class from the layout viewport's width (CSS pixels), as the store's own breakpoints
 * part them: under 768 a phone, under 1024 a tablet, else a desktop. The width, not the user
 * agent: it is what the page laid out for, every browser has it, and client hints are Chromium's only.
 */
export const VITAL_DEVICES = ["phone", "tablet", "desktop"] as const;
export type VitalDevice = (typeof VITAL_DEVICES)[number];

export const deviceOf = (width: number): VitalDevice => (width < 768 ? "phone" : width < 1024 ? "tablet" : "desktop");

/** web-vitals' navigation types (Metric.navigationType). */
export const VITAL_NAVIGATION_TYPES = [
  "navigate",
  "reload",
  "back-forward",
  "back-forward-cache",
  "prerender",
  "restore",
  "soft-navigation",
] as const;
export type VitalNavigationType = (typeof VITAL_NAVIGATION_TYPES)[number];

/** Days of vitals the platform keeps (Search Console's report reads the last 28). */
export const VITALS_KEPT_DAYS = 30;

/**
 * The share of page views that send their vitals. All of them: a small store has few visits, and
 * every one is needed for a p75 worth reading; the platform keeps histograms, not beacons, so the
 * volume costs no rows, and the beacon goes once the page is hidden.
 */
export const VITALS_SAMPLE_RATE = 1;
