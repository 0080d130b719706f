#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (default config = mobile preset, simulated throttling,
// performance category only), 3 runs per page, on the `spa` store served by `next start` of the
// current build on a fresh embedded database. Pages: home, a product page and /products, in Arabic
// (`/`) and English (`/en/…`), with Accept-Language to match. The store's pixels and payment hosts
// are configured but every non-local host is blocked, so the figures are the storefront's own.
// Prints the median run (by score) of each page and exits non-zero when a page QUALITY.md holds
// (home, product) misses its targets; /products is measured and printed as informational.
// So is "next floor" (bench/floor): a prerendered Next page with no client component, CSS or proxy,
// built with the same Next and React and measured in the same loop, so the figures of a run can be
// read against what the framework alone costs on this machine at that moment. "Next floor, slow
// first frame" is the same page whose first frame takes 250 ms (bench/floor/app/slow-first-frame;
// not with --split): a first frame that late is often shown one or two seconds after it was
// painted in this lab, and Lantern then counts every script and task of that wait on the LCP's
// path. "Stack floor" (bench/stack) is the same page with one client component on the storefront's
// client libraries (next/link, next/dynamic, next-intl, TanStack Query): what the chosen stack
// costs before a line of the store's own. And "markup on stack" (bench/stack's /markup/<key>,
// product and home, ar and en): each page's own markup, stylesheet and pictures as the store
// served them in this run, scripts taken out (scripts/bench-content.mjs), on the stack floor's
// scripts alone — what showing that page costs on the chosen stack before a line of the store's
// JavaScript, so that a page's gap to the floors can be split into the page's content and the
// store's own scripts.
// `--split` also measures the product markup's variants, each with one part taken away (its
// stylesheet, its web fonts, its pictures' placeholders, its animations, the picture's sync
// decoding: VARIANTS in scripts/bench-content.mjs), and prints each page's LCP phases and
// main-thread breakdown as Lighthouse gives them: what each part of the content costs. It also
// measures the product page and its markup once more in a Chromium without paint holding, where
// a late first frame is not held. Every run's real first paint is printed ("observed FCP").
// Each page's first-load JavaScript is printed beside its figures.
// Writes the summary to .bench/lighthouse.json.
//
// Env: BENCH_LH_PORT (default 3221; the references use the next two ports), CHROME_PATH (default /usr/bin/chromium), BENCH_LH_RUNS (default 3).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import path from "node:path";
import { checkBundles, PRODUCT_ROUTE } from "./bundle-budget.mjs";
import { VARIANTS, writeMarkup } from "./bench-content.mjs";
import { PROVIDER_PROFILES } from "./provider-profiles.mjs";
import { ensureBuild, root } from "./build-stamp.mjs";
import {
  firstProductPath,
  freshPglite,
  getText,
  machine,
  portFromEnv,
  printTable,
  REFERENCES,
  startNext,
  startReference,
  warnIfBusy,
  writeReport,
} from "./bench-support.mjs";

const port = portFromEnv("BENCH_LH_PORT", 3221);
const runs = Number(process.env.BENCH_LH_RUNS || 3);
const split = process.argv.includes("--split");
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium's switch for `--split`'s rows without paint holding. */
const NO_PAINT_HOLDING = "--disable-features=PaintHolding";

/** QUALITY.md, Performance: Lighthouse mobile on home and a product page, ar and en. */
const TARGET = { score: 0.95, lcpMs: 1800, tbtMs: 150, cls: 0.05 };

/**
 * Every host the pages may reach besides the store itself: the pixels (tag manager, Meta, TikTok,
 * Snapchat, Clarity) and the payment providers' scripts and APIs (their profiles' live origins,
 * `https://*.host` as `*host*`). A run that still reaches a non-local host is reported
 * (unblockedRequests) and fails.
 */
const PIXEL_HOSTS = [
  "*googletagmanager.com*",
  "*google-analytics.com*",
  "*doubleclick.net*",
  "*google.com*",
  "*googleapis.com*",
  "*gstatic.com*",
  "*facebook.net*",
  "*facebook.com*",
  "*tiktok.com*",
  "*tiktokcdn.com*",
  "*clarity.ms*",
  "*sc-static.net*",
  "*snapchat.com*",
];
const PROVIDER_HOSTS = Object.values(PROVIDER_PROFILES).flatMap((p) =>
  Object.values(p.browser?.origins.live ?? {})
    .flat()
    .map((origin) => `*${origin.replace(/^[a-z]+:\/\//, "").replace(/^\*\./, "")}*`),
);
const BLOCKED_URL_PATTERNS = [...new Set([...PIXEL_HOSTS, ...PROVIDER_HOSTS])];
const blockedRes = BLOCKED_URL_PATTERNS.map(
  (p) =>
    new RegExp(
      `^${p
        .split("*")
        .map((s) => s.replace(/[.?+^$|()[\]{}\\]/g, "\\$&"))
        .join(".*")}$`,
    ),
);
const isLocalHost = (hostname) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1" || hostname === "[::1]";

