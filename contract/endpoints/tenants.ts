import { z } from "zod";
import { TenantDto } from "../dto/tenants";
import { endpoint } from "../endpoint";
import { IdParams } from "../input/ids";
import { ResolveTenantQuery } from "../input/tenants";

/** For storefront servers (embedded, or on PLATFORM_API_URL): host → tenant, and when its pages changed. */
export const tenants = {
  resolve: endpoint({
    method: "GET",
    path: "tenants/resolve",
    auth: "operator",
    summary: "The tenant of a host name, with its public settings and payment addresses (no secrets)",
    query: ResolveTenantQuery,
    response: TenantDto,
    codes: ["SP:TenantNotFound"],
  }),
  contentVersion: endpoint({
    method: "GET",
    path: "tenants/:id/content-version",
    auth: "operator",
    summary:
      "A summary of everything the tenant's pages show: it changes with any change to them (the storefront's page cache keys pages by it)",
    params: IdParams,
    response: z.object({ version: z.string() }),
    codes: ["SP:TenantNotFound"],
  }),
};
