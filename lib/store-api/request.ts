import type { Locale } from "@/contract/tenant-settings";

/** `?locale=` wins over Accept-Language; a language the tenant does not offer falls back to its first. */
export function localeForRequest(req: Request, offered: readonly Locale[]): Locale {
  const asked = new URL(req.url).searchParams.get("locale");
  const header = req.headers.get("accept-language") ?? "";
  const wanted: Locale = asked === "en" || asked === "ar" ? asked : /^\s*en\b/i.test(header) ? "en" : "ar";
  return offered.includes(wanted) ? wanted : (offered[0] ?? "ar");
}

/**
 * A browser sends Origin on every POST/PUT/DELETE fetch; one from another host is a cross-site
 * request riding on the shopper's cookie. Requests without Origin (curl, server code) are allowed.
 */
export function isForeignOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin || req.method === "GET" || req.method === "HEAD") return false;
  try {
    return new URL(origin).host.toLowerCase() !== (req.headers.get("host") ?? "").toLowerCase();
  } catch {
    return true;
  }
}
