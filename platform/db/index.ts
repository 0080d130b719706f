import "server-only";
import path from "node:path";
import { env } from "@/server/env";
import { processSingleton } from "@/server/process-channels.mjs";
import { openDatabase, type DbHandle } from "./client";
import { seedDemo } from "../seed/demo";

/** One database handle per process, whichever bundle of the server opens it first. */
const slot = processSingleton("platformDb", () => ({ handle: undefined as Promise<DbHandle> | undefined }));

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
  slot.handle ??= open().catch((err) => {
    slot.handle = undefined;
    throw err;
  });
  return slot.handle;
}

/** For tests: use this handle instead of opening one from the environment. */
export function setPlatformDb(handle: DbHandle) {
  slot.handle = Promise.resolve(handle);
}
