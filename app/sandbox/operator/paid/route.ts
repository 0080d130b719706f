import { z } from "zod";
import { operatorRoute } from "../operator-route";

export const dynamic = "force-dynamic";

const body = z.object({ tenant: z.string().min(1).max(63), orderNumber: z.string().min(1).max(20) });

/**
 * POST /sandbox/operator/paid {tenant: slug, orderNumber} — browser-test servers only
 * (SANDBOX_OPERATOR): records a cash or bank-transfer order as paid, as the store does with
 * `npm run tenant -- paid` once it has the money. The journeys use it to see what a paid order gives.
 */
export const POST = operatorRoute(body, "Send {tenant, orderNumber}", async ({ tenant, orderNumber }) => {
  const [{ platformDb }, { recordOfflinePayment }] = await Promise.all([
    import("@/platform/db"),
    import("@/platform/services/record-payment"),
  ]);
  const { db } = await platformDb();
  return Response.json({ data: await recordOfflinePayment(db, tenant, orderNumber) });
});
