// Installed in the server process (`--import` of scripts/server-preload.mjs, scripts/server-env.mjs) ahead of Next: a request whose
// path holds a malformed %-escape (`/%E0%A4%A`, `/products/%`) is answered 400 here. Next's router
// fails to decode such a path before any of the app's code runs and answers 500 with no page.
// API paths get the platform's error shape with a code; pages a small page in both languages,
// under a CSP that allows nothing to run. It also decides the visitor's address once
// (X-Forwarded-For believed only from TRUSTED_PROXIES), for the per-address limits. And while the
// database cannot be reached, a page's 500 becomes the "temporarily unavailable" page in the
// visitor's language, with 503 and Retry-After (the outage is noted by server/outage.ts). A fresh
// hit of the page cache is answered here, without Next (lib/page-cache/serve.ts, fastPage).
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { readChannel } from "../server/process-channels.mjs";

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
  const body = api
    ? JSON.stringify({ error: { code: "SP:ValidationError", message: "The address has a malformed %-escape" } })
    : PAGE;
  res.writeHead(400, {
    "content-type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "content-security-policy": NO_SCRIPT_CSP,
    "x-content-type-options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

const NO_SCRIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A page failing this soon after a failure to reach the database failed because of it. */
export const OUTAGE_WINDOW_MS = 15_000;
export const OUTAGE_RETRY_AFTER_S = 5;

// server/outage.ts notes the time of the last failure to reach the database.
const outageIsRecent = (now = Date.now()) => now - (readChannel("lastOutageAt") ?? -Infinity) < OUTAGE_WINDOW_MS;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's texts (messages/{locale}/outage.json), read once; English under /en, else Arabic (the store's default). */
const outageTexts = (() => {
  const cache = new Map();
  return (locale) => {
    if (!cache.has(locale))
      cache.set(
        locale,
        JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "messages", locale, "outage.json"), "utf8")),
      );
    return cache.get(locale);
  };
})();

export function outagePage(url) {
  const asked = (url ?? "/").split(/[?#]/)[0];
  // The "try again" link goes back to the page asked for, on this site only (never `//elsewhere`).
  const pathname = asked.startsWith("/") && !asked.startsWith("//") && !asked.includes("\\") ? asked : "/";
  const locale = pathname === "/en" || pathname.startsWith("/en/") ? "en" : "ar";
  const t = outageTexts(locale);
  const dir = locale === "ar" ? "rtl" : "ltr";
  // It tries again by itself (a meta refresh: no script under this CSP), and the link does at once.
  return `<!DOCTYPE html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="${OUTAGE_RETRY_AFTER_S * 2}"><title>${escapeHtml(t.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#1c1917}a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.5rem;background:#1f5f5b;color:#fff;text-decoration:none}</style></head><body><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.description)}</p><a href="${escapeHtml(pathname)}">${escapeHtml(t.retry)}</a></body></html>`;
}

/**
 * For a page (not /api/, not /_next/): if Next answers 500 while the database is out, the answer
 * is replaced — headers and body — by the outage page with 503 and Retry-After. Whatever Next
 * writes afterwards is dropped.
 */
export function answerOutagesOf(req, res) {
  const url = req.url ?? "/";
  if (url.startsWith("/api/") || url.startsWith("/_next/")) return;
  const { writeHead, write, end, setHeader } = res;
  let replaced = false;
  let sending = false;
  const callBack = (args) => {
    const callback = args.find((a) => typeof a === "function");
    if (callback) process.nextTick(callback);
  };
  /** Replaces the answer when it is a 500 during an outage (once); true from then on. */
  const replacedIf = (status) => {
    if (replaced) return true;
    if (status !== 500 || res.headersSent || !outageIsRecent()) return false;
    replaced = true;
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const body = outagePage(url);
    sending = true;
    writeHead.call(res, 503, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "retry-after": String(OUTAGE_RETRY_AFTER_S),
      "cache-control": "no-store",
      "content-security-policy": NO_SCRIPT_CSP,
      "x-content-type-options": "nosniff",
    });
    end.call(res, req.method === "HEAD" ? undefined : body);
    sending = false;
    return true;
  };
  // Every way out is watched: an explicit writeHead, or a write or end that sends the headers implicitly.
  res.writeHead = function (status, ...args) {
    return replacedIf(status) ? res : writeHead.call(this, status, ...args);
  };
  res.write = function (...args) {
    if (!replacedIf(res.statusCode)) return write.apply(this, args);
    callBack(args);
    return true;
  };
  res.end = function (...args) {
    if (!replacedIf(res.statusCode)) return end.apply(this, args);
    callBack(args);
    return res;
  };
  res.setHeader = function (...args) {
    return replaced && !sending ? res : setHeader.apply(this, args);
  };
}

const plain = (address) =>
  (address ?? "")
    .trim()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "")
    .toLowerCase();

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
  const hops = String(forwardedFor ?? "")
    .split(",")
    .map(plain)
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i])) return hops[i];
  return hops[0] ?? direct;
}

/** True when an Accept-Encoding header takes gzip (as Next's compression does: gzip, else none). */
export function acceptsGzip(value) {
  for (const part of String(value ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Writes a page-cache answer (its body a string or chunks of bytes), gzipped (off the main thread)
 * when the client takes it. Plain chunks go out as they are, in one write of the socket (corked).
 */
function answerFromPageCache(req, res, { status, headers, body }) {
  const send = (chunks, encoding) => {
    const length = chunks?.reduce((n, chunk) => n + chunk.length, 0);
    res.writeHead(
      status,
      chunks
        ? [...headers, ...(encoding ? [["content-encoding", encoding]] : []), ["content-length", String(length)]]
        : headers,
    );
    if (!chunks) return res.end();
    res.cork();
    for (const chunk of chunks) res.write(chunk);
    res.end();
  };
  if (body === null) return send(undefined);
  const plain = typeof body === "string" ? [Buffer.from(body)] : body;
  if (!acceptsGzip(req.headers["accept-encoding"])) return send(plain);
  zlib.gzip(Buffer.concat(plain), (err, zipped) => send(err ? plain : [zipped], err ? undefined : "gzip"));
}

/**
 * Puts the guard in front of every HTTP server of this process (scripts/server-preload.mjs; under
 * `next dev`, instrumentation-node.ts): malformed paths are refused, and X-Forwarded-For is
 * replaced by the one address the app may believe (Next keeps a client's own header and adds the
 * peer only when there is none).
 */
export function installRequestGuard(trusted = trustedProxies()) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res, ...rest) {
    if (event === "request") {
      if (malformedPath(req.url)) {
        refuseMalformed(req, res);
        return true;
      }
      req.headers["x-forwarded-for"] = clientAddress(
        req.socket?.remoteAddress,
        req.headers["x-forwarded-for"],
        trusted,
      );
      answerOutagesOf(req, res);
      // The page cache's answer (lib/page-cache/serve.ts, fastPage): a fresh hit, answered without
      // Next; null or a Promise of null for anything Next must handle.
      const fast = readChannel("pageCacheFastPath")?.(req);
      if (fast) {
        Promise.resolve(fast).then(
          (answer) => (answer ? answerFromPageCache(req, res, answer) : emit.call(this, event, req, res, ...rest)),
          () => emit.call(this, event, req, res, ...rest),
        );
        return true;
      }
    }
    return emit.call(this, event, req, res, ...rest);
  };
}
