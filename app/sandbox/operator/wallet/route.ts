import { z } from "zod";
import { readJsonBody } from "@/contract/body";
import { errorResponse } from "@/contract/error-envelope";
import { env } from "@/contract/env";

export const dynamic = "force-dynamic";

const body = z.object({ tenant: z.string().min(1).max(63), certificate: z.unknown().nullable() });

/**
 * POST /sandbox/operator/wallet {tenant: slug, certificate: wallet.json's content | null} —
 * browser-test servers only (SANDBOX_OPERATOR): what `npm run tenant -- wallet` does (null removes
 * it), for journeys that need a store with (or without) its Apple Wallet certificate.
 */
export async function POST(req: Request): Promise<Response> {
  const e = env();
  if (!e.SANDBOX || !e.SANDBOX_OPERATOR || e.PLATFORM_API_URL) return new Response("Not found", { status: 404 });
  try {
    const parsed = body.safeParse(await readJsonBody(req));
    if (!parsed.success) return Response.json({ error: { code: "SP:ValidationError", message: "Send {tenant, certificate}" } }, { status: 400 });
    const { platformDb } = await import("@/platform/db");
    const { setWalletCertificate, removeWalletCertificate } = await import("@/platform/services/wallet-passes");
    const { clearTenantCache } = await import("@/lib/platform-client/tenants");
    const { db } = await platformDb();
    if (parsed.data.certificate === null) await removeWalletCertificate(db, parsed.data.tenant);
    else await setWalletCertificate(db, parsed.data.tenant, parsed.data.certificate);
    clearTenantCache();
    return Response.json({ data: { ok: true } });
  } catch (err) {
    return errorResponse(err, "sandbox");
  }
}
