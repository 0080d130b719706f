import { isDay } from "@/rules/riyadh-time";

/**
 * A day typed as people in the Gulf write it, day first: "25/12/1990", "25-12-1990", "٢٥/١٢/١٩٩٠".
 * Date fields are plain text fields with this order written in the page's language, not the
 * browser's date field, whose mask ("mm/dd/yyyy") follows the device's language, not the page's.
 */

const latin = (text: string) =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** The ISO day ("1990-12-25") a typed day names, or null when it names none (yet). */
export function parseTypedDay(text: string): string | null {
  const t = latin(text).trim();
  if (isDay(t)) return t;
  const m = /^(\d{1,2})\s*[/\-.\s]\s*(\d{1,2})\s*[/\-.\s]\s*(\d{4})$/.exec(t);
  if (!m) return null;
  const day = `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return isDay(day) ? day : null;
}

/** An ISO day as the field shows it ("25/12/1990"); anything else as it is. */
export function showTypedDay(value: string): string {
  return isDay(value) ? value.split("-").reverse().join("/") : value;
}
