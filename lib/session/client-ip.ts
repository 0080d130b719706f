import "server-only";

/**
 * The visitor's IP for the platform's per-IP send limit: the LAST x-forwarded-for entry, the one
 * appended by the server in front of us (Next's own server appends the socket address). Earlier
 * entries are whatever the client chose to send, so they are never trusted.
 */
export function clientIp(req: Request): string {
  const entries = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const last = entries.at(-1);
  return last && last.length <= 64 ? last : "unknown";
}
