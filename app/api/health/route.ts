import { env } from "@/contract/env";

export const dynamic = "force-dynamic";

/** Liveness and readiness: answers 200 once the platform database is open, for load balancers and tests. */
export async function GET() {
  try {
    if (!env().PLATFORM_API_URL) {
      const { platformDb } = await import("@/platform/db");
      await platformDb();
    }
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
}
