import { domainToASCII } from "node:url";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { tenantDomains, tenantPaymentAccounts, tenants, type PaymentAccounts } from "../db/schema";
import { PlatformError, validation } from "../errors";
import { parseLanguages } from "@/contract/tenant-settings";
import { checkSettings, settingsTogetherIssues, type SettingsIssue } from "./tenant-settings-check";

/**
 * Operator tooling (`npm run tenant`): create tenants, attach custom domains, write
 * settings. Every change is checked first and made in one transaction, so a refused command
 * changes nothing. Running servers see a change within their tenant cache's 30 s.
 */

export type AdminOptions = { baseDomain: string };

export const tenantNotFound = (slug: string) =>
  new PlatformError("SP:TenantNotFound", 404, `No tenant with the slug "${slug}"`);

/** Refused settings: every invalid key with its message, in `details.issues`. */
const invalidSettings = (issues: SettingsIssue[]) =>
  validation(`${issues.length} invalid setting${issues.length === 1 ? "" : "s"}; nothing was changed`, { issues });

export function settingsIssuesOf(err: unknown): SettingsIssue[] {
  const issues = err instanceof PlatformError ? err.details?.issues : undefined;
  return Array.isArray(issues) ? (issues as SettingsIssue[]) : [];
}

/** A slug is a DNS label: it becomes the store's address `<slug>.<BASE_DOMAIN>`. */
export function checkSlug(slug: string): string {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(slug) || slug.includes("--")) {
    throw validation(
      `Invalid slug "${slug}": 1–63 lowercase letters, digits and single hyphens, not starting or ending with a hyphen (it becomes <slug>.<BASE_DOMAIN>)`,
    );
  }
  return slug;
}

/** A custom domain as stored: lower-case ASCII (punycode), no trailing dot; refused when it is not a public host name. */
export function normaliseDomain(input: string, opts: AdminOptions): string {
  const raw = input.trim().toLowerCase().replace(/\.$/, "");
  if (raw.includes("/") || raw.includes(":"))
    throw validation(
      `Invalid domain "${input}": give the host name only (shop.example.com), without scheme, port or path`,
    );
  const ascii = domainToASCII(raw);
  const labels = ascii.split(".");
  const valid =
    ascii.length > 0 &&
    ascii.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) &&
    !/^\d+$/.test(labels[labels.length - 1]);
  if (!valid)
    throw validation(`Invalid domain "${input}": a host name like shop.example.com (no IP address, no localhost)`);
  const base = opts.baseDomain.toLowerCase();
  // <slug>.<BASE_DOMAIN> names are the platform's own: a custom domain there would take another store's address.
  if (ascii === base || ascii.endsWith(`.${base}`)) {
    throw validation(
      `"${ascii}" is under BASE_DOMAIN (${base}): every tenant already answers at <slug>.${base}; a custom domain is a name of the tenant's own`,
    );
  }
  return ascii;
}

export async function tenantBySlug(db: Db | Tx, slug: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw tenantNotFound(slug);
  return row;
}

export type SettingsResult = { added: string[]; changed: string[]; removed: string[]; unchanged: number };

function diffSettings(before: Record<string, string>, after: Record<string, string>): SettingsResult {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const result: SettingsResult = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const k of keys) {
    if (!(k in before)) result.added.push(k);
    else if (!(k in after)) result.removed.push(k);
    else if (before[k] !== after[k]) result.changed.push(k);
    else result.unchanged++;
  }
  return result;
}

/** Creates a tenant; `settings` (parsed JSON) is checked like `setSettings(…, {replace: true})`. */
export async function addTenant(
  db: Db,
  input: { slug: string; name: string; settings?: unknown },
): Promise<{ id: string; slug: string; name: string }> {
  const slug = checkSlug(input.slug);
  const name = input.name.trim();
  if (name === "" || name.length > 200) throw validation("The name must be 1–200 characters");
  let settings: Record<string, string> = {};
  if (input.settings !== undefined) {
    const checked = checkSettings(input.settings, { allowNull: false });
    if (!checked.ok) throw invalidSettings(checked.issues);
    settings = checked.change.set;
    const together = settingsTogetherIssues(settings);
    if (together.length > 0) throw invalidSettings(together);
  }
  const [row] = await db
    .insert(tenants)
    .values({ slug, name, settings })
    .onConflictDoNothing({ target: tenants.slug })
    .returning({ id: tenants.id, slug: tenants.slug, name: tenants.name });
  if (!row) throw new PlatformError("SP:TenantAlreadyExists", 409, `A tenant with the slug "${slug}" already exists`);
  return row;
}

/**
 * Writes settings from a parsed JSON document. Merge (default): the file's keys are set, a null
 * removes its key, other keys stay. Replace: the file becomes the whole map.
 */
