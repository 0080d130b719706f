import { describe, expect, it, vi } from "vitest";
import { drizzle } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import * as schema from "@/platform/db/schema";
import type { Db } from "@/platform/db/client";
import { AddCartItemInput } from "@/contract/input/cart";
import { addCartItem, createCart, getCart, updateCartItem, type CartScope } from "@/platform/services/cart";
import pg from "pg";
import { describeEachDb, testDatabaseKinds } from "./helpers/test-db";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";

// The cart's add and read are the store's hottest calls, and on the embedded database every
// statement is planned and run on the server's one thread (QUALITY.md: cart p95 at 20 customers).
// A cart read is one statement (plus one read of bookings per timed line); an add is the row lock,
// one read of the product with its lines already in the cart and the write, in a transaction, then that read.
const NO_CUSTOMER = "00000000-0000-4000-8000-000000000001";

describeEachDb(
  "cart statements",
  (t) => {
    /** The same database through a drizzle instance that counts the statements it sends (BEGIN and COMMIT aside). */
    const counted = () => {
      const seen: string[] = [];
      const db = drizzle((t().db as unknown as { $client: PGlite }).$client, {
        schema,
        logger: { logQuery: (q) => seen.push(q) },
      }) as unknown as Db;
      return { db, seen };
    };

    describe("merchandise", () => {
      it("reads a cart of two lines in one statement, and adds to it in four", async () => {
        const { db, seen } = counted();
        const scope: CartScope = { tenantId: t().spa.id, customerId: null };
        const [oil, salts] = [
          await demoProduct(db, t().spa.id, DEMO.oil),
          await demoProduct(db, t().spa.id, DEMO.salts),
        ];
        const cartId = (await createCart(db, scope, "en")).id;
        await addCartItem(
          db,
          scope,
          cartId,
          AddCartItemInput.parse({ productId: oil.id, priceId: oil.priceId }),
          "en",
          t().now,
        );
        await addCartItem(
          db,
          scope,
          cartId,
          AddCartItemInput.parse({ productId: salts.id, priceId: salts.priceId }),
          "en",
          t().now,
        );

        seen.length = 0;
        const cart = await getCart(db, scope, cartId, "en");
        expect(cart.items.map((i) => [i.product.id, i.quantity, i.available])).toEqual([
          [oil.id, 1, expect.any(Number)],
          [salts.id, 1, expect.any(Number)],
        ]);
        expect(seen).toHaveLength(1);

        seen.length = 0;
        const more = await addCartItem(
          db,
          scope,
          cartId,
          AddCartItemInput.parse({ productId: oil.id, priceId: oil.priceId }),
          "en",
          t().now,
        );
        expect(more.items.map((i) => i.quantity)).toEqual([2, 1]);
        expect(seen.map((q) => q.split(" ")[0])).toEqual(["update", "select", "update", "select"]);

        seen.length = 0;
        await updateCartItem(db, scope, cartId, more.items[1].id, { quantity: 2 }, "en", t().now);
        expect(seen.map((q) => q.split(" ")[0])).toEqual(["update", "select", "select", "update", "select"]);
      });
    });

    it("builds the read's statement once per connection: later reads, a guest's or a customer's, only run it", async () => {
      const { db, seen } = counted();
      const guest: CartScope = { tenantId: t().spa.id, customerId: null };
      const oil = await demoProduct(db, t().spa.id, DEMO.oil);
      const cartId = (await createCart(db, guest, "en")).id;
      await addCartItem(
        db,
        guest,
        cartId,
        AddCartItemInput.parse({ productId: oil.id, priceId: oil.priceId }),
        "en",
        t().now,
      );
      const [customer] = await db
        .insert(schema.customers)
        .values({ tenantId: t().spa.id, mobileNumber: "+966501234999" })
        .returning({ id: schema.customers.id });
      const owned = (await createCart(db, { tenantId: t().spa.id, customerId: customer.id }, "en")).id;

      const select = vi.spyOn(db, "select");
      seen.length = 0;
      expect((await getCart(db, guest, cartId, "en")).items.map((i) => i.product.id)).toEqual([oil.id]);
      expect((await getCart(db, { tenantId: t().spa.id, customerId: customer.id }, owned, "en")).id).toBe(owned);
      // The guest's statement does not reveal a customer's cart, nor the customer's another's.
      await expect(getCart(db, guest, owned, "en")).rejects.toMatchObject({ status: 404 });
      await expect(getCart(db, { tenantId: t().spa.id, customerId: NO_CUSTOMER }, owned, "en")).rejects.toMatchObject({
        status: 404,
      });
      expect(seen).toHaveLength(4);
      expect(select).not.toHaveBeenCalled();
    });

    it("reads the bookings of a timed line for what it may still hold, one read per such line", async () => {
      const { db, seen } = counted();
      const scope: CartScope = { tenantId: t().spa.id, customerId: null };
      const pool = await demoProduct(db, t().spa.id, DEMO.pool);
      const cartId = (await createCart(db, scope, "en")).id;
      await addCartItem(
        db,
        scope,
        cartId,
        AddCartItemInput.parse({
          productId: pool.id,
          priceId: pool.priceId,
          reservationDateFrom: at(t().now, 3, 10),
          units: 2,
        }),
        "en",
        t().now,
      );
      seen.length = 0;
      const cart = await getCart(db, scope, cartId, "en");
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0].available).toBe(1);
      expect(seen).toHaveLength(2);
      expect(seen[1]).toMatch(/from "bookings"/);
    });
  },
  { kinds: ["pglite"] },
);

// A transaction holds one PostgreSQL connection: its reads go one after another (node-postgres
// only queues queries sent to a client at once, a use it deprecates and pg 9 refuses).
describeEachDb(
  "a transaction's connection",
  (t) => {
    it("never gets a query while another runs on it: adds of timed lines with specialists, and their reads, three lines deep", async () => {
      type Client = { _activeQuery: unknown; _queryQueue: unknown[]; query: (...args: unknown[]) => unknown };
      const proto = pg.Client.prototype as unknown as Client;
      const original = proto.query;
      const overlaps: string[] = [];
      proto.query = function (this: Client, ...args: unknown[]) {
        if (this._activeQuery || this._queryQueue.length > 0)
          overlaps.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 80));
        return original.apply(this, args);
      };
      try {
        const scope: CartScope = { tenantId: t().spa.id, customerId: null };
        const massage = await demoProduct(t().db, t().spa.id, DEMO.massage);
        const cartId = (await createCart(t().db, scope, "en")).id;
        for (const hour of [10, 12, 14]) {
          await addCartItem(
            t().db,
            scope,
            cartId,
            AddCartItemInput.parse({
              productId: massage.id,
              priceId: massage.priceId,
              reservationDateFrom: at(t().now, 2, hour),
            }),
            "en",
            t().now,
          );
        }
        const cart = await getCart(t().db, scope, cartId, "en");
        expect(cart.items).toHaveLength(3);
        expect(cart.items.every((i) => typeof i.available === "number")).toBe(true);
        expect(overlaps).toEqual([]);
      } finally {
        proto.query = original;
      }
    });
  },
  { kinds: testDatabaseKinds().filter((k) => k === "postgres") },
);
