#!/usr/bin/env node
// `npm run bench:http`: autocannon against `next start` of the current build, on a fresh embedded
// database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, again on a fresh PostgreSQL
// database (sf_bench_<time>, dropped afterwards). For each database:
//   (a) a product page of `spa` (Arabic), warmed, 50 connections;
//   (c) in the same run, a bare node:http server (its own process) answering the same HTML bytes
//       with the same content-type, same connections and duration: the ratio Next/bare;
//   (b) the cart API with 20 customers, each with its own cart cookie, each adding an item
//       (POST /api/cart/items) and reading the cart (GET /api/cart) in turn; add and read
//       latencies are recorded per request and reported apart (exact p50/p95/p99).
// Then the cart's references in the same run: the same 20 customers alternating the same POST
// body and a GET against the framework's floor (bench/floor's JSON route, no work of its own), and
// against the stack's own cart on each database (bench/stack's /api/store-cart: drizzle, three
// tables, no tenant, session or price rules). A cart miss says when the stack's own cart misses too.
// Checks QUALITY.md (ratio ≥ 25 %, product p99 < 150 ms at 50 connections, cart p95 < 50 ms at 20
// customers), exits non-zero on a miss, and writes .bench/http.json.
//
// Env: BENCH_HTTP_PORT (default 3222), BENCH_BARE_PORT (default 3223), BENCH_DURATION (seconds per
// measurement, default 10), BENCH_DATABASE_URL / TEST_DATABASE_URL (a PostgreSQL admin URL).
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild } from "./build-stamp.mjs";
import {
  assertPortFree,
  buildReference,
  firstProductPath,
  freshPglite,
  freshPostgres,
  machine,
  portFromEnv,
  printTable,
  REFERENCES,
  request,
  spawnTracked,
  startFloor,
  startNext,
  startReference,
  warnIfBusy,
  writeReport,
} from "./bench-support.mjs";

// A child of this script: the bare server, `bench-http.mjs --bare <port> <html file> <content-type>`.
if (process.argv[2] === "--bare") {
  const [port, file, contentType] = process.argv.slice(3);
  const body = readFileSync(file);
  http
    .createServer((req, res) => {
      res.writeHead(200, { "content-type": contentType, "content-length": body.length });
      res.end(body);
    })
    .listen(Number(port), () => console.log("bare server listening"));
} else {
  await main();
}

