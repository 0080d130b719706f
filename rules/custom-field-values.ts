import { isDay } from "@/rules/riyadh-time";

/**
 * Checks of one custom-field (or preset-field) value against its definition, with the spec's codes
 * (§5, §8). Pure and client-safe: the platform enforces them, and a form may run them first.
 */

export type FieldKind = "text" | "number" | "date" | "select" | "document" | "image";
export type FieldRule = { name: string; type: FieldKind; isRequired: boolean; options?: { value: string }[] | null };

export const MAX_TEXT_VALUE_LENGTH = 500;

export type FieldValueCode =
  | "SP:CustomFieldValueIsRequired"
  | "SP:ValueMustBeNumber"
  | "SP:ValueMustBeDate"
  | "SP:OptionIsNotValid"
  | "SP:ValidationError";

const toLatinDigits = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

const NUMBER_RE = /^-?\d{1,15}(\.\d{1,6})?$/;

/**
 * The value as it is stored: trimmed, digits of numbers and dates made Latin, "" for empty.
 * Control characters (and lone surrogates) never belong in a value and are refused by `checkFieldValue`.
 */
export function normalizeFieldValue(rule: FieldRule, raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return "";
  const text = String(raw).trim();
  return rule.type === "number" || rule.type === "date" ? toLatinDigits(text) : text;
}

/**
 * null when the (normalized) value fits the rule; else the code. Document and image values are
 * upload names: that they name one of the customer's uploads is the platform's check.
 */
export function checkFieldValue(rule: FieldRule, value: string): FieldValueCode | null {
  if (value === "") return rule.isRequired ? "SP:CustomFieldValueIsRequired" : null;
  if (/[\p{Cc}\p{Cs}]/u.test(value) && rule.type !== "text") return "SP:ValidationError";
  switch (rule.type) {
    case "text":
      // Line breaks are fine in a text value; other control characters are not.
      return value.length > MAX_TEXT_VALUE_LENGTH || /[\p{Cs}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u.test(value)
        ? "SP:ValidationError"
        : null;
    case "number":
      return NUMBER_RE.test(value) ? null : "SP:ValueMustBeNumber";
    case "date":
      return isDay(value) && value >= "1900-01-01" && value <= "2999-12-31" ? null : "SP:ValueMustBeDate";
    case "select":
      return (rule.options ?? []).some((o) => o.value === value) ? null : "SP:OptionIsNotValid";
    case "document":
    case "image":
      return value.length <= 100 ? null : "SP:ValidationError";
  }
}
