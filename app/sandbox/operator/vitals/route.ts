import { z } from "zod";
import { VITALS_KEPT_DAYS } from "@/rules/web-vitals";
import { operatorRoute } from "../operator-route";

export const dynamic = "force-dynamic";

const body = z.object({ tenant: z.string().min(1).max(63), days: z.number().int().min(1).max(VITALS_KEPT_DAYS) });

/**
 * POST /sandbox/operator/vitals {tenant: slug, days} — browser-test servers only
 * (SANDBOX_OPERATOR): the store's Web Vitals report, as `npm run tenant -- vitals` prints it
 * (`text`) and its figures (`report`), read from the server's own database, which the journey's
 * process cannot open beside it.
 */
export const POST = operatorRoute(body, "Send {tenant, days}", async ({ tenant, days }) => {
  const [{ platformDb }, { formatVitalsReport, vitalsReport }] = await Promise.all([
    import("@/platform/db"),
    import("@/platform/services/web-vitals"),
  ]);
  const { db } = await platformDb();
  const report = await vitalsReport(db, tenant, { days });
  return Response.json({ data: { report, text: formatVitalsReport(tenant, days, report) } });
});
