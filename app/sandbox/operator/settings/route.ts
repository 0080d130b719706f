import { eq } from "drizzle-orm";
import { z } from "zod";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { tenants } from "@/platform/db/schema";
import { operatorRoute } from "../operator-route";

export const dynamic = "force-dynamic";

const body = z.object({
  tenant: z.string().min(1).max(63),
  settings: z.record(z.string().max(100), z.string().max(2000).nullable()),
});

/**
 * POST /sandbox/operator/settings {tenant: slug, settings: {key: value | null}} — browser-test
 * servers only (SANDBOX_OPERATOR): merges settings into a tenant's map (null removes a key) and
 * forgets this process's cached tenants. The journeys use it to switch spa's card provider.
 */
export const POST = operatorRoute(body, "Send {tenant, settings}", async ({ tenant, settings }) => {
  const { platformDb } = await import("@/platform/db");
  const { db } = await platformDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.slug, tenant))
      .for("update");
    if (!row) return null;
    const next = { ...row.settings };
    for (const [key, value] of Object.entries(settings)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    await tx.update(tenants).set({ settings: next }).where(eq(tenants.slug, tenant));
    return next;
  });
  if (!updated)
    return Response.json({ error: { code: "SP:TenantNotFound", message: "No such tenant" } }, { status: 404 });
  clearTenantCache();
  return Response.json({ data: { settings: updated } });
});
