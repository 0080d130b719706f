/**
 * A link a tenant setting may hold (the announcement's): a path on the store ("/products") or an
 * http(s) URL; anything else (javascript:, protocol-relative "//host") is null, so a setting cannot
 * become an injection or an open redirect.
 */
export function safeLink(link: string): { href: string; external: boolean } | null {
  if (link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\")) return { href: link, external: false };
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? { href: url.toString(), external: true } : null;
  } catch {
    return null;
  }
}
