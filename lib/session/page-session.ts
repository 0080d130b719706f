import "server-only";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { TenantDto } from "@/contract/dto/tenants";
import { decideSession } from "./session-policy";
import { readSession } from "./session";

/**
 * The session for server components, which may read cookies but not write them: a refresh there
 * would rotate the refresh token without storing the new one. So a page gets a valid token, or
 * "stale" when a route handler must refresh first (the page asks the browser to do it and then
 * renders again), or "signed-out". A session to be cleared reads as signed out; the next route
 * handler call (the header's session read) clears it.
 */
export type PageSession =
  | { status: "signed-in"; token: string; customerId: string }
  | { status: "stale" }
  | { status: "signed-out" };

export async function pageSession(tenant: TenantDto, now = Date.now()): Promise<PageSession> {
  const session = await readSession(tenant);
  switch (decideSession(session, tenant.id, now)) {
    case "use":
      return { status: "signed-in", token: session.accessToken as string, customerId: session.customerId as string };
    case "refresh":
      return { status: "stale" };
    default:
      return { status: "signed-out" };
  }
}

export type CustomerPage<T> = { status: "ok"; data: T } | { status: "stale" } | { status: "signed-out" };

/**
 * Loads a signed-in customer's page data with their token. A token the platform refuses (revoked,
 * another tenant's) is "stale": the browser's refresh then either renews it or signs out.
 */
export async function loadForCustomer<T>(
  tenant: TenantDto,
  load: (token: string) => Promise<T>,
): Promise<CustomerPage<T>> {
  const session = await pageSession(tenant);
  if (session.status !== "signed-in") return session;
  try {
    return { status: "ok", data: await load(session.token) };
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 401) return { status: "stale" };
    throw err;
  }
}
