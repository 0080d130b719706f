import { handlePlatformRequest } from "@/platform/api";
import type { TenantInfo } from "@/platform/api/router";
import type { Db } from "@/platform/db/client";
import type { ApiError } from "@/contract/errors";

export type ApiAnswer<T> = {
  status: number;
  body: { data: T; error?: undefined } | { data?: undefined; error: ApiError };
};

/** One platform API request through the router, as the embedded storefront or a browser makes it. */
export async function apiCall<T = unknown>(
  db: Db,
  tenant: TenantInfo,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; locale?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { "accept-language": opts.locale ?? "en", ...opts.headers };
  if (body) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const req = new Request(`http://${tenant.slug}.localhost/api/app/${path}`, { method, body, headers });
  const res = await handlePlatformRequest(req, path.split("?")[0], tenant, db);
  return { status: res.status, body: await res.json() };
}
