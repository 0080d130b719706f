import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { tenantWhatsApp, type WhatsAppTemplate } from "../db/schema";
import { PlatformError } from "../errors";
import { maskSecret } from "../services/tenant-admin-payments";
import { tenantBySlug } from "../services/tenant-admin";
import { MESSAGE_KINDS } from "./kinds";

// The operator's side of a tenant's WhatsApp sender (`npm run tenant -- whatsapp <slug> ...`): the
// file is checked whole before anything is written; the access token is kept server side and
// shown masked, like a payment account's secret key.

export type WhatsAppInput = {
  phoneNumberId: string;
  accessToken: string;
  templates: Record<string, WhatsAppTemplate>;
};

type Issue = { key: string; message: string };

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
// Meta's template language codes: "ar", "en", "en_US", …
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

/** The file's problems, one per key (empty when it can be written). */
export function whatsappIssues(input: unknown): Issue[] {
  const issues: Issue[] = [];
  const v = (input ?? {}) as Record<string, unknown>;
  if (typeof v.phoneNumberId !== "string" || !/^\d{5,20}$/.test(v.phoneNumberId))
    issues.push({ key: "phoneNumberId", message: "the WhatsApp phone number id (digits, from Meta's app dashboard)" });
  if (typeof v.accessToken !== "string" || v.accessToken.trim().length < 10)
    issues.push({ key: "accessToken", message: "the system user's access token" });
  const templates = v.templates;
  if (!templates || typeof templates !== "object" || Array.isArray(templates)) {
    issues.push({ key: "templates", message: "an object: message kind → {name, languages: {ar?, en?}}" });
    return issues;
  }
  for (const [kind, t] of Object.entries(templates as Record<string, unknown>)) {
    const key = `templates.${kind}`;
    if (!(MESSAGE_KINDS as readonly string[]).includes(kind)) {
      issues.push({ key, message: `not a message kind (${MESSAGE_KINDS.join(", ")})` });
      continue;
    }
    const tpl = (t ?? {}) as { name?: unknown; languages?: Record<string, unknown> };
    if (typeof tpl.name !== "string" || !TEMPLATE_NAME.test(tpl.name))
      issues.push({ key: `${key}.name`, message: "the approved template's name (a-z, 0-9, _)" });
    const languages = tpl.languages && typeof tpl.languages === "object" ? tpl.languages : {};
    const codes = Object.entries(languages);
    if (codes.length === 0) issues.push({ key: `${key}.languages`, message: "at least one of ar, en" });
    for (const [locale, code] of codes) {
      if (locale !== "ar" && locale !== "en")
        issues.push({ key: `${key}.languages.${locale}`, message: "the store's languages are ar and en" });
      else if (typeof code !== "string" || !LANGUAGE.test(code))
        issues.push({ key: `${key}.languages.${locale}`, message: "Meta's language code, e.g. ar, en, en_US" });
    }
  }
  return issues;
}

/** Sets (or replaces) the tenant's sender; `baseUrl`: null for Meta's Graph API, "sandbox", or a URL. */
export async function setWhatsApp(
  db: Db,
  slug: string,
  input: unknown,
  baseUrl: string | null,
): Promise<{ replaced: boolean; kinds: string[] }> {
  const issues = whatsappIssues(input);
  if (issues.length > 0)
    throw new PlatformError("SP:ValidationError", 400, "The WhatsApp file is not valid", { issues });
  const v = input as WhatsAppInput;
  const tenant = await tenantBySlug(db, slug);
  const row = {
    phoneNumberId: v.phoneNumberId,
    accessToken: v.accessToken.trim(),
    baseUrl,
    templates: v.templates,
    updatedAt: new Date(),
  };
  const [before] = await db.select().from(tenantWhatsApp).where(eq(tenantWhatsApp.tenantId, tenant.id));
  await db
    .insert(tenantWhatsApp)
    .values({ tenantId: tenant.id, ...row })
    .onConflictDoUpdate({ target: tenantWhatsApp.tenantId, set: row });
  return { replaced: !!before, kinds: Object.keys(v.templates) };
}

/** Removes the sender: every message goes by text from then on. */
export async function removeWhatsApp(db: Db, slug: string): Promise<boolean> {
  const tenant = await tenantBySlug(db, slug);
  const rows = await db
    .delete(tenantWhatsApp)
    .where(eq(tenantWhatsApp.tenantId, tenant.id))
    .returning({ id: tenantWhatsApp.tenantId });
  return rows.length > 0;
}

/** The sender as an operator may see it: the token masked. */
export async function describeWhatsApp(db: Db, slug: string) {
  const tenant = await tenantBySlug(db, slug);
  const [row] = await db.select().from(tenantWhatsApp).where(eq(tenantWhatsApp.tenantId, tenant.id));
  if (!row) return null;
  return {
    phoneNumberId: row.phoneNumberId,
    accessToken: maskSecret(row.accessToken),
    api: row.baseUrl ?? "live",
    templates: row.templates,
  };
}
