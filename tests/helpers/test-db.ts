import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, inject, vi } from "vitest";
import pg from "pg";
import { eq } from "drizzle-orm";
import { openDatabase, type Db, type DbHandle } from "@/platform/db/client";
import { tenants } from "@/platform/db/schema";
import { seedDemo } from "@/platform/seed/demo";
import { riyadhDayStart } from "@/platform/time";
import { HOUR_MS } from "@/rules/riyadh-time";
import type { TenantInfo } from "@/platform/api/router";

export type DbKind = "pglite" | "postgres";

export type TestDb = { db: Db; kind: DbKind; spa: TenantInfo; coffee: TenantInfo; now: Date };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export function testDatabaseKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** One statement on a PostgreSQL server, on a connection of its own (CREATE and DROP DATABASE). */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, uniquely named database on TEST_DATABASE_URL's server (a copy of `template` when given); dropped again by `close`. */
async function openPostgres(poolSize = 5, template?: string): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `storefront_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = (sql: string) => adminQuery(serverUrl, sql);
  await admin(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString(), poolSize });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        // pool.end() resolves before the server has seen every connection go; FORCE would kill
        // the ones still closing, and their clients report it as an unhandled error. Wait first.
        for (let attempt = 0; attempt < 40; attempt++) {
          try {
            await admin(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== "55006") throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  } catch (err) {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw err;
  }
}

/** `poolSize`: PostgreSQL connections (race tests need enough for their requests to truly overlap). */
export async function openTestDatabase(kind: DbKind, poolSize?: number): Promise<DbHandle> {
  return kind === "postgres" ? openPostgres(poolSize) : openDatabase({});
}

async function tenantInfo(db: Db, slug: string): Promise<TenantInfo> {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return { id: row.id, slug: row.slug, name: row.name, settings: row.settings };
}

/**
 * The clock of database suites: tomorrow 12:00 in Riyadh, frozen (only Date is faked), so that
 * "today", "past" and the seeded bookings mean the same thing in every run. Tomorrow, so that
 * the real clock never passes it while a suite runs.
 */
export function suiteNow(): Date {
  return new Date(riyadhDayStart(new Date(), 1).getTime() + 12 * HOUR_MS);
}

/**
 * Runs `fn` once per available database (see testDatabaseKinds), each a fresh database migrated
 * and seeded with the demo tenants at a frozen `now`. Read the handle inside tests: `t().db`.
 * `kinds`: only these (the fuzz suites run on PGlite only).
 */
export function describeEachDb(
  name: string,
  fn: (t: () => TestDb) => void,
  opts: { poolSize?: number; kinds?: DbKind[] } = {},
) {
  for (const kind of opts.kinds ?? testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let handle: DbHandle | undefined;
      let ctx: TestDb | undefined;
      beforeAll(async () => {
        const now = suiteNow();
        vi.useFakeTimers({ toFake: ["Date"], now });
        const seed = kind === "pglite" ? inject("pgliteSeed") : undefined;
        const template = kind === "postgres" ? inject("postgresSeed") : null;
        if (seed && seed.now === now.getTime()) {
          // The run's seeded dump, seeded at this same clock (tests/support/global-setup.ts).
          handle = await openDatabase({ loadDataDir: new Blob([await readFile(seed.file)]) });
        } else if (template && template.now === now.getTime()) {
          // A copy of the run's seeded PostgreSQL database, seeded at this same clock.
          handle = await openPostgres(opts.poolSize, template.template);
        } else {
          handle = await openTestDatabase(kind, opts.poolSize);
          await seedDemo(handle.db, now);
        }
        ctx = {
          db: handle.db,
          kind,
          spa: await tenantInfo(handle.db, "spa"),
          coffee: await tenantInfo(handle.db, "coffee"),
          now,
        };
      });
      afterAll(async () => {
        vi.useRealTimers();
        await handle?.close();
      });
      fn(() => {
        if (!ctx) throw new Error("The test database is not open yet");
        return ctx;
      });
    });
  }
}
