import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { openDatabase, type Db } from "@/platform/db/client";
import * as schema from "@/platform/db/schema";
import { seedDemo } from "@/platform/seed/demo";
import { adminQuery, suiteNow } from "../helpers/test-db";

/** What a suite needs to start PGlite from the seeded dump: the file, and the clock it was seeded at. */
export type PgliteSeed = { file: string; now: number };
/** The seeded PostgreSQL database suites copy (CREATE DATABASE … TEMPLATE), and its clock; null without TEST_DATABASE_URL. */
export type PostgresSeed = { template: string; now: number } | null;

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSeed: PgliteSeed;
    postgresSeed: PostgresSeed;
  }
}

/** Runs `fn` with Date frozen at `now`, as the database suites seed (vi.useFakeTimers is not available here). */
async function atFrozenDate<T>(now: Date, fn: () => Promise<T>): Promise<T> {
  const RealDate = globalThis.Date;
  class FrozenDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(now.getTime());
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static now() {
      return now.getTime();
    }
  }
  globalThis.Date = FrozenDate as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

/**
 * Migrates and seeds one PGlite database and dumps it, once per run: every PGlite suite then starts
 * from that dump, far quicker than creating an empty cluster, migrating and seeding, over forty
 * times. The dump goes away when the run ends.
 */
export default async function setup(project: TestProject) {
  const now = suiteNow();
  const client = new PGlite();
  const file = path.join(os.tmpdir(), `storefront-vitest-seed-${process.pid}.tar`);
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as unknown as Parameters<typeof migrate>[0], {
      migrationsFolder: path.resolve(import.meta.dirname, "../../platform/db/migrations"),
    });
    await atFrozenDate(now, () => seedDemo(db, now));
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide("pgliteSeed", { file, now: now.getTime() });
  const template = process.env.TEST_DATABASE_URL
    ? await seedPostgresTemplate(process.env.TEST_DATABASE_URL, now)
    : null;
  project.provide("postgresSeed", template ? { template: template.name, now: now.getTime() } : null);
  return async () => {
    await rm(file, { force: true });
    await template?.drop();
  };
}

/**
 * The same for PostgreSQL: one database migrated and seeded per run, which every PostgreSQL suite
 * copies (CREATE DATABASE … TEMPLATE, a file copy on the server) instead of migrating and seeding
 * its own. Left without connections, as a template must be.
 */
async function seedPostgresTemplate(serverUrl: string, now: Date) {
  const name = `storefront_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = (sql: string) => adminQuery(serverUrl, sql);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  try {
    await atFrozenDate(now, () => seedDemo(handle.db, now));
  } finally {
    await handle.close();
  }
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