const started = Date.now();
ensureBuild();
const before = warnIfBusy();
const host = `spa.localhost:${port}`;
const origin = `http://${host}`;
const server = await startNext({
  port,
  portEnv: "BENCH_LH_PORT",
  env: freshPglite("bench-lh"),
  label: "embedded database .data/bench-lh",
});
// The same product, at its own address in each language (slugs differ by language).
const productPaths = {};
try {
  for (const lang of ["ar", "en"]) productPaths[lang] = await firstProductPath(port, host, lang === "en" ? "/en" : "");
  // The product's and home's markup, for bench/stack's /markup/<key>, before bench/stack is built.
  const markupPages = {};
  for (const lang of ["ar", "en"]) {
    markupPages[`product-${lang}`] = { path: productPaths[lang], lang };
    markupPages[`home-${lang}`] = { path: lang === "en" ? "/en" : "/", lang };
  }
  await writeMarkup({ port, host, pages: markupPages, variants: split });
} catch (err) {
  await server.stop();
  throw err;
}
const references = [];
for (const [i, [name, dir]] of Object.entries(REFERENCES).entries()) {
  const refPort = port + 1 + i;
  const started = await startReference(dir, refPort, "BENCH_LH_PORT").catch(async (err) => {
    await Promise.all([server.stop(), ...references.map((r) => r.server.stop())]);
    throw err;
  });
  references.push({ name, dir, port: refPort, server: started });
}

/** First-load JavaScript (gzip bytes) per route of a build, as `npm run check:bundle` counts it: each build read once. */
const firstLoads = new Map();
const firstLoad = (dir, route) => {
  if (!firstLoads.has(dir))
    firstLoads.set(
      dir,
      new Map(
        checkBundles({ root: path.join(root, dir), budgets: {}, forbidden: [] }).rows.map((r) => [
          r.route,
          r.gzipBytes,
        ]),
      ),
    );
  return firstLoads.get(dir).get(route) ?? null;
};

const pages = [];
const results = new Map();
try {
  for (const lang of ["ar", "en"]) {
    const prefix = lang === "en" ? "/en" : "";
    const productPath = productPaths[lang];
    for (const [page, path, route, informational] of [
      ["home", prefix || "/", "/[site]/[locale]", false],
      ["product", productPath, PRODUCT_ROUTE, false],
      // QUALITY.md holds home and a product page; the catalogue is measured for the record.
      ["/products", `${prefix}/products`, "/[site]/[locale]/products", true],
    ]) {
      // A split run is about the pages QUALITY.md holds and what their content costs.
      if (split && informational) continue;
      pages.push({ page, lang, path, url: `${origin}${path}`, informational, firstLoadBytes: firstLoad(".", route) });
    }
  }
  for (const ref of references.filter((r) => !split || r.dir === REFERENCES.stack))
    pages.push({
      page: ref.name === "floor" ? "next floor" : `${ref.name} floor`,
      lang: "en",
      path: "/",
      url: `http://127.0.0.1:${ref.port}/`,
      informational: true,
      floor: true,
      firstLoadBytes: firstLoad(ref.dir, "/"),
    });
  // Next's floor with a 250 ms first frame (bench/floor/app/slow-first-frame): how this lab holds a
  // late first frame, on a page with none of the store's code or content.
  const floor = references.find((r) => r.dir === REFERENCES.floor);
  if (floor && !split)
    pages.push({
      page: "next floor, slow first frame",
      lang: "en",
      path: "/slow-first-frame",
      url: `http://127.0.0.1:${floor.port}/slow-first-frame`,
      informational: true,
      floor: true,
      firstLoadBytes: firstLoad(floor.dir, "/slow-first-frame"),
    });
  // The product's and home's own markup, stylesheet and pictures on the stack's scripts alone
  // (bench/stack's /markup/<key>), and with --split the product markup's variants.
  const stack = references.find((r) => r.dir === REFERENCES.stack);
  for (const lang of ["ar", "en"])
    for (const key of [
      `product-${lang}`,
      `home-${lang}`,
      ...(split ? Object.keys(VARIANTS).map((v) => `product-${lang}--${v}`) : []),
    ])
      pages.push({
        page: `markup on stack: ${key.replace(`-${lang}`, "").replace("--", " −")}`,
        lang,
        path: `/markup/${key}`,
        url: `http://127.0.0.1:${stack.port}/markup/${key}`,
        informational: true,
        floor: true,
        firstLoadBytes: firstLoad(stack.dir, "/markup/[key]"),
      });
  // The product page and its markup again without paint holding: what the held first frame costs
  // them (see the header).
  if (split)
    for (const name of ["product", "markup on stack: product"])
      for (const lang of ["ar", "en"])
        pages.push({
          ...pages.find((p) => p.page === name && p.lang === lang),
          page: `${name}, no paint holding`,
          informational: true,
          chromeFlags: [NO_PAINT_HOLDING],
        });
  // Each page once through the server first, so that no run pays for a cold render.
  for (const p of pages) if (!p.floor) await getText(port, p.path, host, { "accept-language": p.lang });

  // Run by run across the pages, so that a slow patch of the machine does not fall on one page.
  for (let run = 1; run <= runs; run++) {
    for (const p of pages) {
      const t = Date.now();
      const summary = await measure(p.url, p.lang, p.chromeFlags).catch((err) => ({
        error: String(err?.message ?? err),
      }));
      const key = `${p.page}|${p.lang}`;
      results.set(key, [...(results.get(key) ?? []), summary]);
      const shown = "error" in summary ? `error: ${summary.error}` : `score ${summary.score}`;
      console.log(
        `run ${run}/${runs}  ${p.page.padEnd(9)} ${p.lang}  ${shown}  (${((Date.now() - t) / 1000).toFixed(0)} s)`,
      );
    }
  }
} finally {
  await Promise.all([server.stop(), ...references.map((r) => r.server.stop())]);
}

