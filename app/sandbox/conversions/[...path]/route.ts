import { env } from "@/server/env";
import { conversionsSandbox } from "@/platform/sandbox/conversions";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path: string[] }> };

/**
 * POST /sandbox/conversions/<meta|tiktok|snap|ga4>/<the platform's API path> — the ad platforms'
 * server event APIs' sandbox (platform/sandbox/conversions.ts). 404 unless sandboxes are on and
 * this app embeds the platform.
 */
export async function POST(req: Request, { params }: Params) {
  const e = env();
  if (!e.SANDBOX || e.PLATFORM_API_URL)
    return Response.json(
      { error: { code: "SP:RouteNotFound", message: "Not found" } },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  const { platformDb } = await import("@/platform/db");
  return conversionsSandbox(req, (await platformDb()).db, (await params).path);
}
