import "server-only";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { VitalsBeacon } from "@/contract/input/web-vitals";
import { addDays, riyadhToday } from "@/rules/riyadh-time";
import {
  bucketCount,
  bucketOf,
  histogramP75,
  rateVital,
  VITAL_METRICS,
  VITALS_KEPT_DAYS,
  type VitalMetric,
  type VitalRating,
} from "@/rules/web-vitals";
import type { Db } from "../db/client";
import { webVitals } from "../db/schema";
import { enforceRateLimit, type RateLimit } from "./rate-limit";
import { tenantBySlug } from "./tenant-admin";

/**
 * Beacons per client address a minute (VITALS_PER_IP, default 120), over every store: a shopper
 * sends one per page view, so this passes a household or an office behind one address and stops
 * a flood before it costs writes.
 */
export const vitalsRateLimit = (perMinute: number): RateLimit => ({ limit: perMinute, windowMs: 60_000 });

/**
 * Adds one page view's metrics to the store's histograms of the day: one statement, one row per
 * metric (created on the day's first beacon of its page type, language and device), the metric's
 * bucket counted up. Rows are bounded by the dimensions, whatever the number of beacons.
 */
export async function recordVitals(
  db: Db,
  tenantId: string,
  clientIp: string,
  beacon: VitalsBeacon,
  { perMinute, now = new Date() }: { perMinute: number; now?: Date },
): Promise<void> {
  await enforceRateLimit(db, `web-vitals:${clientIp}`, vitalsRateLimit(perMinute), now);
  const day = riyadhToday(now);
  const rows = beacon.metrics.map((m) => {
    const counts = Array<number>(bucketCount(m.name)).fill(0);
    counts[bucketOf(m.name, m.value)] = 1;
    return {
      tenantId,
      day,
      pageType: beacon.page,
      locale: beacon.locale,
      device: beacon.device,
      metric: m.name,
      counts,
    };
  });
  await db
    .insert(webVitals)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        webVitals.tenantId,
        webVitals.day,
        webVitals.pageType,
        webVitals.locale,
        webVitals.device,
        webVitals.metric,
      ],
      // Element by element; a histogram of another length (edges changed) is padded with zeros.
      set: {
        counts: sql`(select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i)
          from unnest("web_vitals"."counts", excluded."counts") with ordinality as t(a, b, i))`,
      },
    });
}

/** Drops the days past VITALS_KEPT_DAYS (housekeeping); the number of rows dropped. */
export async function pruneVitals(db: Db, now = new Date()): Promise<number> {
  const oldest = addDays(riyadhToday(now), -(VITALS_KEPT_DAYS - 1));
  const gone = await db.delete(webVitals).where(lt(webVitals.day, oldest)).returning({ day: webVitals.day });
  return gone.length;
}

export type VitalsCell = {
  metric: VitalMetric;
  /** The 75th percentile (ms; CLS unitless), interpolated within its bucket. */
  p75: number;
  /** True when the p75 lies past the last bucket edge: it is "more than" p75. */
  open: boolean;
  samples: number;
  rating: VitalRating;
};

export type VitalsGroup = { pageType: string; device: string; locale: string; metrics: VitalsCell[] };

export type VitalsReport = { since: string; until: string; groups: VitalsGroup[] };

/**
 * The store's last `days` days (Riyadh's, today included) per page type × device × language: each
 * metric's p75 from the summed daily histograms, its samples and its class by Google's thresholds.
 */
export async function vitalsReport(
  db: Db,
  slug: string,
  { days, now = new Date() }: { days: number; now?: Date },
): Promise<VitalsReport> {
  const tenant = await tenantBySlug(db, slug);
  const until = riyadhToday(now);
  const since = addDays(until, -(days - 1));
  const rows = await db
    .select()
    .from(webVitals)
    .where(and(eq(webVitals.tenantId, tenant.id), gte(webVitals.day, since)));
  const sums = new Map<
    string,
    { pageType: string; device: string; locale: string; counts: Map<VitalMetric, number[]> }
  >();
  for (const row of rows) {
    if (row.day > until) continue;
    const key = `${row.pageType}|${row.device}|${row.locale}`;
    let group = sums.get(key);
    if (!group)
      sums.set(key, (group = { pageType: row.pageType, device: row.device, locale: row.locale, counts: new Map() }));
    const metric = row.metric as VitalMetric;
    const sum = group.counts.get(metric) ?? Array<number>(bucketCount(metric)).fill(0);
    row.counts.forEach((c, i) => (sum[i] = (sum[i] ?? 0) + c));
    group.counts.set(metric, sum);
  }
  const groups = [...sums.values()]
    .map(({ counts, ...dims }) => ({
      ...dims,
      metrics: VITAL_METRICS.flatMap((metric) => {
        const p = counts.has(metric) ? histogramP75(metric, counts.get(metric)!) : null;
        return p
          ? [
              {
                metric,
                p75: p.value,
                open: p.open,
                samples: p.samples,
                rating: p.open ? "poor" : rateVital(metric, p.value),
              },
            ]
          : [];
      }),
    }))
    .sort(
      (a, b) =>
        a.pageType.localeCompare(b.pageType) || a.device.localeCompare(b.device) || a.locale.localeCompare(b.locale),
    );
  return { since, until, groups };
}

const RATING_TEXT: Record<VitalRating, string> = {
  good: "good",
  "needs-improvement": "needs improvement",
  poor: "poor",
};

/** A p75 as Search Console writes it: seconds for LCP, FCP and TTFB, milliseconds for INP, CLS bare. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  if (metric === "INP") return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/**
 * The report as the owner reads it (`npm run tenant -- vitals`): per page type × device ×
 * language, each metric's p75 ("> x" past the last bucket), its class and its sample count.
 */
export function formatVitalsReport(slug: string, days: number, r: VitalsReport): string {
  const head = `${slug}, ${r.since} to ${r.until} (${days} days, Riyadh): 75th percentile of real page views' Web Vitals.`;
  if (r.groups.length === 0) return `${head}\nNo page views measured yet.`;
  const rows = [
    ["page", "device", "language", "metric", "p75", "rating", "samples"],
    ...r.groups.flatMap((g) =>
      g.metrics.map((m) => [
        g.pageType,
        g.device,
        g.locale,
        m.metric,
        `${m.open ? "> " : ""}${formatVital(m.metric, m.p75)}`,
        RATING_TEXT[m.rating],
        String(m.samples),
      ]),
    ),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const table = rows
    .map((row) => row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]))).join("  "))
    .join("\n");
  const note =
    "Good / poor by Google's thresholds: LCP ≤ 2.5 s / > 4 s, INP ≤ 200 ms / > 500 ms, CLS ≤ 0.1 / > 0.25, FCP ≤ 1.8 s / > 3 s, TTFB ≤ 0.8 s / > 1.8 s.\n" +
    "A p75 is read from histograms, interpolated within its bucket: exact to a bucket's width up to the poor threshold (LCP 250 ms, INP 25 ms, CLS 0.025, FCP 150 ms, TTFB 100 ms), coarser past it; its rating is exact.";
  return `${head}\n${table}\n\n${note}`;
}