/** One Lighthouse run in a Chromium of its own (with `extraFlags` besides the bench's); the figures of the run. */
async function measure(url, lang, extraFlags = []) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...chromeFlags, ...extraFlags] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
      extraHeaders: { "Accept-Language": lang === "en" ? "en" : "ar" },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no report");
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const external = requests.map((r) => r.url).filter((u) => /^https?:/.test(u) && !isLocalHost(new URL(u).hostname));
    return {
      score: lhr.categories.performance.score,
      lcpMs: round(audit("largest-contentful-paint")),
      tbtMs: round(audit("total-blocking-time")),
      cls: audit("cumulative-layout-shift") === null ? null : Number(audit("cumulative-layout-shift").toFixed(3)),
      fcpMs: round(audit("first-contentful-paint")),
      siMs: round(audit("speed-index")),
      ttiMs: round(audit("interactive")),
      lcpElement: lcpElement(lhr),
      lcpPhases: lcpPhases(lhr),
      mainThread: mainThread(lhr),
      // The unthrottled load Lighthouse simulated from: when the page really painted first.
      observedFcpMs: round(lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? null),
      domElements: lhr.audits["dom-size"]?.numericValue ?? null,
      // Lighthouse's measure of the host's CPU at the time; simulated throttling scales observed CPU work, so a busy machine inflates TBT and LCP.
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      blockedRequests: external.filter((u) => blockedRes.some((re) => re.test(u))).length,
      unblockedRequests: external.filter((u) => !blockedRes.some((re) => re.test(u))),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/** What the LCP was (its node's label and markup), where to look first when LCP misses. */
function lcpElement(lhr) {
  const lists = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = lists.flatMap((l) => l.items ?? []).find((i) => i.node)?.node;
  return node ? `${node.nodeLabel ?? ""} — ${node.snippet ?? ""}`.slice(0, 300) : null;
}

/** Lighthouse's LCP phases (TTFB, load delay, load time, render delay), in ms. */
function lcpPhases(lhr) {
  const tables = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const phases = tables.find((t) => t.headings?.some((h) => h.key === "phase"))?.items ?? [];
  return Object.fromEntries(phases.map((p) => [p.phase, round(p.timing)]));
}

/** Lighthouse's main-thread breakdown (script evaluation, style and layout, …), in ms. */
function mainThread(lhr) {
  const items = lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  return Object.fromEntries(items.map((i) => [i.group, round(i.duration)]));
}

function round(v) {
  return v === null ? null : Math.round(v);
}

/** The run with the middle score (Lighthouse's own way of reporting a median of runs). */
function medianRun(list) {
  const ok = list.filter((r) => !("error" in r));
  if (ok.length === 0) return null;
  return [...ok].sort((a, b) => a.score - b.score)[Math.floor((ok.length - 1) / 2)];
}

function misses(run) {
  if (!run) return ["no successful run"];
  const out = [];
  if (run.score < TARGET.score) out.push(`score < ${TARGET.score}`);
  if (run.lcpMs > TARGET.lcpMs) out.push(`LCP > ${TARGET.lcpMs / 1000} s`);
  if (run.tbtMs > TARGET.tbtMs) out.push(`TBT > ${TARGET.tbtMs} ms`);
  if (run.cls > TARGET.cls) out.push(`CLS > ${TARGET.cls}`);
  return out;
}

const secs = (ms) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);
const report = pages.map((p) => {
  const list = results.get(`${p.page}|${p.lang}`) ?? [];
  const median = medianRun(list);
  const failed = list.filter((r) => "error" in r).map((r) => r.error);
  const leaked = [...new Set(list.flatMap((r) => r.unblockedRequests ?? []))];
  const why = [
    ...misses(median),
    ...(failed.length ? [`${failed.length} run(s) failed`] : []),
    ...(leaked.length ? ["unblocked external requests"] : []),
  ];
  return {
    page: p.page,
    lang: p.lang,
    url: p.url,
    informational: p.informational,
    firstLoadBytes: p.firstLoadBytes,
    median,
    runs: list,
    unblockedRequests: leaked,
    misses: why,
    pass: why.length === 0,
  };
});