export async function setSettings(
  db: Db,
  slug: string,
  input: unknown,
  opts: { replace: boolean },
): Promise<SettingsResult> {
  const checked = checkSettings(input, { allowNull: !opts.replace });
  if (!checked.ok) throw invalidSettings(checked.issues);
  return db.transaction(async (tx) => {
    const row = await tenantBySlug(tx, slug, { lock: true });
    const next = opts.replace ? { ...checked.change.set } : { ...row.settings, ...checked.change.set };
    for (const key of checked.change.remove) delete next[key];
    const together = settingsTogetherIssues(next);
    if (together.length > 0) throw invalidSettings(together);
    await tx.update(tenants).set({ settings: next }).where(eq(tenants.id, row.id));
    return diffSettings(row.settings, next);
  });
}

/** Attaches a custom domain; one already on this tenant is fine, one on another tenant is refused. */
export async function attachDomain(
  db: Db,
  slug: string,
  input: string,
  opts: AdminOptions,
): Promise<{ domain: string; alreadyAttached: boolean }> {
  const domain = normaliseDomain(input, opts);
  const tenant = await tenantBySlug(db, slug);
  const [inserted] = await db
    .insert(tenantDomains)
    .values({ domain, tenantId: tenant.id })
    .onConflictDoNothing({ target: tenantDomains.domain })
    .returning();
  if (inserted) return { domain, alreadyAttached: false };
  const [owner] = await db
    .select({ slug: tenants.slug, id: tenants.id })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
    .where(eq(tenantDomains.domain, domain));
  if (owner?.id === tenant.id) return { domain, alreadyAttached: true };
  if (owner)
    throw new PlatformError(
      "SP:DomainTaken",
      409,
      `The domain ${domain} belongs to the tenant "${owner.slug}"; remove it there first`,
    );
  // Removed between our insert and this look-up: nothing was changed, another try will do.
  throw new PlatformError(
    "SP:DomainTaken",
    409,
    `The domain ${domain} changed meanwhile; nothing was changed, run the command again`,
  );
}

export async function removeDomain(
  db: Db,
  slug: string,
  input: string,
  opts: AdminOptions,
): Promise<{ domain: string }> {
  const domain = normaliseDomain(input, opts);
  const tenant = await tenantBySlug(db, slug);
  const removed = await db
    .delete(tenantDomains)
    .where(and(eq(tenantDomains.domain, domain), eq(tenantDomains.tenantId, tenant.id)))
    .returning();
  if (removed.length === 0)
    throw new PlatformError("SP:EntityNotFound", 404, `The domain ${domain} is not attached to "${slug}"`);
  return { domain };
}

/** Where a provider account sends the server: the live API, this app's sandbox, or another URL. */
export type ProviderApi = "live" | "sandbox" | { url: string };
export const providerApiOf = (baseUrl: string | undefined): ProviderApi =>
  !baseUrl ? "live" : baseUrl === "sandbox" ? "sandbox" : { url: baseUrl };
export const describeApi = (api: ProviderApi) => (typeof api === "string" ? api : api.url);

export type TenantSummary = {
  slug: string;
  name: string;
  domains: string[];
  languages: string[];
  providers: Record<string, ProviderApi>;
};

/** Every tenant with its domains, languages and provider APIs — never a key. */
export async function listTenants(db: Db): Promise<TenantSummary[]> {
  const [rows, domains, accounts] = await Promise.all([
    db
      .select({ id: tenants.id, slug: tenants.slug, name: tenants.name, settings: tenants.settings })
      .from(tenants)
      .orderBy(asc(tenants.slug)),
    db.select().from(tenantDomains).orderBy(asc(tenantDomains.domain)),
    db.select().from(tenantPaymentAccounts),
  ]);
  return rows.map((t) => ({
    slug: t.slug,
    name: t.name,
    domains: domains.filter((d) => d.tenantId === t.id).map((d) => d.domain),
    languages: parseLanguages(t.settings.frontendLanguages),
    providers: providersOf(accounts.find((a) => a.tenantId === t.id)?.accounts ?? {}),
  }));
}

export function providersOf(accounts: PaymentAccounts): Record<string, ProviderApi> {
  const entries = Object.entries(accounts).sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries.map(([provider, account]) => [provider, providerApiOf(account?.baseUrl)]));
}

/** One tenant with its settings map (public: it reaches the browser) and domains; payment accounts come from tenant-admin-payments. */
export async function loadTenant(db: Db, slug: string) {
  const row = await tenantBySlug(db, slug);
  const domains = await db
    .select({ domain: tenantDomains.domain })
    .from(tenantDomains)
    .where(eq(tenantDomains.tenantId, row.id))
    .orderBy(asc(tenantDomains.createdAt), asc(tenantDomains.domain));
  const [accounts] = await db
    .select({ accounts: tenantPaymentAccounts.accounts })
    .from(tenantPaymentAccounts)
    .where(eq(tenantPaymentAccounts.tenantId, row.id));
  return { row, domains: domains.map((d) => d.domain), accounts: accounts?.accounts ?? {} };
}
