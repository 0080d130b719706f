// The least a cart can do on the chosen stack: drizzle-orm on PGlite (embedded, in a folder of
// its own: BENCH_STACK_DATA_DIR) or on PostgreSQL (DATABASE_URL, a pool of 20 as the storefront's),
// three tables (carts, products, lines), no tenant, session, price rules or bookings. What
// `npm run bench:http` measures beside the storefront's cart, in the same run, as the cart's floor
// on this stack.
import { and, asc, eq } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const carts = pgTable("ref_carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  status: text("status").notNull().default("active"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export const products = pgTable("ref_products", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  amount: integer("amount").notNull(),
  stock: integer("stock"),
});
export const lines = pgTable("ref_cart_items", {
  id: uuid("id").primaryKey().defaultRandom(),
  cartId: uuid("cart_id")
    .notNull()
    .references(() => carts.id),
  productId: uuid("product_id")
    .notNull()
    .references(() => products.id),
  quantity: integer("quantity").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ref_carts (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), status text NOT NULL DEFAULT 'active', updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS ref_products (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, amount integer NOT NULL, stock integer);
CREATE TABLE IF NOT EXISTS ref_cart_items (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), cart_id uuid NOT NULL REFERENCES ref_carts(id), product_id uuid NOT NULL REFERENCES ref_products(id), quantity integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (cart_id, product_id));
INSERT INTO ref_products (name, amount, stock) SELECT 'Lavender oil', 4500, NULL WHERE NOT EXISTS (SELECT 1 FROM ref_products);`;

let opened;
/** The database, opened and its tables made once per process. */
export function database() {
  opened ??= open();
  return opened;
}

async function open() {
  if (process.env.DATABASE_URL) {
    const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
    await pool.query(SCHEMA);
    return drizzle(pool);
  }
  const [{ PGlite }, { drizzle }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
  const client = new PGlite({ dataDir: process.env.BENCH_STACK_DATA_DIR });
  await client.exec(SCHEMA);
  return drizzle(client);
}

export const COOKIE = "ref_cart";

/** The cart with its lines and total, or null. */
export async function readCart(db, cartId) {
  const rows = await db
    .select({ cart: carts, line: lines, product: products })
    .from(carts)
    .leftJoin(lines, eq(lines.cartId, carts.id))
    .leftJoin(products, eq(products.id, lines.productId))
    .where(eq(carts.id, cartId))
    .orderBy(asc(lines.createdAt), asc(lines.id));
  if (rows.length === 0) return null;
  const items = rows.flatMap(({ line, product }) =>
    line && product
      ? [
          {
            id: line.id,
            productId: product.id,
            name: product.name,
            quantity: line.quantity,
            amount: product.amount * line.quantity,
          },
        ]
      : [],
  );
  return {
    id: rows[0].cart.id,
    status: rows[0].cart.status,
    items,
    totalAmount: items.reduce((n, i) => n + i.amount, 0),
  };
}

/** Adds `quantity` of a product in one transaction (the cart's row locked, the stock checked), then reads the cart. */
export async function addItem(db, cartId, productId, quantity) {
  const added = await db.transaction(async (tx) => {
    const [cart] = await tx
      .update(carts)
      .set({ updatedAt: new Date() })
      .where(and(eq(carts.id, cartId), eq(carts.status, "active")))
      .returning({ id: carts.id });
    if (!cart) return false;
    const [row] = await tx
      .select({ product: products, line: lines })
      .from(products)
      .leftJoin(lines, and(eq(lines.cartId, cartId), eq(lines.productId, products.id)))
      .where(eq(products.id, productId))
      .limit(1);
    if (!row) return false;
    const next = (row.line?.quantity ?? 0) + quantity;
    if (row.product.stock !== null && next > row.product.stock) return false;
    if (row.line) await tx.update(lines).set({ quantity: next }).where(eq(lines.id, row.line.id));
    else await tx.insert(lines).values({ cartId, productId, quantity });
    return true;
  });
  return added ? readCart(db, cartId) : null;
}

export const newCart = async (db) => (await db.insert(carts).values({}).returning({ id: carts.id }))[0].id;
export const firstProduct = async (db) => (await db.select({ id: products.id }).from(products).limit(1))[0].id;
