import "server-only";
import path from "node:path";
import { env } from "@/contract/env";
import { openDatabase, type DbHandle } from "./client";
import { seedDemo } from "../seed/demo";

const globalForDb = globalThis as unknown as { __platformDb?: Promise<DbHandle> };

async function open(): Promise<DbHandle> {
  const e = env();
  const handle = await openDatabase({
    ...(e.DATABASE_URL
      ? { url: e.DATABASE_URL }
      : { dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), e.DATA_DIR) }),
    seed: e.SEED_DEMO ? (db) => seedDemo(db) : undefined,
  });
  const close = () => {
    handle.close().finally(() => process.exit(0));
  };
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
  return handle;
}

/** The embedded platform's database, opened (migrated, seeded) once per process. */
export function platformDb(): Promise<DbHandle> {
  globalForDb.__platformDb ??= open().catch((err) => {
    globalForDb.__platformDb = undefined;
    throw err;
  });
  return globalForDb.__platformDb;
}

/** For tests: use this handle instead of opening one from the environment. */
export function setPlatformDb(handle: DbHandle) {
  globalForDb.__platformDb = Promise.resolve(handle);
}
