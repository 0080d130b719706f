import { beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { tenants } from "@/platform/db/schema";
import { describeEachDb } from "./helpers/test-db";

// Every drizzle query on PGlite brings parsers that keep timestamps, intervals and dates as text;
// PGlite copies its 300-odd parsers into a new object for each query that brings its own. The
// database keeps those types as text itself (fitForDrizzle, platform/db/named-statements.ts), and
// its queries run without drizzle's: no copy per query, the same values on both databases.
describeEachDb("drizzle's parsers on PGlite", (t) => {
  let copies = 0;

  beforeAll(() => {
    if (t().kind !== "pglite") return;
    const client = (t().db as unknown as { $client: PGlite }).$client;
    // A copy of the parsers ({ ...parsers, ...own }) lists their keys; a lookup of one type does not.
    client.parsers = new Proxy(client.parsers, {
      ownKeys(target) {
        copies++;
        return Reflect.ownKeys(target);
      },
    });
  });

  it("queries alone and in a transaction copy no parsers, and read timestamps and dates as drizzle maps them", async () => {
    const { db } = t();
    const [spa] = await db.select().from(tenants).where(eq(tenants.slug, "spa"));
    expect(spa.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(spa.createdAt.getTime())).toBe(false);
    // A raw statement's timestamp and date stay text, as drizzle's own parsers keep them.
    const raw = await db.execute<{ at: string; day: string; n: string }>(
      sql`SELECT created_at::text AS at, created_at AS ts, DATE '2026-11-29' AS day, 1.50::numeric AS n,
        ARRAY[DATE '2026-11-29', DATE '2026-11-30'] AS days FROM tenants WHERE slug = 'spa'`,
    );
    const row = raw.rows[0] as unknown as { at: string; ts: unknown; day: unknown; n: unknown; days: unknown };
    expect(row.day).toBe("2026-11-29");
    // Arrays of those types too, as the database writes them, on both databases alike.
    expect(row.days).toBe("{2026-11-29,2026-11-30}");
    expect(row.ts).toBe(row.at);
    expect(row.n).toBe("1.50");
    await db.transaction(async (tx) => {
      const [coffee] = await tx.select().from(tenants).where(eq(tenants.slug, "coffee"));
      expect(coffee.createdAt).toBeInstanceOf(Date);
    });
    expect(copies).toBe(0);
  });
});
