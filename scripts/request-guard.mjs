// Installed in the server process (`--import` of scripts/request-guard-preload.mjs, scripts/server-env.mjs) ahead of Next: a request whose
// path holds a malformed %-escape (`/%E0%A4%A`, `/products/%`) is answered 400 here. Next's router
// fails to decode such a path before any of the app's code runs and answered 500 with no page.
// API paths get the platform's error shape with a code; pages a small page in both languages,
// under a CSP that allows nothing to run. It also decides the visitor's address once
// (X-Forwarded-For believed only from TRUSTED_PROXIES), for the per-address limits.
import http from "node:http";

/** True when the path (not the query) of `url` has a `%` not followed by a valid UTF-8 escape. */
export function malformedPath(url) {
  const path = (url ?? "/").split(/[?#]/)[0];
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

const PAGE = `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>العنوان غير صالح — This address is not valid</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#1c1917}a{color:#1f5f5b}</style></head><body><h1>العنوان غير صالح</h1><p>تحقّق من الرابط، أو <a href="/">عُد إلى الصفحة الرئيسية</a>.</p><div lang="en" dir="ltr"><h1>This address is not valid</h1><p>Check the link, or <a href="/en">go back to the home page</a>.</p></div></body></html>`;

export function refuseMalformed(req, res) {
  const api = (req.url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ error: { code: "SP:ValidationError", message: "The address has a malformed %-escape" } }) : PAGE;
  res.writeHead(400, {
    "content-type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

const plain = (address) => (address ?? "").trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "").toLowerCase();

/** TRUSTED_PROXIES: the addresses of the load balancers or proxies in front of this server, comma-separated. */
export function trustedProxies(value = process.env.TRUSTED_PROXIES) {
  return new Set((value ?? "").split(",").map(plain).filter(Boolean));
}

/**
 * The visitor's address: the connection's peer, unless the peer is a trusted proxy — then the
 * nearest X-Forwarded-For entry, from the right, that is not one of the trusted proxies. An
 * X-Forwarded-For from anyone else is ignored (it is whatever the client wrote).
 */
export function clientAddress(peer, forwardedFor, trusted) {
  const direct = plain(peer);
  if (!trusted.has(direct)) return direct;
  const hops = String(forwardedFor ?? "").split(",").map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i])) return hops[i];
  return hops[0] ?? direct;
}

/**
 * Puts the guard in front of every HTTP server of this process (scripts/request-guard-preload.mjs):
 * malformed paths are refused, and X-Forwarded-For is replaced by the one address the app may
 * believe (Next keeps a client's own header and adds the peer only when there is none).
 */
export function installRequestGuard(trusted = trustedProxies()) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res, ...rest) {
    if (event === "request") {
      if (malformedPath(req.url)) {
        refuseMalformed(req, res);
        return true;
      }
      req.headers["x-forwarded-for"] = clientAddress(req.socket?.remoteAddress, req.headers["x-forwarded-for"], trusted);
    }
    return emit.call(this, event, req, res, ...rest);
  };
}
