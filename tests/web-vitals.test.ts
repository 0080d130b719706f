import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiEnvelope } from "@/contract/errors";
import { VITALS_BODY_LIMIT } from "@/contract/limits";
import { setPlatformDb } from "@/platform/db";
import { rateLimits, webVitals } from "@/platform/db/schema";
import { pruneExpired } from "@/platform/services/housekeeping";
import { formatVitalsReport, recordVitals, vitalsReport } from "@/platform/services/web-vitals";
import { env } from "@/server/env";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { addDays, riyadhToday } from "@/rules/riyadh-time";
import {
  bucketCount,
  bucketOf,
  deviceOf,
  histogramP75,
  pageTypeOf,
  rateVital,
  VITAL_BUCKET_EDGES,
  VITAL_DEVICES,
  VITAL_METRICS,
  VITAL_PAGE_TYPES,
  VITAL_THRESHOLDS,
  VITALS_KEPT_DAYS,
  type VitalMetric,
} from "@/rules/web-vitals";
import { main } from "@/scripts/tenant-cli";
import { jar, nextHeadersMock, readEnvelope, storeApi } from "./helpers/bff-harness";
import { describeEachDb } from "./helpers/test-db";

/**
 * Real shoppers' Web Vitals (docs/behaviour.md, "Web Vitals"): the beacon's endpoint
 * (POST /api/vitals → the platform's POST web-vitals), its histograms, their p75 and the owner's
 * report, their retention, and a flood of beacons costing bounded rows and memory.
 */
vi.mock("next/headers", () => nextHeadersMock());

const beacon = (over: Record<string, unknown> = {}) => ({
  page: "product",
  locale: "ar",
  device: "phone",
  navigation: "navigate",
  metrics: [
    { name: "LCP", value: 2100, rating: "good" },
    { name: "CLS", value: 0.02, rating: "good" },
  ],
  ...over,
});

/** The beacon as navigator.sendBeacon sends a string: text/plain, no cookie needed. */
const sendBeacon = (host: string, body: string, ip = "203.0.113.7", headers: Record<string, string> = {}) =>
  storeApi(
    new Request(`http://${host}/api/vitals`, {
      method: "POST",
      headers: { host, "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": ip, ...headers },
      body,
    }),
  );

