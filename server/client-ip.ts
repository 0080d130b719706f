/**
 * The one reading of the client's address (the BFF passes it on to the platform, the platform's
 * router limits by it). The client's IP for rate limits: the LAST x-forwarded-for entry, which is the one our own
 * server (Next appends the socket address; the storefront's BFF forwards the visitor's) wrote —
 * earlier entries are whatever the client sent and cannot be trusted. "unknown" without one.
 */
export function clientIp(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const last = entries.at(-1);
  // Bounded, so a crafted header cannot grow the rate-limit keys.
  return last && last.length <= 64 ? last : "unknown";
}

/**
 * The client's user agent as the ad platforms' server events take it: printable, at most 400
 * characters (longer is cut), null without one.
 */
export function clientUserAgent(headers: Headers): string | null {
  const ua = (headers.get("user-agent") ?? "").replace(/[^\x20-\x7e]/g, "").trim();
  return ua ? ua.slice(0, 400) : null;
}

/** Who made a request, as an order's ad-platform events name them: its address and user agent (null when unknown). */
export type ClientContext = { ip: string | null; userAgent: string | null };

export function clientContext(headers: Headers): ClientContext {
  const ip = clientIp(headers);
  return { ip: ip === "unknown" ? null : ip, userAgent: clientUserAgent(headers) };
}
