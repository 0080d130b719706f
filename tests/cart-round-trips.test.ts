import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import * as schema from "@/platform/db/schema";
import type { Db } from "@/platform/db/client";
import { setPlatformDb } from "@/platform/db";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { envelopeData, jar, jsonRequest, nextHeadersMock, readEnvelope, storeApi } from "./helpers/bff-harness";
import { DEMO, demoProduct } from "./helpers/demo-catalog";

// The cart is the call shoppers make most, and each statement is a round trip that waits its turn
// on a busy server (QUALITY.md: the store's cart against the stack's own, npm run bench:http).
// Counted here through the whole path a browser's call takes (the store's pipeline, the embedded
// platform's router, the services), on each database: once the store is known, a read is one
// statement and an add is a transaction of three (the cart's row lock, the product with the
// cart's lines of it, the write), then the read, outside the transaction that held the lock.
vi.mock("next/headers", () => nextHeadersMock());

describeEachDb("the cart's round trips, through the store's API", (t) => {
  /** Every statement the platform sends, with "begin" and "commit" around a transaction's. */
  const seen: string[] = [];
  /** Statements whose text PGlite's query parses and plans again (a named statement's is parsed once). */
  let parsedAgain = 0;
  let oil: { id: string; priceId: string };

  beforeAll(async () => {
    // drizzle logs node-postgres's begin and commit as statements (PGlite's are its client's own):
    // both are marked here, around the transaction, the same way on each database.
    const logger = {
      logQuery: (q: string) => {
        const verb = q.split(" ")[0].toLowerCase();
        if (verb !== "begin" && verb !== "commit") seen.push(verb);
      },
    };
    const client = (t().db as unknown as { $client: PGlite | Pool }).$client;
    if (t().kind === "pglite") {
      const pglite = client as PGlite;
      const query = pglite.query.bind(pglite);
      pglite.query = ((...args: Parameters<PGlite["query"]>) => {
        parsedAgain++;
        return query(...args);
      }) as PGlite["query"];
      const transaction = pglite.transaction.bind(pglite);
      pglite.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) =>
        transaction((tx) => {
          const txQuery = tx.query.bind(tx);
          tx.query = ((...args: Parameters<typeof tx.query>) => {
            parsedAgain++;
            return txQuery(...args);
          }) as typeof tx.query;
          return callback(tx);
        })) as PGlite["transaction"];
    }
    const db = (t().kind === "pglite"
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as Pool, { schema, logger })) as unknown as Db;
    const transaction = db.transaction.bind(db);
    db.transaction = (async (...args: Parameters<Db["transaction"]>) => {
      seen.push("begin");
      try {
        return await transaction(...args);
      } finally {
        seen.push("commit");
      }
    }) as Db["transaction"];
    setPlatformDb({ db, kind: t().kind, close: async () => {} });
    clearTenantCache();
    oil = await demoProduct(t().db, t().spa.id, DEMO.oil);
  });

  beforeEach(() => jar.clear());

  const add = async () =>
    envelopeData(
      (
        await readEnvelope<CartDto>(
          storeApi(
            jsonRequest("spa.localhost", "POST", "/api/cart/items", {
              productId: oil.id,
              priceId: oil.priceId,
              quantity: 1,
            }),
          ),
        )
      ).body,
    );
  const read = async () =>
    envelopeData((await readEnvelope<CartDto | null>(storeApi(jsonRequest("spa.localhost", "GET", "/api/cart")))).body);

  it("an add is three statements under the cart's lock and one read after it; a read is one statement", async () => {
    // The first add starts the cart (and, in a fresh process, resolves the store).
    await add();
    for (const quantity of [2, 3]) {
      seen.length = 0;
      parsedAgain = 0;
      const cart = await add();
      expect(cart.items.map((i) => i.quantity)).toEqual([quantity]);
      expect(seen).toEqual(["begin", "update", "select", "update", "commit", "select"]);

      seen.length = 0;
      expect((await read())?.items.map((i) => i.quantity)).toEqual([quantity]);
      expect(seen).toEqual(["select"]);
      // Each of these statements runs on one the database parsed and planned once (node-postgres's
      // named query; on PGlite, platform/db/named-statements), not on its text sent again.
      expect(parsedAgain).toBe(0);
    }
  });

  it("two adds at once to one cart each hold the lock for their three statements and count both units", async () => {
    await add();
    seen.length = 0;
    const [a, b] = await Promise.all([add(), add()]);
    // Each answer is the cart once its own add is in: the second add's units may show in the first's.
    expect(Math.max(...[a, b].map((c) => c.items[0].quantity))).toBe(3);
    expect(seen.filter((s) => s === "begin")).toHaveLength(2);
    expect(seen.filter((s) => s !== "begin" && s !== "commit")).toHaveLength(8);
    expect((await read())?.items.map((i) => i.quantity)).toEqual([3]);
  });
});
