import "server-only";
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";
import { lockDataDir } from "./data-dir-lock";
import pgliteSettings from "./pglite-settings.json";

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbHandle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres" };

/**
 * The embedded database's memory: PGlite runs PostgreSQL in the server's own process, where its
 * default 128 MB of shared buffers is resident memory the store pays for. A store's working set is
 * a few MB, and the data folder's files stay in the operating system's page cache, so 16 MB of
 * buffers is enough (figures: docs/MEASUREMENTS.md, npm run bench:memory).
 * Kept in pglite-settings.json, which bench:memory's reference (PGlite alone) reads too.
 */
const PGLITE_CONF = pgliteSettings.postgresqlconf;

/**
 * PostgreSQL connections per server process. A cart add holds one for five round trips, each
 * waiting its turn on the server's busy thread: with 10, twenty shoppers at once queue for a
 * connection and the cart's reads wait behind the adds (npm run bench:http). PostgreSQL's default
 * allows 100 connections in all.
 */
const POOL_SIZE = 20;

/** The advisory lock key held while migrating PostgreSQL ("sfmg"). */
const MIGRATION_LOCK = 0x73666d67;

const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), "platform/db/migrations");

/**
 * Opens a database: PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory);
 * `loadDataDir` starts PGlite from a dump of another (PGlite's dumpDataDir), instead of an empty cluster.
 * `seed` runs once the database is migrated, before the handle is returned: on PostgreSQL under the
 * migration lock and on the lock's connection, so that instances starting together on a new
 * database seed one after another (the first writes the demo stores, the others find them).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  loadDataDir?: Blob;
  seed?: (db: Db) => Promise<unknown>;
}): Promise<DbHandle> {
  // A process loads the one driver it uses: node-postgres, with its types, parsers and drizzle's
  // driver for it, would hold ~3 MB of an embedded server's heap (and PGlite's code a PostgreSQL one's).
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const { Pool } = pg;
    // A database that does not answer fails a request within 5 s (503, server/outage.ts) instead of holding it.
    const pool = new Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? POOL_SIZE,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection that drops (a database restart) must not take the process down; the pool reconnects.
    pool.on("error", (err) => console.error("[platform] PostgreSQL connection lost", err.message));
    const db = drizzlePg(pool, { schema });
    // Instances starting together on one database migrate and seed one at a time (the others then
    // find nothing to do). Seeding on the lock's own connection takes nothing more from the pool.
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(db, { migrationsFolder });
      if (opts.seed) await opts.seed(drizzlePg(lock, { schema }));
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let release = () => {};
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // One process per folder: a second server (or the operator CLI while one runs) stops here.
    release = lockDataDir(opts.dataDir);
  }
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { fitForDrizzle }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
      import("./named-statements"),
    ]);
    const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, postgresqlconf: PGLITE_CONF });
    const db = drizzlePglite(client, { schema });
    try {
      // Waits for the database to start: a folder that cannot be opened fails here, closed below.
      await fitForDrizzle(client);
      await migratePglite(db, { migrationsFolder });
      if (opts.seed) await opts.seed(db as unknown as Db);
    } catch (err) {
      // Closed before the folder's lock is let go: no other process may open files this one still writes.
      await client.close().catch(() => undefined);
      throw err;
    }
    return { db: db as unknown as Db, kind: "pglite", close: () => client.close().finally(release) };
  } catch (err) {
    release();
    throw err;
  }
}
