import { z } from "zod";
import { env } from "@/lib/env";
import { platformDb } from "../db";
import { PlatformError } from "../errors";
import { loadPaymentAccounts, publicPaymentEndpoints } from "../providers/accounts";
import { resolveTenantByHost } from "../services/tenants";
import { publicSettings } from "../services/website";

const query = z.object({ host: z.string().min(1).max(253) });

/**
 * GET api/app/tenants/resolve?host= — for a storefront running against this platform
 * (PLATFORM_API_URL): host name → tenant with its public settings (secret keys stay on the platform). Served on platform-only hosts alone.
 */
export async function resolveTenantRoute(req: Request): Promise<Response> {
  const { host } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const e = env();
  const { db } = await platformDb();
  const row = await resolveTenantByHost(db, host.toLowerCase(), { baseDomain: e.BASE_DOMAIN, defaultSlug: e.DEFAULT_TENANT });
  if (!row) throw new PlatformError("SP:TenantNotFound", 404, "No store at this address");
  const payments = publicPaymentEndpoints(await loadPaymentAccounts(db, row.id), row.settings.onlinePaymentProvider, e.SANDBOX);
  return Response.json({ data: { id: row.id, slug: row.slug, name: row.name, settings: publicSettings(row.settings), payments } }, { headers: { "cache-control": "no-store" } });
}
