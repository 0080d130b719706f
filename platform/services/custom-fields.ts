import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { customFieldDefinitions, uploads } from "../db/schema";
import { PlatformError } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { checkFieldValue, normalizeFieldValue, type FieldRule } from "@/rules/custom-field-values";
import { localized } from "./catalog";

type Conn = Db | Tx;
export type CustomFieldDefinitionRow = typeof customFieldDefinitions.$inferSelect;

/** The tenant's definitions in display order. */
export function loadCustomFieldDefinitions(db: Conn, tenantId: string): Promise<CustomFieldDefinitionRow[]> {
  return db
    .select()
    .from(customFieldDefinitions)
    .where(eq(customFieldDefinitions.tenantId, tenantId))
    .orderBy(asc(customFieldDefinitions.sortOrder), asc(customFieldDefinitions.name));
}

export function toCustomFieldDto(d: CustomFieldDefinitionRow, locale: Locale): CustomFieldDefinitionDto {
  return {
    name: d.name,
    label: localized(locale, d.labelAr, d.labelEn),
    type: d.type,
    ...(d.type === "select"
      ? { options: (d.options ?? []).map((o) => ({ value: o.value, label: localized(locale, o.labelAr, o.labelEn) })) }
      : {}),
    isRequired: d.isRequired,
  };
}

/** GET customer/checkout-custom-fields. */
export async function listCustomFields(
  db: Conn,
  tenantId: string,
  locale: Locale,
): Promise<CustomFieldDefinitionDto[]> {
  return (await loadCustomFieldDefinitions(db, tenantId)).map((d) => toCustomFieldDto(d, locale));
}

/** Profile complete: a name, and every required field has a value (spec §3 profile-complete flag). */
export function isProfileComplete(name: string, values: Record<string, string>, rules: FieldRule[]): boolean {
  return name.trim() !== "" && rules.every((r) => !r.isRequired || (values[r.name] ?? "") !== "");
}

const fieldError = (code: string, field: string) => {
  const messages: Record<string, string> = {
    "SP:CustomFieldValueIsRequired": "This field is required",
    "SP:ValueMustBeNumber": "The value must be a number",
    "SP:ValueMustBeDate": "The value must be a date (YYYY-MM-DD)",
    "SP:OptionIsNotValid": "The value is not one of the options",
  };
  return new PlatformError(code, 400, messages[code] ?? "The value is not valid", { field });
};

/**
 * The values after applying `changes` to `current`, checked against the rules: a key sent replaces
 * the field ("" or null clears it), a key not sent keeps its value, a name no rule knows is refused
 * (SP:ValidationError, details.field) rather than silently dropped, so a typo never looks saved.
 * Stored values of fields the tenant has since removed are dropped. Every rule is checked on the
 * result, so a required field can be neither cleared nor left empty.
 */
export function mergeFieldValues(
  rules: FieldRule[],
  current: Record<string, string>,
  changes: Record<string, string | number | null>,
): Record<string, string> {
  const byName = new Map(rules.map((r) => [r.name, r]));
  for (const name of Object.keys(changes))
    if (!byName.has(name))
      throw new PlatformError("SP:ValidationError", 400, "There is no such field", { field: name });
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const value = Object.hasOwn(changes, rule.name)
      ? normalizeFieldValue(rule, changes[rule.name])
      : (current[rule.name] ?? "");
    const code = checkFieldValue(rule, value);
    if (code) throw fieldError(code, rule.name);
    if (value !== "") result[rule.name] = value;
  }
  return result;
}

/**
 * Document and image values must name the customer's own uploads (of an image type for image
 * fields): a name from someone else, another tenant or nowhere is refused with details.field.
 */
export async function checkUploadValues(
  db: Conn,
  tenantId: string,
  customerId: string,
  rules: FieldRule[],
  values: Record<string, string>,
): Promise<void> {
  const fileRules = rules.filter((r) => (r.type === "document" || r.type === "image") && values[r.name]);
  if (fileRules.length === 0) return;
  const names = fileRules.map((r) => values[r.name]);
  const owned = await db
    .select({ name: uploads.storedName, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.customerId, customerId), inArray(uploads.storedName, names)));
  const typeOf = new Map(owned.map((u) => [u.name, u.contentType]));
  for (const rule of fileRules) {
    const contentType = typeOf.get(values[rule.name]);
    if (!contentType) throw new PlatformError("SP:UploadNotFound", 400, "Upload the file again", { field: rule.name });
    if (rule.type === "image" && !contentType.startsWith("image/"))
      throw new PlatformError("SP:UnsupportedFileType", 400, "This field takes an image", { field: rule.name });
  }
}