async function main() {
  const port = portFromEnv("BENCH_HTTP_PORT", 3222);
  const barePort = portFromEnv("BENCH_BARE_PORT", 3223);
  const duration = Number(process.env.BENCH_DURATION || 10);
  const pgAdminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";
  /** QUALITY.md, Performance. */
  const TARGET = { ratio: 0.25, pageP99Ms: 150, pageConnections: 50, cartP95Ms: 50, cartCustomers: 20 };

  const started = Date.now();
  ensureBuild();
  const before = warnIfBusy();
  const host = `spa.localhost:${port}`;

  /** Each database in turn: the page against the bare server, then the cart. */
  async function benchDatabase(db, env) {
    const server = await startNext({ port, portEnv: "BENCH_HTTP_PORT", env, label: db });
    try {
      const productPath = await firstProductPath(port, host);
      const headers = { "accept-language": "ar", accept: "text/html" };
      const page = await request(port, { path: productPath, host, headers });
      if (page.status !== 200) throw new Error(`GET ${productPath} answered ${page.status}`);
      const contentType = String(page.headers["content-type"]);
      const pageLoad = {
        urlPath: productPath,
        headers: { ...headers, host },
        connections: TARGET.pageConnections,
        duration,
      };
      console.log(
        `${db}: product page ${productPath} (${page.body.length} bytes), ${TARGET.pageConnections} connections, ${duration} s each`,
      );
      await load({ ...pageLoad, port, connections: 10, duration: 2 });
      const next = await load({ ...pageLoad, port });
      const bare = await withBareServer(barePort, page.body, contentType, async () => {
        await load({ ...pageLoad, port: barePort, connections: 10, duration: 2 });
        return load({ ...pageLoad, port: barePort });
      });
      console.log(`${db}: cart API, ${TARGET.cartCustomers} customers, ${duration} s`);
      const cart = await cartLoad({ port, host, customers: TARGET.cartCustomers, duration });
      return {
        db,
        product: { path: productPath, bytes: page.body.length, contentType, next, bare, ratio: next.rps / bare.rps },
        cart,
      };
    } finally {
      await server.stop();
    }
  }

  /** Runs `measure` with each database's env in turn (PGlite's from `pglite`; PostgreSQL on a fresh database of its own). */
  async function eachDatabase(measure, pglite = () => freshPglite("bench-http")) {
    const out = [await measure("PGlite", pglite())];
    if (pgAdminUrl) {
      const pg = await freshPostgres(pgAdminUrl);
      try {
        out.push(await measure("PostgreSQL", { DATABASE_URL: pg.url }));
      } finally {
        await pg.drop();
      }
    }
    return out;
  }

  const results = await eachDatabase(benchDatabase);
  if (!pgAdminUrl) console.log("BENCH_DATABASE_URL / TEST_DATABASE_URL is not set: PGlite only.");

  // The references for the cart's figures, in this run: the framework's floor under the same load,
  // and the stack's own cart (bench/stack: drizzle on the same database, nothing of the store's).
  console.log(`framework floor: JSON route, ${TARGET.cartCustomers} customers, ${duration} s`);
  const cartFloor = await cartFloorLoad({
    port: barePort,
    customers: TARGET.cartCustomers,
    duration,
    body: results[0].cart.body,
  });
  buildReference(REFERENCES.stack);
  const stackCarts = await eachDatabase(
    async (db, env) => {
      console.log(`stack floor: ${db} cart, ${TARGET.cartCustomers} customers, ${duration} s`);
      return { db, cart: await stackCartLoad({ port: barePort, customers: TARGET.cartCustomers, duration, env }) };
    },
    () => ({ DATABASE_URL: "" }),
  );
  const stackMisses = (db) => {
    const ref = stackCarts.find((r) => r.db === db)?.cart;
    return ref ? ["add", "read"].filter((k) => ref[k].p95 >= TARGET.cartP95Ms) : [];
  };

  // Verdicts.
  for (const r of results) {
    const { next, bare, ratio } = r.product;
    const misses = [];
    if (ratio < TARGET.ratio) misses.push(`Next/bare ${pct(ratio)} < ${pct(TARGET.ratio)}`);
    if (next.p99 >= TARGET.pageP99Ms) misses.push(`product p99 ${next.p99} ms ≥ ${TARGET.pageP99Ms} ms`);
    for (const kind of ["add", "read"]) {
      if (r.cart[kind].p95 < TARGET.cartP95Ms) continue;
      // Out of reach when the stack's own cart misses it too, in the same run.
      const reach = stackMisses(r.db).includes(kind)
        ? ` (the stack's own cart misses it too: ${stackCarts.find((x) => x.db === r.db).cart[kind].p95} ms)`
        : "";
      misses.push(`cart ${kind} p95 ${r.cart[kind].p95} ms ≥ ${TARGET.cartP95Ms} ms${reach}`);
    }
    // A run with failed or refused requests measured something else than the page or the cart.
    for (const [name, x] of [
      ["product page", next],
      ["bare server", bare],
      ["cart add", r.cart.add],
      ["cart read", r.cart.read],
    ]) {
      if (x.errors || x.non2xx)
        misses.push(
          `${name}: ${x.errors ?? 0} errors or timeouts, ${x.non2xx} non-2xx (${JSON.stringify(x.statusCodes)})`,
        );
    }
    if (r.cart.errors) misses.push(`cart: ${r.cart.errors} errors or timeouts`);
    if (r.cart.wrongCarts.length) misses.push(`cart contents do not match the adds: ${r.cart.wrongCarts.join(", ")}`);
    r.misses = misses;
    r.pass = misses.length === 0;
  }

  console.log(`\nProduct page, ${TARGET.pageConnections} connections, ${duration} s (latency in ms):\n`);
  printTable(
    ["database", "server", "req/s", "p50", "p97.5", "p99", "max", "requests", "Next/bare"],
    results.flatMap((r) => [
      [
        r.db,
        "next start",
        r.product.next.rps,
        r.product.next.p50,
        r.product.next.p97_5,
        r.product.next.p99,
        r.product.next.max,
        r.product.next.requests,
        pct(r.product.ratio),
      ],
      [
        r.db,
        "bare node:http",
        r.product.bare.rps,
        r.product.bare.p50,
        r.product.bare.p97_5,
        r.product.bare.p99,
        r.product.bare.max,
        r.product.bare.requests,
        "",
      ],
    ]),
  );
  console.log(
    `\nCart API, ${TARGET.cartCustomers} customers each with their own cart, ${duration} s (latency in ms, every request recorded):\n`,
  );
  printTable(
    ["database", "call", "req/s", "p50", "p95", "p99", "max", "requests"],
    [
      ...results.flatMap((r) =>
        ["add", "read"].map((k) => [
          r.db,
          k === "add" ? "POST /api/cart/items" : "GET /api/cart",
          r.cart[k].rps,
          r.cart[k].p50,
          r.cart[k].p95,
          r.cart[k].p99,
          r.cart[k].max,
          r.cart[k].requests,
        ]),
      ),
      ...stackCarts.flatMap((r) =>
        ["add", "read"].map((k) => [
          `stack floor, ${r.db}`,
          `${k === "add" ? "POST" : "GET"} bench/stack /api/store-cart${k === "add" ? "/items" : ""}`,
          r.cart[k].rps,
          r.cart[k].p50,
          r.cart[k].p95,
          r.cart[k].p99,
          r.cart[k].max,
          r.cart[k].requests,
        ]),
      ),
      ...["add", "read"].map((k) => [
        "framework floor",
        `${k === "add" ? "POST" : "GET"} bench/floor /api/echo`,
        cartFloor[k].rps,
        cartFloor[k].p50,
        cartFloor[k].p95,
        cartFloor[k].p99,
        cartFloor[k].max,
        cartFloor[k].requests,
      ]),
    ],
  );
  for (const [name, x] of [
    ["framework floor", cartFloor],
    ...stackCarts.map((r) => [`stack floor, ${r.db}`, r.cart]),
  ]) {
    if (x.errors || x.add.non2xx || x.read.non2xx)
      console.log(
        `${name}: ${x.errors} errors or timeouts, non-2xx ${JSON.stringify([x.add.statusCodes, x.read.statusCodes])}`,
      );
  }
  console.log("");
  for (const r of results) console.log(`${r.db}: ${r.pass ? "pass" : `miss — ${r.misses.join("; ")}`}`);

  const pass = results.every((r) => r.pass);
  const file = writeReport("http", {
    when: new Date().toISOString(),
    machine: { ...machine(), loadAvg1mAtStart: before.loadAvg1m },
    durationS: duration,
    target: TARGET,
    databases: results,
    cartFloor,
    stackCarts,
    pass,
    totalS: Math.round((Date.now() - started) / 1000),
  });
  console.log(`\nSummary written to ${file} (${Math.round((Date.now() - started) / 1000)} s in all).`);
  if (!pass) {
    console.error(
      `✖ QUALITY.md's throughput targets missed (ratio ≥ ${pct(TARGET.ratio)}, product p99 < ${TARGET.pageP99Ms} ms, cart p95 < ${TARGET.cartP95Ms} ms).`,
    );
    process.exit(1);
  }
  console.log("✔ QUALITY.md's throughput targets met.");
  process.exit(0);
}

