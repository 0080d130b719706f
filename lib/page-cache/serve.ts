import { LRUCache } from "lru-cache";
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pagePolicy } from "@/lib/security/csp";
import { securityHeaders } from "@/lib/security/headers";
import { siteKeyFromHost, splitLocale } from "@/lib/site-routing";
import { processSingleton, writeChannel } from "@/server/process-channels.mjs";
import { askContentVersion } from "./content-version";
import { fillPath, NO_STORE, pageCacheKey } from "./policy";
import { PageStore, pageBytes, withNonce, type CachedPage } from "./store";

/**
 * The proxy's page cache: a page every visitor sees alike is rendered once per tenant, language
 * and content version, then answered from memory with a fresh CSP nonce per response.
 *
 * A miss renders the page through this same server (a "fill": a request to itself carrying the
 * process's secret, which the proxy passes to Next with a placeholder nonce instead of a fresh
 * one); the placeholder is replaced by each response's own nonce. An entry is fresh while the
 * tenant's content version (asked through the contract, memoised for a second) is the one
 * read before it was rendered; after PAGE_TTL_MS it is served once more while it is rendered again.
 */

export const PAGE_TTL_MS = 60_000;
const VERSION_MEMO_MS = 1_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Response headers of a fill worth keeping (the LCP image's preload hint among them). */
const KEPT_HEADERS = ["content-type", "link", "content-language", "x-robots-tag"];

/** Content versions asked per site, for a second each; bounded, so made-up Host names leave nothing behind. */
type State = {
  store: PageStore;
  placeholder: string;
  fillSecret: string;
  inflight: Map<string, Promise<CachedPage | null>>;
  versions: LRUCache<string, Promise<string | null>>;
  /** Where versions come from: the platform, through the contract (replaced in tests). */
  askVersion: (site: string) => Promise<string | null>;
};

function randomHex(bytes: number) {
  const b = new Uint8Array(bytes);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** One per process: the proxy's bundle and the request guard's fast path answer from the same pages. */
export function pageCache(): State {
  return processSingleton("pageCache", () => ({
    store: new PageStore(MAX_BYTES),
    placeholder: `sfnonce${randomHex(16)}`,
    fillSecret: randomHex(24),
    inflight: new Map(),
    versions: new LRUCache({ max: 1000, ttl: VERSION_MEMO_MS }),
    askVersion: askContentVersion,
  }));
}

export const pageCacheEnabled = () => process.env.PAGE_CACHE !== "off";

/** A fill request of this process (never one from outside: the secret is per process). */
export function fillSite(request: NextRequest): string | null {
  const secret = request.headers.get("x-sf-fill");
  return secret && secret === pageCache().fillSecret ? request.headers.get("x-sf-site") : null;
}

/**
 * The tenant's content version, asked at most once a second per store; null when it cannot be
 * told. A site that is no store (a made-up Host name) is not remembered here: the tenants'
 * negative cache already is, bounded on its own.
 */
function contentVersion(site: string): Promise<string | null> {
  const { versions, askVersion } = pageCache();
  const memo = versions.get(site);
  if (memo) return memo;
  const value = askVersion(site).catch((err) => {
    console.error("[page-cache] content version unavailable", err);
    return null;
  });
  versions.set(site, value);
  void value.then((v) => v === NO_STORE && versions.delete(site));
  return value;
}

function fillOrigin() {
  return process.env.PAGE_CACHE_ORIGIN || `http://127.0.0.1:${process.env.PORT || 3000}`;
}

async function fill(key: string, site: string, pathname: string, status = 200): Promise<CachedPage | null> {
  const state = pageCache();
  const version = await contentVersion(site);
  try {
    const res = await fetch(`${fillOrigin()}${fillPath(pathname, key)}`, {
      headers: { "x-sf-fill": state.fillSecret, "x-sf-site": site, "accept-encoding": "identity" },
      redirect: "manual",
      cache: "no-store",
    });
    const body = await res.text();
    if (res.status !== status || !res.headers.get("content-type")?.startsWith("text/html")) return null;
    const headers = KEPT_HEADERS.flatMap((h): [string, string][] => {
      const v = res.headers.get(h);
      return v ? [[h, v]] : [];
    });
    const page: CachedPage = {
      parts: pageBytes(body, state.placeholder),
      status,
      headers,
      version,
      storedAt: Date.now(),
    };
    state.store.set(key, page);
    return page;
  } catch (err) {
    console.error("[page-cache] could not render", pathname, err);
    return null;
  }
}

function fillOnce(key: string, site: string, pathname: string, status = 200): Promise<CachedPage | null> {
  const { inflight } = pageCache();
  let p = inflight.get(key);
  if (!p) {
    p = fill(key, site, pathname, status).finally(() => inflight.delete(key));
    inflight.set(key, p);
  }
  return p;
}

/** A stored page still shows what its store shows (a version that cannot be told counts as the same). */
const showsVersion = (page: CachedPage, version: string | null) => version === null || page.version === version;
/** A stored page young enough to answer without rendering it again. */
const young = (page: CachedPage) => Date.now() - page.storedAt < PAGE_TTL_MS;

type Cached = { page: CachedPage; state: "hit" | "miss" | "stale" };

/**
 * A Host name that is no store gets the one page every such name shows (app/not-found.tsx: the
 * same words whatever the name, path or language), rendered once for a name that can never be a
 * store (.invalid is reserved) and stored under a key no store's page has: a scanner's thousands
 * of made-up names cost a lookup each, not a render each, and leave one entry behind.
 */
export const NO_STORE_SITE = "no-store.invalid";
const NO_STORE_KEY = "|no-store|";

/** The page stored under a key when it still shows `version` (hit, or stale while it is rendered again), else rendered now (miss). */
async function storedOrFilled(
  key: string,
  site: string,
  pathname: string,
  version: string | null,
  status = 200,
): Promise<Cached | null> {
  const page = pageCache().store.get(key);
  if (page && showsVersion(page, version)) {
    if (young(page)) return { page, state: "hit" };
    void fillOnce(key, site, pathname, status);
    return { page, state: "stale" };
  }
  const filled = await fillOnce(key, site, pathname, status);
  return filled ? { page: filled, state: "miss" } : null;
}

/** The cached page for a key, rendered when missing or out of date; null ⇒ let Next render it. */
export async function cachedPage(key: string, site: string, pathname: string): Promise<Cached | null> {
  const version = await contentVersion(site);
  return version === NO_STORE
    ? storedOrFilled(NO_STORE_KEY, NO_STORE_SITE, "/", null, 404)
    : storedOrFilled(key, site, pathname, version);
}

/** An answer from the cache, before it becomes a response of Next's or of node:http's: its body as chunks to write in turn. */
export type PageAnswer = { status: number; headers: [string, string][]; body: Buffer[] | null };

/** A cached page as one answer: its own nonce in the body and in the CSP header. */
function pageAnswer(page: CachedPage, method: string, cacheState: string): PageAnswer {
  const nonce = newNonce();
  const headers: [string, string][] = [
    ...page.headers,
    ...securityHeaders(),
    ["content-security-policy", pagePolicy(nonce)],
    // The body carries a per-response nonce: no shared cache may keep it.
    ["cache-control", "private, no-cache"],
    ["x-sf-cache", cacheState],
    // The same URL answers a flight payload to the router: as Next's own answers say.
    ["vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, accept-encoding"],
  ];
  const body = method === "HEAD" ? null : withNonce(page, nonce);
  return { status: page.status, headers, body };
}

/** A cached page as this response of the proxy's. */
export function respondWithPage(page: CachedPage, method: string, cacheState: string): NextResponse {
  const answer = pageAnswer(page, method, cacheState);
  return new NextResponse(answer.body && Buffer.concat(answer.body), {
    status: answer.status,
    headers: new Headers(answer.headers),
  });
}

/** A request as node:http hands it over (the request guard's view, before Next has seen it). */
export type RawRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

/**
 * The page cache ahead of Next: a request the proxy would answer with a fresh hit, answered the
 * same (same key, same freshness rule, same headers and nonce handling) without Next's router,
 * proxy and response pipeline — two thirds of a cached page's cost. Anything else answers null at
 * once (a miss, a stale entry, a fill, a redirect, another page), and Next and the proxy handle
 * it as usual; a Promise only when there is an entry whose content version must be asked.
 */
export function fastPage(
  req: RawRequest,
  isPlatformHost: (site: string) => boolean,
): PageAnswer | null | Promise<PageAnswer | null> {
  const method = req.method ?? "GET";
  if ((method !== "GET" && method !== "HEAD") || !pageCacheEnabled()) return null;
  const raw = req.url ?? "";
  // Only an origin-form path Next reads the same way (no `//host` form, no trailing slash it redirects).
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  const header = (name: string) => {
    const v = req.headers[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  };
  if (header("x-sf-fill") !== null) return null;
  const site = siteKeyFromHost(header("host"));
  if (!site || isPlatformHost(site)) return null;
  let url: URL;
  try {
    url = new URL(raw, "http://storefront.invalid");
  } catch {
    return null;
  }
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) return null;
  const { locale, rest, redirectTo } = splitLocale(url.pathname);
  if (redirectTo) return null;
  const key = pageCacheKey(site, locale, rest, { method, headers: { get: header }, searchParams: url.searchParams });
  if (!key) return null;
  const { store } = pageCache();
  const page = store.get(key);
  // Nothing stored under the key: a made-up Host name's answer is the shared not-found page, once stored.
  const answer = page ?? store.get(NO_STORE_KEY);
  if (!answer || !young(answer)) return null;
  return contentVersion(site).then((version) => {
    const shows = page ? version !== NO_STORE && showsVersion(page, version) : version === NO_STORE;
    return shows ? pageAnswer(answer, method, "hit") : null;
  });
}

/** Hands fastPage to the request guard (scripts/request-guard.mjs): installed by the proxy's module. */
export function installFastPage(isPlatformHost: (site: string) => boolean): void {
  writeChannel("pageCacheFastPath", (req: RawRequest) => fastPage(req, isPlatformHost));
}
