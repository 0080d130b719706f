import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { tenantDomains, tenants } from "../db/schema";
import { isUuid } from "./ids";

export type TenantRow = typeof tenants.$inferSelect;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0"]);

/** Loopback names name the default store only outside a real deployment (production with SANDBOX off). */
export const loopbackIsDefaultStore = (e: { NODE_ENV: string; SANDBOX: boolean }) =>
  !(e.NODE_ENV === "production" && !e.SANDBOX);

/** resolveTenantByHost's options from the environment. */
export const hostOptions = (e: {
  BASE_DOMAIN: string;
  DEFAULT_TENANT: string;
  NODE_ENV: string;
  SANDBOX: boolean;
}) => ({
  baseDomain: e.BASE_DOMAIN,
  defaultSlug: e.DEFAULT_TENANT,
  loopback: loopbackIsDefaultStore(e),
});

/**
 * The characters of a host name as a Host header carries it (letters, digits, dots and hyphens;
 * a port's colon and an IPv6 literal's brackets). Anything else names no store and never reaches
 * a query: PostgreSQL refuses a NUL in text, which would answer `tenants/resolve?host=%00` with a 500.
 */
const HOST_CHARACTERS = /^[a-z0-9.\-:[\]]+$/;

/**
 * Host name → tenant: a custom domain first, then `<slug>.<base domain>`, then the default tenant
 * for the bare base domain and, unless `loopback` is false (a real deployment), loopback addresses.
 * Anything else is unknown (null).
 */
export async function resolveTenantByHost(
  db: Db,
  host: string,
  opts: { baseDomain: string; defaultSlug: string; loopback?: boolean },
): Promise<TenantRow | null> {
  const name = host.toLowerCase();
  if (!HOST_CHARACTERS.test(name)) return null;
  const [custom] = await db
    .select({ tenant: tenants })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
    .where(eq(tenantDomains.domain, name))
    .limit(1);
  if (custom) return custom.tenant;
  const base = opts.baseDomain.toLowerCase();
  let slug: string | null = null;
  if (name.endsWith(`.${base}`)) {
    slug = name.slice(0, -(base.length + 1));
    if (slug.includes(".")) return null;
  } else if (name === base || (opts.loopback !== false && LOOPBACK.has(name))) {
    slug = opts.defaultSlug;
  }
  if (!slug) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return row ?? null;
}

/** The store's canonical host: its first custom domain (the one attached earliest), else `<slug>.<baseDomain>`. */
export async function canonicalHost(db: Db, tenant: { id: string; slug: string }, baseDomain: string): Promise<string> {
  const [first] = await db
    .select({ domain: tenantDomains.domain })
    .from(tenantDomains)
    .where(eq(tenantDomains.tenantId, tenant.id))
    .orderBy(asc(tenantDomains.createdAt), asc(tenantDomains.domain))
    .limit(1);
  return first?.domain ?? `${tenant.slug}.${baseDomain.toLowerCase()}`;
}

/** The tenant of an id (the `__tenant` header of server-to-server calls); anything but a UUID names none. */
export async function getTenantById(db: Db, id: string): Promise<TenantRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}
