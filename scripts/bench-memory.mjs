#!/usr/bin/env node
// `npm run bench:memory`: the embedded default (`next start`, PGlite in its own process) under
// 10,000 mixed requests, then its resident memory (RSS of the server's process tree, from /proc):
//   - pages in both languages on both demo stores (home, the catalogue, every product by its
//     slug, a website page), cached and not (a query the cache ignores, RSC navigations),
//   - 1,000 made-up Host names (each a 404: what a scanner sends),
//   - cart calls (adds and reads, each customer with its own cart cookie),
//   - share images (og:image PNGs),
//   - a few refused 50 MB bodies (413 before they are read).
// Checks QUALITY.md's target (RSS ≤ 300 MB after the load), exits non-zero on a miss, and writes
// .bench/memory.json. Env: BENCH_MEMORY_PORT (default 3224), BENCH_MEMORY_REQUESTS (default 10000).
import { readFileSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { root } from "./build-stamp.mjs";
import { ensureBuild } from "./build-stamp.mjs";
import {
  freshPglite,
  machine,
  portFromEnv,
  printTable,
  request,
  startFloor,
  startNext,
  warnIfBusy,
  writeReport,
} from "./bench-support.mjs";
import { serverEnv } from "./server-env.mjs";

const TARGET_RSS_MB = 300;
const port = portFromEnv("BENCH_MEMORY_PORT", 3224);
const total = Number(process.env.BENCH_MEMORY_REQUESTS || 10_000);
const CONCURRENCY = 8;

/** Resident memory of a process and its descendants, in MB (Linux /proc). */
function treeRssMb(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  let kb = 0;
  const visit = (p) => {
    try {
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone.
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return Math.round(kb / 1024);
}

/**
 * A POST that announces `bytes` of body and sends 64 KB of it, over a raw socket (Node's client
 * would wait for the rest): the status line the server answers with, or "reset".
 */
function announcedBody(port, host, bytes) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let head = "";
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on("connect", () => {
      socket.write(
        `POST /api/cart/items HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(Buffer.alloc(64 * 1024, 32));
    });
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      if (status) {
        socket.destroy();
        resolve(status);
      }
    });
    socket.on("error", () => resolve("reset"));
    socket.on("close", () => resolve("reset"));
  });
}

/**
 * What the target is measured against, in the same run: Next's own floor (bench/floor) after as
 * many requests to its page, and PGlite alone: a plain Node process with the server's process
 * settings (scripts/server-env.mjs) and database settings (platform/db/pglite-settings.json) on the
 * data folder the bench made, a catalogue query 200 times; beside it an empty Node process with the
 * same settings, so that the sum of the two counts Node itself once. (Not through tsx and drizzle,
 * nor without the server's settings: that would count the loader's memory, not the database's.)
 */
async function references(floorPort, requests) {
  const floor = await startFloor(floorPort, "BENCH_MEMORY_PORT");
  let floorMb;
  try {
    let n = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (n++ < requests) await request(floorPort, { path: "/" });
      }),
    );
    floorMb = treeRssMb(floor.serverPid);
  } finally {
    await floor.stop();
  }
  const { postgresqlconf } = JSON.parse(readFileSync(path.join(root, "platform/db/pglite-settings.json"), "utf8"));
  const rssOf = (script) => {
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", `${script}\nconsole.log(Math.round(process.memoryUsage().rss / 1048576));`],
      { cwd: root, encoding: "utf8", env: serverEnv(process.env) },
    );
    return Number(out.trim().split("\n").at(-1));
  };
  const pgliteMb = rssOf(`import { PGlite } from "@electric-sql/pglite";
const pg = new PGlite({ dataDir: ${JSON.stringify(path.join(root, ".data", "bench-memory"))}, postgresqlconf: ${JSON.stringify(postgresqlconf)} });
for (let i = 0; i < 200; i++) await pg.query("select p.*, pp.* from products p join product_prices pp on pp.product_id = p.id");
await pg.close();`);
  const nodeMb = rssOf("");
  return { floorMb, floorRequests: requests, pgliteMb, nodeMb, floorPlusPgliteMb: floorMb + pgliteMb - nodeMb };
}

async function main() {
  const started = Date.now();
  ensureBuild();
  const before = warnIfBusy();
  const server = await startNext({
    port,
    portEnv: "BENCH_MEMORY_PORT",
    env: freshPglite("bench-memory"),
    label: "embedded",
  });
  // The server's own process (the entry that started it waits beside it, and is not the store's memory).
  const pid = server.serverPid;
  try {
    const spa = `spa.localhost:${port}`;
    const coffee = `coffee.localhost:${port}`;
    const list = async (host, locale) =>
      JSON.parse(
        (
          await request(port, {
            path: "/api/app/products",
            host,
            headers: { accept: "application/json", "accept-language": locale },
          })
        ).body.toString(),
      ).data ?? [];
    const [spaAr, spaEn, coffeeAr] = await Promise.all([list(spa, "ar"), list(spa, "en"), list(coffee, "ar")]);
    const pages = [
      ...[
        "/",
        "/products",
        "/z/terms-and-conditions",
        ...spaAr.map((p) => `/products/${encodeURIComponent(p.slugs.ar)}`),
      ].map((path) => ({ host: spa, path })),
      ...["/en", "/en/products", ...spaEn.map((p) => `/en/products/${encodeURIComponent(p.slugs.en)}`)].map((path) => ({
        host: spa,
        path,
      })),
      ...["/", "/products", ...coffeeAr.map((p) => `/products/${encodeURIComponent(p.slugs.ar)}`)].map((path) => ({
        host: coffee,
        path,
      })),
    ];
    const item =
      spaAr.find((p) => p.typeString === "merchandise" && (p.stock ?? 0) >= 100) ??
      spaAr.find((p) => p.typeString === "merchandise");
    const cartBody = JSON.stringify({ productId: item.id, priceId: item.prices[0].id, quantity: 1 });
    const cookies = [];

    await request(port, { path: "/", host: spa });
    const afterFirstPage = treeRssMb(pid);

    const statuses = {};
    const count = (kind, status) => ((statuses[kind] ??= {})[status] = (statuses[kind][status] ?? 0) + 1);
    /** The i-th request of the mix. */
    const job = async (i) => {
      const slot = i % 10;
      if (slot === 0) {
        // Made-up hosts: 1,000 of them in 10,000 requests, each different.
        const res = await request(port, { path: "/", host: `h${i}-${"x".repeat(150)}.example.com` });
        return count("unknown host", res.status);
      }
      if (slot === 1 || slot === 2) {
        const c = cookies[i % 20];
        const res =
          slot === 1 || !c
            ? await request(port, {
                method: "POST",
                path: "/api/cart/items",
                host: spa,
                headers: {
                  "content-type": "application/json",
                  accept: "application/json",
                  ...(c ? { cookie: c } : {}),
                },
                body: cartBody,
              })
            : await request(port, { path: "/api/cart", host: spa, headers: { cookie: c, accept: "application/json" } });
        const set = [res.headers["set-cookie"] ?? []]
          .flat()
          .map((s) => s.split(";")[0])
          .find((s) => s.startsWith("sf_cart_"));
        if (set && cookies.length < 20) cookies.push(set);
        return count("cart", res.status);
      }
      if (slot === 3 && i % 100 === 3) {
        const p = pages[((i / 100) % pages.length) | 0];
        const og = p.path.includes("/products/")
          ? p.path.replace("/products/", "/og/product/")
          : p.path.startsWith("/en")
            ? "/en/og/store"
            : "/og/store";
        return count("share image", (await request(port, { path: og, host: p.host })).status);
      }
      if (slot === 4 && i % 2000 === 4) {
        // A 50 MB body announced: refused before it is read.
        return count("50 MB body", await announcedBody(port, spa, 50 * 1024 * 1024));
      }
      const p = pages[i % pages.length];
      const rsc = slot === 5 ? { rsc: "1" } : {};
      // An RSC request without router state carries an empty _rsc (Next redirects it there otherwise).
      const res = await request(port, {
        path: slot === 5 ? `${p.path}?_rsc` : slot === 6 ? `${p.path}?utm_source=bench${i}` : p.path,
        host: p.host,
        headers: { accept: "text/html", ...rsc },
      });
      return count(slot === 5 ? "page (RSC)" : "page", res.status);
    };
    let next = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < total) await job(next++);
      }),
    );
    const seconds = (Date.now() - t0) / 1000;
    const afterLoad = treeRssMb(pid);
    await new Promise((r) => setTimeout(r, 10_000));
    const afterIdle = treeRssMb(pid);

    await server.stop();
    const reference = await references(port + 1, total);
    const report = {
      target: { rssMb: TARGET_RSS_MB },
      requests: total,
      seconds,
      rssMb: { afterFirstPage, afterLoad, afterIdle },
      reference,
      statuses,
      machine: before,
      durationS: Math.round((Date.now() - started) / 1000),
    };
    console.log(`\n${total} requests in ${seconds.toFixed(1)} s (${CONCURRENCY} at once)\n`);
    printTable(
      ["kind", "statuses"],
      Object.entries(statuses).map(([k, v]) => [k, JSON.stringify(v)]),
    );
    console.log(
      `\nRSS (server process tree): ${afterFirstPage} MB after the first page, ${afterLoad} MB after the load, ${afterIdle} MB 10 s later (target ≤ ${TARGET_RSS_MB} MB)`,
    );
    console.log(
      `Reference, same run: Next's floor (bench/floor) ${reference.floorMb} MB after ${reference.floorRequests} requests; PGlite alone (plain Node with the server's settings, the demo's queries) ${reference.pgliteMb} MB, of which Node itself ${reference.nodeMb} MB; the two, Node counted once, ${reference.floorPlusPgliteMb} MB`,
    );
    console.log(`report: ${writeReport("memory", { ...report, machineAfter: machine() })}`);
    const bad = Object.entries(statuses).flatMap(([k, v]) =>
      Object.keys(v)
        .filter((s) =>
          k === "unknown host" ? s !== "404" : k === "50 MB body" ? s !== "413" && s !== "reset" : !/^2|^3/.test(s),
        )
        .map((s) => `${k} answered ${s}`),
    );
    if (bad.length) console.error(`✖ unexpected answers: ${bad.join(", ")}`);
    if (afterLoad > TARGET_RSS_MB)
      console.error(`✖ RSS ${afterLoad} MB after the load, over QUALITY.md's ${TARGET_RSS_MB} MB`);
    if (bad.length || afterLoad > TARGET_RSS_MB) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
