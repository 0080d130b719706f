// Shared by the bench scripts (bench-lighthouse.mjs, bench-http.mjs): a production server of the
// current sources on the bench's own port and its own fresh database, started through the entry
// (scripts/start.mjs) as every storefront server is, plain HTTP calls to it, and the .bench/ report files.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { nextBin, root } from "./build-stamp.mjs";
import { serverEnv } from "./server-env.mjs";

/** A port from the environment (BENCH_*_PORT), or the bench's default. */
export function portFromEnv(name, fallback) {
  const value = process.env[name];
  const port = Number(value || fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}

/** Fails fast when something (another bench, a dev server) already listens on the port. */
export function assertPortFree(port, envName) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () =>
      reject(new Error(`Port ${port} is in use: stop what listens there or choose another with ${envName}=…`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/**
 * One HTTP request to the local server with an explicit Host (the tenant's name), answered in full.
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
export function request(port, { method = "GET", path: urlPath = "/", host, headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: urlPath, headers: { ...headers, ...(host ? { host } : {}) } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** A GET that must answer 200; its body as text. */
export async function getText(port, urlPath, host, headers = {}) {
  const res = await request(port, { path: urlPath, host, headers });
  if (res.status !== 200) throw new Error(`GET ${urlPath} (${host}) answered ${res.status}`);
  return res.body.toString("utf8");
}

/** The first product link of a store's catalogue page (`/products` or `/en/products`), as a path. */
export async function firstProductPath(port, host, prefix = "") {
  const html = await getText(port, `${prefix}/products`, host);
  const match = html.match(new RegExp(`href="(${prefix}/products/[^"/?#]+)"`));
  if (!match) throw new Error(`No product link on ${prefix}/products (${host})`);
  return match[1];
}

const running = new Set();
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  // An interrupted bench does not leave its servers behind.
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      for (const child of running) killGroup(child);
      process.exit(130);
    });
  }
  process.on("exit", () => {
    for (const child of running) killGroup(child);
  });
}

/** SIGKILL to a child and what it started (the entry's server): each child leads a process group of its own. */
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/**
 * Starts a child process and returns a stop() that ends it (SIGTERM, then SIGKILL after 5 s).
 * `serverSettings`: the process gets a storefront server's settings (scripts/server-env.mjs); the
 * entry, which gives them to the server it starts, is spawned without.
 */
export function spawnTracked(args, env, logLines = [], cwd = root, serverSettings = true) {
  hookExit();
  const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env };
  const child = spawn(process.execPath, args, {
    cwd,
    env: serverSettings ? serverEnv(childEnv) : childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  const keep = (chunk) => {
    logLines.push(...chunk.toString().split("\n").filter(Boolean));
    if (logLines.length > 60) logLines.splice(0, logLines.length - 60);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => running.delete(child));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => killGroup(child), 5000);
      await exited;
      clearTimeout(force);
    }
  };
  return { child, exited, stop, logLines };
}

/** The process `pid` started (the entry's `next start`), or `pid` itself when it started none. */
function startedBy(pid) {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]) === pid)
        return Number(entry);
    } catch {
      // The process ended while we read.
    }
  }
  return pid;
}

/**
 * The storefront's server of the current build, started through its entry (scripts/start.mjs) on
 * `port` with `env` (its database), ready once `/api/health` answers 200 (migrated and seeded). The
 * caller has made sure the build is current (ensureBuild). `dir` serves another Next app's build
 * instead with a plain `next start` (bench/floor, bench/stack: run from its own folder, with the
 * same process settings), ready once `healthPath` answers 200. `serverPid` is the process that
 * serves (the entry's child), whose memory the benches read.
 */
