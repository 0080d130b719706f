import { TenantDto } from "../dto/tenants";
import { endpoint } from "../endpoint";
import { ResolveTenantQuery } from "../input/tenants";

/** For storefront servers running against this platform (PLATFORM_API_URL): host → tenant. */
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
};
