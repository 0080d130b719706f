import { z } from "zod";
import { operatorRoute } from "../operator-route";

export const dynamic = "force-dynamic";

const body = z.object({ tenant: z.string().min(1).max(63), certificate: z.unknown().nullable() });

/**
 * POST /sandbox/operator/wallet {tenant: slug, certificate: wallet.json's content | null} —
 * browser-test servers only (SANDBOX_OPERATOR): what `npm run tenant -- wallet` does (null removes
 * it), for journeys that need a store with (or without) its Apple Wallet certificate.
 */
export const POST = operatorRoute(body, "Send {tenant, certificate}", async ({ tenant, certificate }) => {
  const { platformDb } = await import("@/platform/db");
  const { setWalletCertificate, removeWalletCertificate } = await import("@/platform/services/wallet-passes");
  const { clearTenantCache } = await import("@/lib/platform-client/tenants");
  const { db } = await platformDb();
  if (certificate === null || certificate === undefined) await removeWalletCertificate(db, tenant);
  else await setWalletCertificate(db, tenant, certificate);
  clearTenantCache();
  return Response.json({ data: { ok: true } });
});
