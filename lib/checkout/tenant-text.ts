/**
 * A tenant's free text (the custom terms message) as plain text: the operator may have written
 * HTML, but the storefront never renders it as markup. Line breaks (<br>, paragraphs, list items)
 * become new lines, every other tag is dropped, the common entities are decoded, and the result is
 * rendered by React as text (escaped), with `white-space: pre-line`.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

export function plainTenantText(input: string | null | undefined): string {
  if (!input) return "";
  const text = input
    .replace(/\r\n?/g, "\n")
    // Whole elements whose content is never text to show.
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "• ")
    .replace(/<[^>]*>/g, "")
    // Entities last, so that an encoded "&lt;b&gt;" shows as the characters it names, not as a tag.
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]);
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
