import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ensureBuild, root } from "../scripts/build-stamp.mjs";
import { openDatabase } from "@/platform/db/client";
import { seedDemo } from "@/platform/seed/demo";
import { freePort } from "./helpers/free-port";

/**
 * Several instances starting together on one fresh PostgreSQL database (README: production
 * deployment) migrate one at a time: every one starts, the schema is there once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** A new, uniquely named database on TEST_DATABASE_URL's server: its URL, and drop() for the end. */
async function newDatabase(prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Rows of every table of the app's schema, by table name. */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    url,
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM "${name}"`))[0].n;
  return counts;
}

const migrationFiles = readdirSync(path.join(root, "platform/db/migrations")).filter((f) => f.endsWith(".sql"));

const get = (port: number, urlPath: string, host = `localhost:${port}`) =>
  new Promise<{ status: number; body: string }>((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: urlPath, headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject),
  );

/** `npm start` (scripts/start.mjs) on `port` and the database at `url`, as an instance of a deployment runs. */
function startInstance(port: number, url: string) {
  const instance: Record<string, string | undefined> = {
    // Vitest's NODE_ENV=test is not a server's: next start sets its own.
    NODE_ENV: undefined,
    PORT: String(port),
    DATABASE_URL: url,
    DATA_DIR: "",
    PLATFORM_API_URL: "",
    SEED_DEMO: "on",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, ...instance },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { port, child, exited, output: () => output };
}

async function healthy(instance: ReturnType<typeof startInstance>) {
  const deadline = Date.now() + 180_000;
  let gone = false;
  void instance.exited.then(() => (gone = true));
  while (!gone && Date.now() < deadline) {
    const answer = await get(instance.port, "/api/health").catch(() => null);
    if (answer?.status === 200) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The instance on port ${instance.port} did not become healthy:\n${instance.output().slice(-3000)}`);
}

async function stop(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await exited;
}

describe.runIf(!!serverUrl)("migrations on PostgreSQL", () => {
  it("three instances opening a fresh database at once all start", async () => {
    const database = await newDatabase("storefront_migrate");
    try {
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: database.url, poolSize: 3 })));
      const [{ n }] = await query<{ n: number }>(
        database.url,
        "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
      );
      expect(n).toBe(migrationFiles.length);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await database.drop();
    }
  });

  it("three servers started at once through the entry on a new database all serve, migrated and seeded once", {
    timeout: 420_000,
  }, async () => {
    // One build for the three (a no-op after npm test's build step); three entries finding none would each build.
    ensureBuild();
    const database = await newDatabase("storefront_instances");
    // What the demo seed writes when it runs once, on a database of its own.
    const once = await newDatabase("storefront_seeded_once");
    const instances: ReturnType<typeof startInstance>[] = [];
    try {
      const ports = new Set<number>();
      while (ports.size < 3) ports.add(await freePort());
      for (const port of ports) instances.push(startInstance(port, database.url));
      for (const instance of instances) {
        expect(JSON.parse((await healthy(instance)).body)).toEqual({ status: "ok", database: "ok" });
        const spa = await get(instance.port, "/en", `spa.localhost:${instance.port}`);
        expect(spa.status).toBe(200);
        expect(spa.body).toContain("Rimal Wellness");
        const coffee = await get(instance.port, "/", `coffee.localhost:${instance.port}`);
        expect(coffee.status).toBe(200);
        expect(coffee.body).toContain("Bunn Roastery");
      }
      const [{ n }] = await query<{ n: number }>(
        database.url,
        "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
      );
      expect(n).toBe(migrationFiles.length);
      expect(
        (await query<{ slug: string }>(database.url, "SELECT slug FROM tenants ORDER BY slug")).map((t) => t.slug),
      ).toEqual(["coffee", "spa"]);

      const handle = await openDatabase({ url: once.url, poolSize: 2 });
      await seedDemo(handle.db);
      await handle.close();
      expect(await tableCounts(database.url)).toEqual(await tableCounts(once.url));
    } finally {
      await Promise.all(instances.map((i) => stop(i.child, i.exited)));
      await Promise.all([database.drop(), once.drop()]);
    }
  });
});