/** A row's first columns, the same in both tables: the page and its median run's score, LCP and TBT. */
const headline = (r) => [
  r.page,
  r.lang,
  r.median ? r.median.score.toFixed(2) : "–",
  secs(r.median?.lcpMs ?? null),
  r.median ? `${r.median.tbtMs} ms` : "–",
];
console.log(`\nLighthouse ${runs} runs per page, mobile preset (simulated throttling), median run by score:\n`);
printTable(
  [
    "page",
    "lang",
    "score",
    "LCP",
    "TBT",
    "CLS",
    "FCP",
    "SI",
    "scores",
    "observed FCP",
    "CPU index",
    "first-load JS",
    "verdict",
  ],
  report.map((r) => {
    const m = r.median;
    const verdict = r.pass ? "pass" : `miss: ${r.misses.join(", ")}`;
    return [
      ...headline(r),
      m ? m.cls.toFixed(3) : "–",
      secs(m?.fcpMs ?? null),
      secs(m?.siMs ?? null),
      r.runs.map((x) => ("error" in x ? "err" : x.score.toFixed(2))).join(" / "),
      r.runs.map((x) => ("error" in x ? "err" : (x.observedFcpMs ?? "–"))).join(" / "),
      m?.benchmarkIndex ?? "–",
      r.firstLoadBytes === null ? "–" : `${(r.firstLoadBytes / 1000).toFixed(1)} KB`,
      r.informational ? `(informational) ${verdict}` : verdict,
    ];
  }),
);
if (split) {
  console.log(`\nWhere each page's time goes (the same median runs): LCP phases and main-thread work, in ms\n`);
  const phase = (m, name) => m?.lcpPhases?.[name] ?? "–";
  const work = (m, ...groups) => (m ? groups.reduce((sum, g) => sum + (m.mainThread?.[g] ?? 0), 0) : "–");
  printTable(
    [
      "page",
      "lang",
      "score",
      "LCP",
      "TBT",
      "TTFB",
      "load delay",
      "load time",
      "render delay",
      "scripts",
      "style+layout",
      "parse HTML",
      "other",
      "painted (real)",
      "DOM",
    ],
    report.map((r) => {
      const m = r.median;
      return [
        ...headline(r),
        phase(m, "TTFB"),
        phase(m, "Load Delay"),
        phase(m, "Load Time"),
        phase(m, "Render Delay"),
        work(m, "scriptEvaluation", "scriptParseCompile"),
        work(m, "styleLayout"),
        work(m, "parseHTML"),
        work(m, "other", "paintCompositeRender", "garbageCollection"),
        m?.observedFcpMs ?? "–",
        m?.domElements ?? "–",
      ];
    }),
  );
}
for (const r of report)
  if (r.unblockedRequests.length)
    console.log(`\n${r.page} ${r.lang} reached hosts that are not blocked:\n  ${r.unblockedRequests.join("\n  ")}`);

const failing = report.filter((r) => !r.informational && !r.pass);
const file = writeReport("lighthouse", {
  when: new Date().toISOString(),
  machine: { ...machine(), loadAvg1mAtStart: before.loadAvg1m },
  lighthouse: "12 (default config: mobile, simulated throttling)",
  chrome: chromePath,
  runsPerPage: runs,
  split,
  target: TARGET,
  blockedUrlPatterns: BLOCKED_URL_PATTERNS,
  pages: report,
  pass: failing.length === 0,
  durationS: Math.round((Date.now() - started) / 1000),
});
console.log(`\nSummary written to ${file} (${Math.round((Date.now() - started) / 1000)} s in all).`);
if (failing.length) {
  console.error(
    `✖ ${failing.length} page(s) miss QUALITY.md's Lighthouse targets (score ≥ ${TARGET.score}, LCP ≤ ${TARGET.lcpMs / 1000} s, TBT ≤ ${TARGET.tbtMs} ms, CLS ≤ ${TARGET.cls}).`,
  );
  process.exit(1);
}
console.log("✔ home and product pages meet QUALITY.md's Lighthouse targets.");
process.exit(0);