export async function startNext({ port, portEnv, env, label, dir, healthPath = "/api/health" }) {
  await assertPortFree(port, portEnv);
  const started = Date.now();
  const server = dir
    ? spawnTracked([nextBin, "start", "-p", String(port)], env, [], path.join(root, dir))
    : spawnTracked([path.join(root, "scripts/start.mjs")], { ...env, PORT: String(port) }, [], root, false);
  const deadline = Date.now() + 180_000;
  let exited = null;
  server.exited.then((e) => (exited = e));
  for (;;) {
    if (exited)
      throw new Error(`next start (${label}) exited (${exited.code ?? exited.signal}):\n${server.logLines.join("\n")}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`next start (${label}) was not healthy within 180 s:\n${server.logLines.join("\n")}`);
    }
    const res = await request(port, { path: healthPath, host: `localhost:${port}` }).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`next start (${label}) healthy on port ${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { ...server, serverPid: dir ? server.child.pid : startedBy(server.child.pid) };
}

/**
 * Env for a server on a fresh embedded database in .data/<name>: emptied, then created and seeded
 * by `npm run tenant -- setup` in a process of its own, as `npm start` does (scripts/start.mjs).
 */
export function freshPglite(name) {
  const dir = path.join(".data", name);
  rmSync(path.join(root, dir), { recursive: true, force: true });
  const env = { DATA_DIR: dir, DATABASE_URL: "", PLATFORM_API_URL: "" };
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/tenant.ts"), "setup"],
    { cwd: root, stdio: "inherit", env: { ...process.env, ...env } },
  );
  return env;
}

/**
 * A fresh PostgreSQL database `sf_bench_<time>` created through an admin URL (any database on the
 * server); earlier benches' leftovers are dropped first. Returns its URL and a drop().
 */
export async function freshPostgres(adminUrl) {
  const { default: pg } = await import("pg");
  const withAdmin = async (run) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const name = `sf_bench_${Date.now()}`;
  await withAdmin(async (client) => {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'sf\\_bench\\_%'");
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/** What the figures were measured on: they mean little without the machine's load at the time. */
export function machine() {
  let commit = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    if (dirty) commit += "+changes";
  } catch {
    // Not a git checkout (an rsync copy): no commit to name.
  }
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    loadAvg1m: Number(os.loadavg()[0].toFixed(2)),
    node: process.version,
    commit,
  };
}

/** Warns when other work keeps the cores busy (the figures are then lower than the machine's own); the machine as it was. */
export function warnIfBusy() {
  const info = machine();
  if (info.loadAvg1m > info.cpus)
    console.warn(
      `⚠ load average ${info.loadAvg1m} on ${info.cpus} cores: other processes compete with the bench, expect lower figures.`,
    );
  return info;
}

/** Writes .bench/<name>.json and returns its path. */
export function writeReport(name, data) {
  const dir = path.join(root, ".bench");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(root, file);
}

/** A plain text table for the terminal, columns padded to their widest cell. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

/**
 * The instrumentation hooks a reference's server build was compiled from that are not its own.
 * Turbopack takes `instrumentation.ts` from the workspace root when a project has none: the floor
 * then opened the storefront's embedded database, and bench:memory's "floor" was 354 MB instead of
 * ~110. Each reference has an empty hook of its own; this keeps it that way.
 */
function hooksFromElsewhere(dir) {
  const server = path.join(root, dir, ".next/server");
  const maps = readdirSync(server, { recursive: true }).filter((f) => f.endsWith(".map"));
  const sources = maps.flatMap((f) => {
    const map = JSON.parse(readFileSync(path.join(server, f), "utf8"));
    return [...(map.sources ?? []), ...(map.sections ?? []).flatMap((s) => s.map?.sources ?? [])];
  });
  return [
    ...new Set(sources.filter((s) => /(^|\/)instrumentation(-node)?\.[jt]sx?$/.test(s) && !s.includes(`${dir}/`))),
  ];
}

/** The references the storefront is measured against, each a Next app of its own built with the storefront's Next and React. */
export const REFERENCES = {
  /** Next's own floor: a prerendered page, no client component, CSS or proxy. */
  floor: "bench/floor",
  /**
   * The floor plus the client libraries every storefront page is built on (next/link, next/dynamic,
   * next-intl, TanStack Query), and the least a cart does on the stack's database (/api/store-cart).
   */
  stack: "bench/stack",
};

/** Builds a reference (REFERENCES) from its own folder. */
export function buildReference(dir) {
  const built = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: path.join(root, dir),
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (built.status !== 0) throw new Error(`next build ${dir} failed:\n${built.stdout}\n${built.stderr}`);
  const foreign = hooksFromElsewhere(dir);
  if (foreign.length)
    throw new Error(
      `${dir}'s build took hooks from outside it (${foreign.join(", ")}): it would measure the storefront, not the reference`,
    );
}

/** Builds a reference (REFERENCES) from its own folder, unless told it is built, and serves it on `port` with `env`. */
export async function startReference(dir, port, portEnv, { env = {}, built = false } = {}) {
  if (!built) buildReference(dir);
  return startNext({ port, portEnv, env, label: dir, dir, healthPath: "/" });
}

/** bench/floor (Next's own floor) served on `port`. */
export const startFloor = (port, portEnv) => startReference(REFERENCES.floor, port, portEnv);
