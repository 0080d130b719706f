import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/platform/db/client";

/**
 * Several instances starting together on one fresh PostgreSQL database (README: production
 * deployment) migrate one at a time: every one starts, the schema is there once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(!!serverUrl)("migrations on PostgreSQL", () => {
  it("three instances opening a fresh database at once all start", async () => {
    const name = `storefront_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 3 })));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
      await check.end();
      expect(rows[0].n).toBeGreaterThanOrEqual(6);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