describe("Web Vitals' histograms and classes", () => {
  it("rates values by Google's thresholds, the good and poor edges inclusive as Search Console reads them", () => {
    expect(rateVital("LCP", 2500)).toBe("good");
    expect(rateVital("LCP", 2501)).toBe("needs-improvement");
    expect(rateVital("LCP", 4000)).toBe("needs-improvement");
    expect(rateVital("LCP", 4001)).toBe("poor");
    expect(rateVital("INP", 200)).toBe("good");
    expect(rateVital("INP", 501)).toBe("poor");
    expect(rateVital("CLS", 0.1)).toBe("good");
    expect(rateVital("CLS", 0.25)).toBe("needs-improvement");
    expect(rateVital("CLS", 0.26)).toBe("poor");
    expect(rateVital("FCP", 1800)).toBe("good");
    expect(rateVital("FCP", 3001)).toBe("poor");
    expect(rateVital("TTFB", 800)).toBe("good");
    expect(rateVital("TTFB", 1801)).toBe("poor");
  });

  it("has both thresholds of every metric among its bucket edges, so a p75's class is exact", () => {
    for (const metric of VITAL_METRICS) {
      const edges = VITAL_BUCKET_EDGES[metric];
      for (const threshold of VITAL_THRESHOLDS[metric]) expect(edges, metric).toContain(threshold);
      expect(
        [...edges].sort((a, b) => a - b),
        metric,
      ).toEqual(edges);
      expect(bucketCount(metric)).toBe(edges.length + 1);
    }
  });

  it("puts a value in the first bucket whose edge is at least it, past the last edge in the open bucket", () => {
    expect(bucketOf("LCP", 0)).toBe(0);
    expect(bucketOf("LCP", 250)).toBe(0);
    expect(bucketOf("LCP", 250.5)).toBe(1);
    expect(bucketOf("LCP", 2500)).toBe(VITAL_BUCKET_EDGES.LCP.indexOf(2500));
    expect(bucketOf("CLS", 0.1)).toBe(VITAL_BUCKET_EDGES.CLS.indexOf(0.1));
    expect(bucketOf("CLS", 0.1000001)).toBe(VITAL_BUCKET_EDGES.CLS.indexOf(0.1) + 1);
    expect(bucketOf("INP", 99_999)).toBe(VITAL_BUCKET_EDGES.INP.length);
  });

  it("reads the 75th percentile by interpolating within its bucket, to within the bucket's width of the true one", () => {
    // 100 LCPs spread evenly over 0–4 s: the true p75 is 3 s.
    const values = Array.from({ length: 100 }, (_, i) => (i + 0.5) * 40);
    const counts = Array<number>(bucketCount("LCP")).fill(0);
    for (const v of values) counts[bucketOf("LCP", v)]++;
    const p = histogramP75("LCP", counts)!;
    expect(p.samples).toBe(100);
    expect(p.open).toBe(false);
    expect(Math.abs(p.value - 3000)).toBeLessThanOrEqual(250);
    // Four samples in one bucket (2–2.25 s): the 3rd of 4 is three quarters into it.
    const one = Array<number>(bucketCount("LCP")).fill(0);
    one[bucketOf("LCP", 2100)] = 4;
    expect(histogramP75("LCP", one)).toEqual({ value: 2187.5, open: false, samples: 4 });
    // Mostly past the last edge: "more than" the last edge.
    const slow = Array<number>(bucketCount("INP")).fill(0);
    slow[bucketOf("INP", 9000)] = 3;
    slow[0] = 1;
    expect(histogramP75("INP", slow)).toEqual({ value: 5000, open: true, samples: 4 });
    expect(histogramP75("CLS", Array<number>(bucketCount("CLS")).fill(0))).toBeNull();
  });

  it("names the page from its path alone, in either language, and the device from the viewport's width", () => {
    expect(pageTypeOf("/")).toBe("home");
    expect(pageTypeOf("/en")).toBe("home");
    expect(pageTypeOf("/products")).toBe("products");
    expect(pageTypeOf("/en/products/lavender-oil")).toBe("product");
    expect(pageTypeOf("/checkout/done")).toBe("checkout");
    expect(pageTypeOf("/en/orders/123")).toBe("order");
    expect(pageTypeOf("/profile/orders")).toBe("account");
    expect(pageTypeOf("/z/terms")).toBe("other");
    expect([deviceOf(390), deviceOf(800), deviceOf(1280)]).toEqual(["phone", "tablet", "desktop"]);
  });
});

it("refuses a --days outside what is kept before opening any database", async () => {
  for (const days of ["0", "31", "2.5", "abc"]) {
    const lines: string[] = [];
    const code = await main(["vitals", "spa", "--days", days], {
      log: (l) => lines.push(l),
      warn: (l) => lines.push(l),
    });
    expect(code).toBe(1);
    expect(lines.join("\n")).toContain(`--days takes a whole number of days, 1 to ${VITALS_KEPT_DAYS}`);
  }
});

