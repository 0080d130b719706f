import { eq } from "drizzle-orm";
import { z } from "zod";
import { readJsonBody } from "@/contract/body";
import { errorResponse } from "@/contract/error-envelope";
import { env } from "@/contract/env";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { tenants } from "@/platform/db/schema";

export const dynamic = "force-dynamic";

const body = z.object({ tenant: z.string().min(1).max(63), settings: z.record(z.string().max(100), z.string().max(2000).nullable()) });

/**
 * POST /sandbox/operator/settings {tenant: slug, settings: {key: value | null}} — browser-test
 * servers only (SANDBOX_OPERATOR): merges settings into a tenant's map (null removes a key) and
 * forgets this process's cached tenants. The journeys use it to switch spa's card provider.
 */
export async function POST(req: Request): Promise<Response> {
  const e = env();
  if (!e.SANDBOX || !e.SANDBOX_OPERATOR || e.PLATFORM_API_URL) return new Response("Not found", { status: 404 });
  let sent: unknown;
  try {
    sent = await readJsonBody(req);
  } catch (err) {
    return errorResponse(err, "sandbox");
  }
  const parsed = body.safeParse(sent);
  if (!parsed.success) return Response.json({ error: { code: "SP:ValidationError", message: "Send {tenant, settings}" } }, { status: 400 });
  const { platformDb } = await import("@/platform/db");
  const { db } = await platformDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.slug, parsed.data.tenant)).for("update");
    if (!row) return null;
    const next = { ...row.settings };
    for (const [key, value] of Object.entries(parsed.data.settings)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    await tx.update(tenants).set({ settings: next }).where(eq(tenants.slug, parsed.data.tenant));
    return next;
  });
  if (!updated) return Response.json({ error: { code: "SP:TenantNotFound", message: "No such tenant" } }, { status: 404 });
  clearTenantCache();
  return Response.json({ data: { settings: updated } });
}
