import { sql } from "drizzle-orm";
import { env } from "@/server/env";
import { OUTAGE_RETRY_AFTER_S } from "@/server/outage";

export const dynamic = "force-dynamic";

/** How long the database has to answer before the store says it is unavailable. */
const HEALTH_CHECK_MS = 2_000;

/** The embedded platform's database answers a query within HEALTH_CHECK_MS. */
async function databaseAnswers(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), HEALTH_CHECK_MS);
  });
  try {
    const { platformDb } = await import("@/platform/db");
    await Promise.race([platformDb().then(({ db }) => db.execute(sql`select 1`)), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness for load balancers and tests: 200 `{"status":"ok","database":"ok"}` when
 * the platform's database answers a query, else 503 `{"status":"unavailable","database":"unreachable"}`
 * (asked again on every call: it recovers with the database, no restart). A storefront using a
 * remote platform (PLATFORM_API_URL) has no database of its own to check.
 */
export async function GET() {
  const headers = { "cache-control": "no-store" };
  if (env().PLATFORM_API_URL) return Response.json({ status: "ok", database: "remote" }, { headers });
  return (await databaseAnswers())
    ? Response.json({ status: "ok", database: "ok" }, { headers })
    : Response.json(
        { status: "unavailable", database: "unreachable" },
        { status: 503, headers: { ...headers, "retry-after": String(OUTAGE_RETRY_AFTER_S) } },
      );
}