describeEachDb("Web Vitals beacons", (t) => {
  beforeAll(() => {
    const { db, kind } = t();
    setPlatformDb({ db, kind, close: async () => {} });
    clearTenantCache();
  });

  beforeEach(async () => {
    jar.clear();
    await t().db.delete(webVitals);
    await t().db.delete(rateLimits);
  });

  const rows = (tenantId = t().spa.id) => t().db.select().from(webVitals).where(eq(webVitals.tenantId, tenantId));

  it("takes sendBeacon's text/plain JSON, counts each metric in its bucket, and answers null", async () => {
    const res = await readEnvelope(sendBeacon("spa.localhost", JSON.stringify(beacon())));
    expect(res).toEqual({ status: 200, body: { data: null } });
    const kept = await rows();
    expect(kept.map((r) => [r.day, r.pageType, r.locale, r.device, r.metric]).sort()).toEqual([
      [riyadhToday(t().now), "product", "ar", "phone", "CLS"],
      [riyadhToday(t().now), "product", "ar", "phone", "LCP"],
    ]);
    const lcp = kept.find((r) => r.metric === "LCP")!;
    expect(lcp.counts).toHaveLength(bucketCount("LCP"));
    expect(lcp.counts[bucketOf("LCP", 2100)]).toBe(1);
    expect(lcp.counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("counts the same beacon sent twice at once and once more as three page views in one row per metric", async () => {
    const body = JSON.stringify(beacon({ metrics: [{ name: "INP", value: 180, rating: "good" }] }));
    const answers = await Promise.all([sendBeacon("spa.localhost", body), sendBeacon("spa.localhost", body)]);
    answers.push(await sendBeacon("spa.localhost", body));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(kept[0].counts[bucketOf("INP", 180)]).toBe(3);
  });

  it("refuses bad beacons with a 4xx and a code, never a 5xx, and keeps nothing of them", async () => {
    const bad: [string, number, string][] = [
      ["{", 400, "SP:MalformedJson"],
      ["[]", 400, "SP:ValidationError"],
      ["null", 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ page: "/en/products/secret?coupon=X" })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ locale: "fr" })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ device: "fridge" })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ navigation: "teleport" })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ metrics: [] })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ metrics: [{ name: "FID", value: 10, rating: "good" }] })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ metrics: [{ name: "LCP", value: -1, rating: "good" }] })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ metrics: [{ name: "LCP", value: 1e12, rating: "poor" }] })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ metrics: [{ name: "CLS", value: "0.1", rating: "good" }] })), 400, "SP:ValidationError"],
      [JSON.stringify(beacon({ metrics: [{ name: "LCP", value: 1, rating: "great" }] })), 400, "SP:ValidationError"],
      [
        JSON.stringify(beacon({ metrics: [{ name: "LCP", value: 1, rating: "good", url: "https://x/?email=a" }] })),
        400,
        "SP:ValidationError",
      ],
      [
        JSON.stringify(
          beacon({
            metrics: [
              { name: "LCP", value: 1, rating: "good" },
              { name: "LCP", value: 2, rating: "good" },
            ],
          }),
        ),
        400,
        "SP:ValidationError",
      ],
      [JSON.stringify(beacon({ userId: "c-1" })), 400, "SP:ValidationError"],
      [
        JSON.stringify({ ...beacon(), metrics: Array(6).fill({ name: "LCP", value: 1, rating: "good" }) }),
        400,
        "SP:ValidationError",
      ],
      [JSON.stringify(beacon({ pad: "x".repeat(VITALS_BODY_LIMIT) })), 413, "SP:PayloadTooLarge"],
    ];
    for (const [body, status, code] of bad) {
      const res = await readEnvelope(sendBeacon("spa.localhost", body));
      expect({ status: res.status, code: "error" in res.body ? res.body.error.code : null }, body.slice(0, 80)).toEqual(
        {
          status,
          code,
        },
      );
    }
    expect(await rows()).toEqual([]);
  });

  it("stops reading a huge body at its limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const res = await storeApi(
      new Request("http://spa.localhost/api/vitals", {
        method: "POST",
        headers: { host: "spa.localhost", "content-type": "text/plain" },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(4 * 64 * 1024);
  });

  it("refuses a made-up host and a page from another site, as every request", async () => {
    const made = await readEnvelope(sendBeacon("nowhere.localhost", JSON.stringify(beacon())));
    expect(made.status).toBe(404);
    expect((made.body as ApiEnvelope<null> & { error: { code: string } }).error.code).toBe("SP:TenantNotFound");
    const foreign = await sendBeacon("spa.localhost", JSON.stringify(beacon()), "203.0.113.7", {
      origin: "http://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it("limits beacons per client address, over every store, and counts none past the limit", async () => {
    const body = JSON.stringify(beacon({ metrics: [{ name: "TTFB", value: 300, rating: "good" }] }));
    for (let i = 0; i < env().VITALS_PER_IP; i++)
      expect((await sendBeacon(i % 2 ? "spa.localhost" : "coffee.localhost", body, "198.51.100.9")).status).toBe(200);
    const over = await readEnvelope(sendBeacon("spa.localhost", body, "198.51.100.9"));
    expect(over.status).toBe(429);
    expect((over.body as { error: { code: string } }).error.code).toBe("SP:TooManyRequests");
    expect((await sendBeacon("spa.localhost", body, "198.51.100.10")).status).toBe(200);
    const spa = await rows();
    const coffee = await rows(t().coffee.id);
    const total = [...spa, ...coffee].reduce((n, r) => n + r.counts.reduce((a, b) => a + b, 0), 0);
    expect(total).toBe(env().VITALS_PER_IP + 1);
  });

  it("reports the p75 per page type, device and language with its class and samples, as the CLI prints it", async () => {
    const { db, spa, now } = t();
    const lcps = [1200, 1800, 2300, 2400, 3100, 3300, 3600, 3900];
    for (const [i, value] of lcps.entries())
      await recordVitals(
        db,
        spa.id,
        `192.0.2.${i}`,
        {
          page: "product",
          locale: "ar",
          device: "phone",
          navigation: "navigate",
          metrics: [
            { name: "LCP", value, rating: rateVital("LCP", value) },
            { name: "CLS", value: 0.01, rating: "good" },
          ],
        },
        { perMinute: 1000, now },
      );
    await recordVitals(
      db,
      spa.id,
      "192.0.2.99",
      {
        page: "home",
        locale: "en",
        device: "desktop",
        navigation: "reload",
        metrics: [{ name: "INP", value: 640, rating: "poor" }],
      },
      { perMinute: 1000, now },
    );
    // A day past the report's period is not counted; one INP alone in (600, 800] reads three quarters into it.
    await recordVitals(
      db,
      spa.id,
      "192.0.2.98",
      {
        page: "home",
        locale: "en",
        device: "desktop",
        navigation: "navigate",
        metrics: [{ name: "INP", value: 40, rating: "good" }],
      },
      { perMinute: 1000, now: new Date(now.getTime() - 29 * 86_400_000) },
    );

    const report = await vitalsReport(db, "spa", { days: 28, now });
    expect(report.until).toBe(riyadhToday(now));
    expect(report.since).toBe(addDays(riyadhToday(now), -27));
    expect(report.groups.map((g) => [g.pageType, g.device, g.locale])).toEqual([
      ["home", "desktop", "en"],
      ["product", "phone", "ar"],
    ]);
    const product = report.groups[1].metrics;
    const lcp = product.find((m) => m.metric === "LCP")!;
    // The 6th of 8 (rank 6) is the 2nd of the two in (3250, 3500]: p75 3.5 s, needs improvement.
    expect(lcp).toEqual({ metric: "LCP", p75: 3500, open: false, samples: 8, rating: "needs-improvement" });
    expect(product.find((m) => m.metric === "CLS")).toMatchObject({ samples: 8, rating: "good" });
    expect(report.groups[0].metrics).toEqual([{ metric: "INP", p75: 750, open: false, samples: 1, rating: "poor" }]);

    const text = formatVitalsReport("spa", 28, report);
    const line = (cells: string[]) => text.split("\n").find((l) => cells.every((c) => l.includes(c)));
    expect(line(["product", "phone", "ar", "LCP", "3.50 s", "needs improvement", "8"])).toBeDefined();
    expect(line(["home", "desktop", "en", "INP", "750 ms", "poor", "1"])).toBeDefined();
    expect(text).toContain("LCP ≤ 2.5 s / > 4 s");
    expect(formatVitalsReport("coffee", 28, await vitalsReport(db, "coffee", { days: 28, now }))).toContain(
      "No page views measured yet.",
    );
  });

  it("keeps 30 days: housekeeping drops the older days, twice over changing nothing more", async () => {
    const { db, spa, now } = t();
    const today = riyadhToday(now);
    const row = (day: string) => ({
      tenantId: spa.id,
      day,
      pageType: "home",
      locale: "ar",
      device: "phone",
      metric: "LCP",
      counts: [1],
    });
    await db
      .insert(webVitals)
      .values([
        row(today),
        row(addDays(today, -(VITALS_KEPT_DAYS - 1))),
        row(addDays(today, -VITALS_KEPT_DAYS)),
        row(addDays(today, -90)),
      ]);
    const [first, second] = [await pruneExpired(db, now), await pruneExpired(db, now)];
    expect([first.vitals, second.vitals]).toEqual([2, 0]);
    expect((await rows()).map((r) => r.day).sort()).toEqual([addDays(today, -(VITALS_KEPT_DAYS - 1)), today]);
  });

  it("10,000 beacons from made-up pages and stores leave rows bounded by the dimensions and memory bounded", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const hosts = ["spa.localhost", "coffee.localhost"];
    let seed = 46;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const statuses = new Map<string, number>();
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    let baseline = 0;
    const TOTAL = 10_000;
    const BATCH = 25;
    for (let sent = 0; sent < TOTAL; sent += BATCH) {
      if (sent === 2000) baseline = heap();
      await Promise.all(
        Array.from({ length: BATCH }, async (_, j) => {
          const n = sent + j;
          const made = random();
          // A third to stores that do not exist, a sixth with pages that are not ours.
          const host = made < 0.33 ? `shop-${n}-${Math.floor(random() * 1e9)}.localhost` : pick(hosts);
          const page = made > 0.83 ? `/made-up/${n}` : pick(VITAL_PAGE_TYPES);
          const metric = pick(VITAL_METRICS) as VitalMetric;
          const body = beacon({
            page,
            locale: pick(["ar", "en"]),
            device: pick(VITAL_DEVICES),
            metrics: [{ name: metric, value: random() * VITAL_BUCKET_EDGES[metric].at(-1)! * 1.2, rating: "good" }],
          });
          // 100 addresses: each stays within its limit, so every beacon of a real page counts.
          const res = await sendBeacon(host, JSON.stringify(body), `100.64.0.${n % 100}`);
          const code = res.status >= 400 ? ((await res.json()) as { error: { code: string } }).error.code : "ok";
          statuses.set(`${res.status} ${code}`, (statuses.get(`${res.status} ${code}`) ?? 0) + 1);
        }),
      );
    }
    const grown = heap() - baseline;
    expect([...statuses.keys()].sort()).toEqual(["200 ok", "400 SP:ValidationError", "404 SP:TenantNotFound"]);
    const ok = statuses.get("200 ok")!;
    expect(ok).toBeGreaterThan(4000);
    const all = await t().db.select().from(webVitals);
    // 2 stores × 1 day × 7 page types × 2 languages × 3 devices × 5 metrics at most.
    expect(all.length).toBeLessThanOrEqual(
      2 * VITAL_PAGE_TYPES.length * 2 * VITAL_DEVICES.length * VITAL_METRICS.length,
    );
    expect(new Set(all.map((r) => r.tenantId))).toEqual(new Set([t().spa.id, t().coffee.id]));
    expect(all.reduce((n, r) => n + r.counts.reduce((a, b) => a + b, 0), 0)).toBe(ok);
    // One rate-limit window per address, whatever the number of beacons.
    expect((await t().db.select().from(rateLimits)).length).toBe(100);
    // 8,000 beacons after the baseline: a few MB of noise, never one allocation kept per beacon.
    expect(grown, `heap grew ${(grown / 1e6).toFixed(1)} MB`).toBeLessThan(16 * 1024 * 1024);
    const { spa } = t();
    expect(
      (
        await t()
          .db.select()
          .from(webVitals)
          .where(and(eq(webVitals.tenantId, spa.id), eq(webVitals.pageType, "home")))
      ).length,
    ).toBeGreaterThan(0);
  }, 240_000);
});
