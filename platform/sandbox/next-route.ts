import "server-only";
import { env } from "@/server/env";
import { handleSandbox, sandboxPath } from "./index";

/**
 * The Next route handler of app/sandbox/[provider]/[...path]: 404 unless sandboxes are on, this
 * app embeds the platform (an external platform serves its own sandboxes) and the path names a
 * provider's sandbox. No tenant: a sandbox is the provider's, and its objects belong to the API
 * key's account.
 */
export async function sandboxRoute(req: Request): Promise<Response> {
  const e = env();
  const target = sandboxPath(req.url);
  if (!e.SANDBOX || e.PLATFORM_API_URL || !target) {
    return Response.json({ error: "Not found" }, { status: 404, headers: { "cache-control": "no-store" } });
  }
  const { platformDb } = await import("@/platform/db");
  return handleSandbox(req, (await platformDb()).db, target.provider, target.path);
}
