import path from "node:path";
import { existsSync, readdirSync, readlinkSync } from "node:fs";
import nextEnv from "@next/env";
import { envSchema } from "@/server/env-schema";
import { openDatabase, type DbHandle } from "@/platform/db/client";

/**
 * The operator CLI's database: the one `npm start` would open (same .env files, DATABASE_URL or
 * DATA_DIR, same migrations), refused when a running server holds the PGlite folder.
 */

export const root = path.resolve(import.meta.dirname, "..");

/** An error the CLI reports in one line (exit code 1: usage, refusal; 2: the database is out of reach). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

export type CliEnv = { DATABASE_URL?: string; DATA_DIR: string; BASE_DOMAIN: string; SEED_DEMO: boolean };

export function cliEnv(): CliEnv {
  // @next/env is CommonJS: its functions hang off the default export under Node's ESM loader.
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: (...args: unknown[]) => console.error(...args) });
  if (process.env.PLATFORM_API_URL)
    throw new CliError(
      "PLATFORM_API_URL is set: this storefront's tenants live in that external platform, not in a database this CLI can open",
    );
  const cleaned = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema
    .pick({ DATABASE_URL: true, DATA_DIR: true, BASE_DOMAIN: true, SEED_DEMO: true })
    .safeParse(cleaned);
  if (!parsed.success)
    throw new CliError(
      `Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  return parsed.data;
}

/**
 * Processes other than this one with files of a PGlite folder open. PGlite writes postmaster.pid
 * while open (a dead process may leave it behind, which is harmless); on Linux, /proc tells which
 * process has the folder's files open. Elsewhere a present postmaster.pid answers "unknown".
 */
export function pgliteHolders(dataDir: string): number[] | "unknown" {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, "postmaster.pid"))) return [];
  if (!existsSync("/proc/self/fd")) return "unknown";
  const holders: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    const holds = fds.some((fd) => {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        return target === dir || target.startsWith(`${dir}/`);
      } catch {
        return false;
      }
    });
    if (holds) holders.push(pid);
  }
  return holders;
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");

/** Opens (and migrates) the database; `create`: a missing PGlite folder may be created (add, migrate). */
export async function openCliDatabase(
  env: CliEnv,
  opts: { create: boolean },
): Promise<{ handle: DbHandle; where: string }> {
  if (env.DATABASE_URL) {
    const where = `PostgreSQL ${redact(env.DATABASE_URL)}`;
    try {
      return { handle: await openDatabase({ url: env.DATABASE_URL, poolSize: 2 }), where };
    } catch (err) {
      // drizzle wraps the driver's error ("Failed query: CREATE SCHEMA …"); the cause says what is wrong.
      const cause = (err as { cause?: Error }).cause ?? (err as Error);
      throw new CliError(`Cannot open ${where}: ${cause.message || String(cause)}`, 2);
    }
  }
  const dataDir = path.resolve(root, env.DATA_DIR);
  const where = `PGlite ${path.relative(root, dataDir) || dataDir}`;
  if (!opts.create && !existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new CliError(
      `No database in ${dataDir} (DATA_DIR): start the storefront once, create a tenant with "add", or set DATABASE_URL`,
    );
  }
  const holders = pgliteHolders(dataDir);
  if (holders === "unknown" || holders.length > 0) {
    const who =
      holders === "unknown"
        ? "a process may be using it (postmaster.pid is present)"
        : `process ${holders.join(", ")} has it open`;
    throw new CliError(
      `${where} is in use: ${who}. PGlite allows one process per folder: stop the server (then run this again and start it) or use PostgreSQL (DATABASE_URL).` +
        (holders === "unknown"
          ? ` If no server runs, the file is left from a crash: start and stop the storefront once.`
          : ""),
    );
  }
  return { handle: await openDatabase({ dataDir }), where };
}
