/**
 * Headers on every answer (pages, API, files): next.config.ts sets them, and the proxy's page
 * cache (which answers before Next's own header rules) sets them on its pages too. The pages'
 * CSP is separate: it carries each response's nonce (lib/security/csp.ts).
 */
export function securityHeaders(production = process.env.NODE_ENV === "production"): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self)"],
    // Browsers honour it only over HTTPS; a production deployment terminates TLS in front (README).
    ...(production
      ? ([["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]] as [string, string][])
      : []),
  ];
}
