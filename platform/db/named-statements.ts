import "server-only";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** A statement's text run with its values on a statement the database keeps parsed, as PGlite's query answers. */
type NamedQuery = (text: string, params: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * Where an embedded database's runner is kept: on the PGlite instance itself, under a symbol of the
 * process's registry, so that every bundle of the server that imports this module finds it.
 */
const RUNNER = Symbol.for("storefront.pglite.namedQuery");

type WithRunner = { [RUNNER]?: NamedQuery };

/**
 * The types drizzle's PGlite queries keep as PostgreSQL's text (timestamps, intervals, dates and
 * their arrays): each of its prepared queries brings its own parsers for them, which return the
 * value as it is.
 */
const TEXT_TYPES = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const keepAsText = (value: string) => value;

/**
 * A query's options without parsers that only keep text types as text, which the database's own
 * then do (fitForDrizzle): PGlite copies its parsers of every type the database has (over 300)
 * into a new object for each query that brings parsers of its own, and drizzle's bring theirs on
 * every call, in a new object for each query it builds.
 */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const own = options?.parsers;
  if (!own) return options;
  for (const type in own) if (!TEXT_TYPES.has(Number(type))) return options;
  return { ...options, parsers: undefined };
}

/**
 * Fits a PGlite database to drizzle's queries. Its own parsers keep drizzle's text types as text,
 * set once it has started (its start sets the array types' parsers), so that its queries run
 * without drizzle's (withoutTextParsers). And it gets named statements, as node-postgres has for a
 * query with a name. PGlite's own query sends the statement's text on every call, and the embedded
 * server parses and plans it each time: for the cart's read (five tables) that is most of its cost. Here each text is parsed
 * once, under a name of its own, and each call only binds its values and executes; the server plans
 * it as PostgreSQL plans any prepared statement (custom plans first, then a generic one if as good).
 * Runs under PGlite's two locks, as its query does; a transaction's statements under its own
 * (see inTransaction).
 */
export async function fitForDrizzle(pg: PGlite): Promise<void> {
  const { protocol, parse } = await import("@electric-sql/pglite");
  await pg.waitReady;
  for (const type of TEXT_TYPES) pg.parsers[type] = keepAsText;
  const { serialize } = protocol;
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  // Written to the data folder after each call outside a transaction, as PGlite's query does.
  const send = (inTransaction: boolean, ...parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    return pg.execProtocol(message, { syncToFs: !inTransaction });
  };
  // Other parsers than drizzle's are merged with the database's once per options object.
  const parsersWith = oncePer((own: NonNullable<QueryOptions["parsers"]>) => ({ ...pg.parsers, ...own }));
  const runNamed = async (
    text: string,
    params: unknown[],
    givenOptions: QueryOptions | undefined,
    inTransaction: boolean,
  ) => {
    const options = withoutTextParsers(givenOptions);
    let statement = statements.get(text);
    if (!statement) {
      const name = `sf_${statements.size + 1}`;
      const { messages } = await send(
        inTransaction,
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
      statements.set(text, statement);
    }
    // Each value in its text form, by its parameter's type, as PGlite's query sends it.
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]] ?? pg.serializers[paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await send(
      inTransaction,
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    );
    if (!options?.parsers) return parse.parseResults(messages, pg.parsers, options)[0];
    return parse.parseResults(messages, parsersWith(options.parsers), { ...options, parsers: undefined })[0];
  };
  const run: NamedQuery = async (text, params, options) => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => runNamed(text, params, options, false)));
  };
  // Every other query, the database's own and a transaction's, without drizzle's parsers.
  const query = pg.query.bind(pg);
  pg.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutTextParsers(options))) as PGlite["query"];
  // A transaction's own runner: its callback already holds the transaction lock, as its query does.
  const transaction = pg.transaction.bind(pg);
  pg.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, withoutTextParsers(options))) as Transaction["query"];
      (tx as unknown as WithRunner)[RUNNER] = (text, params, options) => {
        if (tx.closed) throw new Error("Transaction is closed");
        return pg._runExclusiveQuery(() => runNamed(text, params, options, true));
      };
      return callback(tx);
    })) as PGlite["transaction"];
  (pg as unknown as WithRunner)[RUNNER] = run;
}

/**
 * Runs a query drizzle prepared on `db` (with `.prepare`) on a named statement of the database:
 * PGlite's with the runner above, when the database has one. node-postgres already does so for a
 * query prepared with a name, once per connection; a transaction's queries stay as they are.
 */
export function onNamedStatement<T>(db: object, prepared: T): T {
  const client = (db as { $client?: WithRunner }).$client;
  const run = client?.[RUNNER];
  if (run) {
    (prepared as unknown as { client: { query: NamedQuery } }).client = {
      query: (text, params, options) => run(text, params, options),
    };
  }
  return prepared;
}

/**
 * A query drizzle prepared on the database, run inside transaction `tx` on the transaction's
 * connection: built once instead of again in each transaction, and on a named statement (PGlite's
 * with the runner above; node-postgres's, once per connection, for a query prepared with a name).
 */
export function inTransaction<T extends object>(tx: object, prepared: T): T {
  const client = (tx as { session: { client: WithRunner } }).session.client;
  const run = client[RUNNER];
  return Object.create(prepared, { client: { value: run ? { query: run } : client } }) as T;
}

/** `build`'s answer for each object (a database, a transaction, a query's options), made on first use and kept while the object lives. */
export function oncePer<C extends object, V>(build: (conn: C) => V): (conn: C) => V {
  const held = new WeakMap<C, V>();
  return (conn) => {
    let value = held.get(conn);
    if (value === undefined) held.set(conn, (value = build(conn)));
    return value;
  };
}
