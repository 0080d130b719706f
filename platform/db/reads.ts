import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

/**
 * Independent reads: at once on the pool (each on a connection of its own), one after another in a
 * transaction. A transaction holds one connection, and node-postgres only queues the queries sent
 * to a client at once: a use it deprecates and pg 9 refuses. PGlite runs one statement at a time
 * either way.
 */
export async function independentReads<T extends readonly unknown[]>(
  conn: Db | Tx,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const thunks = reads as readonly (() => Promise<unknown>)[];
  if (!(conn instanceof PgTransaction)) return (await Promise.all(thunks.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of thunks) answers.push(await read());
  return answers as unknown as T;
}
