import { CONVERSION_PLATFORMS, type ConversionPlatform } from "@/platform/db/schema";
import { listConversionsSandbox } from "@/platform/sandbox/conversions";
import { outboxAccess } from "../sms/outbox-access";

export const dynamic = "force-dynamic";

/**
 * GET /sandbox/conversions[?platform=meta] — the server events the conversions sandbox took from
 * the host's store, newest first, as JSON (the demo and the browser tests read it).
 */
export async function GET(req: Request) {
  const access = await outboxAccess(req.headers.get("host"));
  if (!access)
    return Response.json(
      { error: { code: "SP:RouteNotFound", message: "Not found" } },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  const platform = new URL(req.url).searchParams.get("platform");
  const events = await listConversionsSandbox(access.db, access.tenant.id);
  const only = (CONVERSION_PLATFORMS as readonly string[]).includes(platform ?? "")
    ? (platform as ConversionPlatform)
    : null;
  return Response.json(
    { events: only ? events.filter((e) => e.platform === only) : events },
    { headers: { "cache-control": "no-store" } },
  );
}
