import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { specialists, tenants } from "@/platform/db/schema";
import { operatorRoute } from "../operator-route";

export const dynamic = "force-dynamic";

const body = z.object({
  tenant: z.string().min(1).max(63),
  name: z.string().min(1).max(120),
  daysOff: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).max(400),
});

/**
 * POST /sandbox/operator/specialist {tenant: slug, name: English name, daysOff: [YYYY-MM-DD]} —
 * browser-test servers only (SANDBOX_OPERATOR): sets a specialist's days off, as the store does when
 * someone can't come in. The journeys use it to take a specialist away while a shopper's page shows
 * them free.
 */
export const POST = operatorRoute(body, "Send {tenant, name, daysOff}", async ({ tenant, name, daysOff }) => {
  const { platformDb } = await import("@/platform/db");
  const { db } = await platformDb();
  const owner = db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, tenant));
  const updated = await db
    .update(specialists)
    .set({ daysOff })
    .where(and(inArray(specialists.tenantId, owner), eq(specialists.nameEn, name)))
    .returning({ id: specialists.id });
  if (updated.length === 0)
    return Response.json({ error: { code: "SP:EntityNotFound", message: "No such specialist" } }, { status: 404 });
  return Response.json({ data: { id: updated[0].id } });
});
