import "server-only";
import { env } from "@/server/env";
import { handleSandbox, sandboxPath, type SandboxProvider } from "./index";

/**
 * The Next route handler of app/sandbox/<provider>/[...path]: 404 unless sandboxes are on and this
 * app embeds the platform (an external platform serves its own sandboxes). No tenant: a sandbox
 * is the provider's, and its objects belong to the API key's account.
 */
export function sandboxRoute(provider: SandboxProvider): (req: Request) => Promise<Response> {
  return async (req) => {
    const e = env();
    const target = sandboxPath(req.url);
    if (!e.SANDBOX || e.PLATFORM_API_URL || target?.provider !== provider) {
      return Response.json({ error: "Not found" }, { status: 404, headers: { "cache-control": "no-store" } });
    }
    const { platformDb } = await import("@/platform/db");
    return handleSandbox(req, (await platformDb()).db, provider, target.path);
  };
}