function pct(ratio) {
  return `${(ratio * 100).toFixed(1)} %`;
}

/** One autocannon run of a GET against a local port; req/s and latency percentiles (ms). */
async function load({ port, urlPath, headers, connections, duration }) {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, headers, connections, duration });
  const { latency } = result;
  return {
    rps: Math.round(result.requests.average),
    p50: latency.p50,
    p97_5: latency.p97_5,
    p99: latency.p99,
    max: latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  };
}

/** Runs `run` while a bare node:http server (a process of its own, like next start) answers `body`. */
async function withBareServer(port, body, contentType, run) {
  await assertPortFree(port, "BENCH_BARE_PORT");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bare-"));
  const file = path.join(dir, "page.html");
  writeFileSync(file, body);
  const bare = spawnTracked([import.meta.filename, "--bare", String(port), file, contentType], {});
  try {
    for (let i = 0; ; i++) {
      const res = await request(port, { path: "/" }).catch(() => null);
      if (res?.status === 200 && res.body.equals(body)) break;
      if (i > 100) throw new Error(`The bare server did not answer:\n${bare.logLines.join("\n")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return await run();
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * The cart API at `customers` concurrent shoppers: one autocannon instance with one connection
 * per customer, its requests alternating add (POST /api/cart/items, one unit of the store's most
 * stocked merchandise) and read (GET /api/cart), with the customer's own cart cookie. Every
 * response's latency is recorded (autocannon's 'response' event), by the call that made it.
 */
async function cartLoad({ port, host, customers, duration }) {
  const res = await request(port, {
    path: "/api/app/products",
    host,
    headers: { accept: "application/json", "accept-language": "ar" },
  });
  const products = JSON.parse(res.body.toString()).data ?? [];
  const item = products
    .filter((p) => p.typeString === "merchandise" && p.prices?.length > 0 && (p.stock === null || p.stock >= 100))
    .sort((a, b) => (b.stock ?? Infinity) - (a.stock ?? Infinity))[0];
  if (!item) throw new Error("No merchandise with enough stock in spa's catalogue for the cart bench");
  const body = JSON.stringify({ productId: item.id, priceId: item.prices[0].id, quantity: 1 });
  const jsonHeaders = { host, "content-type": "application/json", accept: "application/json", "accept-language": "ar" };
  // A cart holds at most the product's stock: a customer starts a new cart before reaching it.
  const addsPerCart = Math.min(300, Math.floor((item.stock ?? 600) / 2));
  const cookieOf = (setCookie) =>
    [setCookie ?? []]
      .flat()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("sf_cart_")) ?? null;

  // Every customer's cart exists before the clock starts (its first add is not measured).
  const shoppers = await Promise.all(
    Array.from({ length: customers }, async () => {
      const first = await request(port, { method: "POST", path: "/api/cart/items", headers: jsonHeaders, body });
      const cookie = cookieOf(first.headers["set-cookie"]);
      if (first.status !== 200 || !cookie)
        throw new Error(
          `The first add answered ${first.status} without a cart cookie: ${first.body.toString().slice(0, 300)}`,
        );
      return { cookie, adds: 1 };
    }),
  );

  const withCookie = (shopper) => (req) => ({
    ...req,
    headers: { ...req.headers, ...(shopper.cookie ? { cookie: shopper.cookie } : {}) },
  });
  const headerOf = (headers, name) => Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
  const measured = await alternatingLoad({
    port,
    duration,
    headers: jsonHeaders,
    customers: shoppers,
    add: (shopper) => ({
      method: "POST",
      path: "/api/cart/items",
      body,
      setupRequest: withCookie(shopper),
      onResponse: (status, _body, _ctx, headers) => {
        if (status === 200) shopper.adds++;
        const cookie = cookieOf(headerOf(headers, "set-cookie"));
        if (cookie) shopper.cookie = cookie;
      },
    }),
    read: (shopper) => ({
      method: "GET",
      path: "/api/cart",
      setupRequest: withCookie(shopper),
      onResponse: () => {
        if (shopper.adds >= addsPerCart) {
          // The next add starts a new cart (and sets its cookie).
          shopper.cookie = null;
          shopper.adds = 0;
        }
      },
    }),
  });
  // Each customer's cart holds the units its measured adds put there (one more when the run
  // stopped with an add on the wire): the calls did the work, on the customer's own cart.
  const wrongCarts = [];
  for (const shopper of shoppers) {
    if (!shopper.cookie) continue;
    const r = await request(port, { path: "/api/cart", headers: { ...jsonHeaders, cookie: shopper.cookie } });
    const units = (JSON.parse(r.body.toString()).data?.items ?? []).reduce((n, i) => n + i.quantity, 0);
    if (units < shopper.adds || units > shopper.adds + 1)
      wrongCarts.push(`a cart with ${units} units after ${shopper.adds} adds`);
  }
  // Timeouts and connection errors cannot be told apart by call: counted for the cart as a whole.
  return { product: { id: item.id, stock: item.stock }, body, customers, ...measured, wrongCarts };
}

/**
 * `customers` concurrent callers, each one autocannon connection of its own alternating an add and
 * a read (request specs made per customer by `add` and `read`). Every response's latency is
 * recorded by the call that made it (autocannon's 'response' event follows the request's
 * onResponse). Answers each call's req/s and exact percentiles, and the errors and timeouts.
 */
async function alternatingLoad({ port, duration, headers, customers, add, read }) {
  const samples = { add: [], read: [] };
  const codes = { add: {}, read: {} };
  let errors = 0;
  const t0 = Date.now();
  await Promise.all(
    customers.map((customer) => {
      let last = "add";
      const tagged = (kind, spec) => ({
        ...spec,
        onResponse: (...args) => {
          last = kind;
          spec.onResponse?.(...args);
        },
      });
      const instance = autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: 1,
        duration,
        headers,
        requests: [tagged("add", add(customer)), tagged("read", read(customer))],
      });
      instance.on("response", (_client, status, _bytes, ms) => {
        samples[last].push(ms);
        codes[last][status] = (codes[last][status] ?? 0) + 1;
      });
      return instance.then((r) => {
        errors += r.errors + r.timeouts;
      });
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  const summary = (kind) => {
    const sorted = [...samples[kind]].sort((a, b) => a - b);
    const ms = (v) => (v === null ? null : Number(v.toFixed(1)));
    return {
      rps: Math.round(sorted.length / seconds),
      p50: ms(percentile(sorted, 0.5)),
      p95: ms(percentile(sorted, 0.95)),
      p99: ms(percentile(sorted, 0.99)),
      max: ms(sorted.at(-1) ?? null),
      requests: sorted.length,
      non2xx: Object.entries(codes[kind]).reduce((n, [code, count]) => n + (code.startsWith("2") ? 0 : count), 0),
      statusCodes: codes[kind],
    };
  };
  return { add: summary("add"), read: summary("read"), errors };
}

/** alternatingLoad after 2 s of the same load unmeasured (a reference's server has just started). */
async function warmedLoad(options) {
  await alternatingLoad({ ...options, duration: 2 });
  return alternatingLoad(options);
}

/**
 * The reference for the cart's figures, in the same run: the same load (customers alternating a
 * POST of the same JSON body and a GET) against the framework's floor, bench/floor's JSON route that
 * does no work of its own. What the cart can reach at most on this machine at this hour.
 */
async function cartFloorLoad({ port, customers, duration, body }) {
  const floor = await startFloor(port, "BENCH_BARE_PORT");
  try {
    const headers = { "content-type": "application/json", accept: "application/json" };
    const callers = Array.from({ length: customers }, () => ({}));
    const spec = {
      add: () => ({ method: "POST", path: "/api/echo", body }),
      read: () => ({ method: "GET", path: "/api/echo" }),
    };
    return await warmedLoad({ port, duration, headers, customers: callers, ...spec });
  } finally {
    await floor.stop();
  }
}

/**
 * The stack's own cart in the same run: bench/stack's /api/store-cart (drizzle on the database in
 * `env`: a PGlite folder of its own, or the PostgreSQL database) under the storefront cart's load —
 * each customer with its own cart cookie, alternating an add and a read. What a cart reaches on this
 * stack and machine before any of the store's own work (tenants, sessions, price rules, bookings).
 */
async function stackCartLoad({ port, customers, duration, env }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-stack-cart-"));
  const server = await startReference(REFERENCES.stack, port, "BENCH_BARE_PORT", {
    built: true,
    env: { ...env, BENCH_STACK_DATA_DIR: dataDir },
  });
  try {
    const headers = { "content-type": "application/json", accept: "application/json" };
    const body = JSON.stringify({ quantity: 1 });
    const callers = await Promise.all(
      Array.from({ length: customers }, async () => {
        const first = await request(port, { method: "POST", path: "/api/store-cart/items", headers, body });
        const cookie = [first.headers["set-cookie"] ?? []].flat()[0]?.split(";")[0];
        if (first.status !== 200 || !cookie)
          throw new Error(
            `bench/stack's first cart add answered ${first.status}: ${first.body.toString().slice(0, 300)}`,
          );
        return { cookie };
      }),
    );
    const withCookie = (caller) => (req) => ({ ...req, headers: { ...req.headers, cookie: caller.cookie } });
    const spec = {
      add: (caller) => ({ method: "POST", path: "/api/store-cart/items", body, setupRequest: withCookie(caller) }),
      read: (caller) => ({ method: "GET", path: "/api/store-cart", setupRequest: withCookie(caller) }),
    };
    return await warmedLoad({ port, duration, headers, customers: callers, ...spec });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
