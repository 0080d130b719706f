import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fillPath, isCacheablePage, NO_STORE, pageCacheKey } from "@/lib/page-cache/policy";
import { cachedPage, fastPage, NO_STORE_SITE, PAGE_TTL_MS, pageCache, respondWithPage } from "@/lib/page-cache/serve";
import { pageBytes, PageStore, withNonce, type CachedPage } from "@/lib/page-cache/store";
import { contentSecurityPolicy, newNonce, pagePolicy } from "@/lib/security/csp";
import { askContentVersion } from "@/lib/page-cache/content-version";

const req = (opts: { method?: string; headers?: Record<string, string>; query?: string } = {}) => ({
  method: opts.method ?? "GET",
  headers: new Headers(opts.headers),
  searchParams: new URLSearchParams(opts.query ?? ""),
});
const PRODUCT = "/products/30a2835e-de0a-4d1c-bcd5-c06715f9df43";

describe("page cache policy", () => {
  it("caches the pages every visitor sees alike, nothing signed-in or per order", () => {
    for (const rest of [
      "",
      "/products",
      PRODUCT,
      "/products/%D9%85%D8%B3%D8%A7%D8%AC",
      "/products/lavender-oil",
      "/z/terms",
      "/z/a/b",
    ])
      expect(isCacheablePage(rest), rest).toBe(true);
    for (const rest of [
      "/profile",
      "/profile/reservations",
      "/checkout/done/abc",
      "/checkout/payment-error",
      "/products/",
      `${PRODUCT}/x`,
      "/z/",
      "/anything",
    ])
      expect(isCacheablePage(rest), rest).toBe(false);
  });

  it("keys by site, locale and path; ignores UTM and click ids; keeps the product list's type", () => {
    expect(pageCacheKey("spa.localhost", "en", PRODUCT, req({ query: "utm_source=ig&gclid=1" }))).toBe(
      `spa.localhost|en|${PRODUCT}`,
    );
    expect(pageCacheKey("spa.localhost", "ar", "", req())).toBe("spa.localhost|ar|/");
    expect(pageCacheKey("coffee.localhost", "ar", "", req())).not.toBe(pageCacheKey("spa.localhost", "ar", "", req()));
    expect(pageCacheKey("spa.localhost", "en", "/products", req({ query: "type=gift&utm_id=3" }))).toBe(
      "spa.localhost|en|/products?type=gift",
    );
    expect(fillPath("/en/products", "spa.localhost|en|/products?type=gift")).toBe("/en/products?type=gift");
    expect(fillPath("/en", "spa.localhost|en|/")).toBe("/en");
  });

  it("renders client navigations, prefetches, server actions and non-GET requests", () => {
    for (const h of ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"])
      expect(pageCacheKey("s", "ar", "", req({ headers: { [h]: "1" } })), h).toBeNull();
    expect(
      pageCacheKey("s", "ar", PRODUCT, req({ query: "_rsc=1x2y3" })),
      "the router's cache-busting query alone",
    ).toBeNull();
    expect(pageCacheKey("s", "ar", "", req({ method: "POST" }))).toBeNull();
    expect(pageCacheKey("s", "ar", "", req({ method: "HEAD" }))).not.toBeNull();
  });
});

describe("page store", () => {
  const page = (body: string): CachedPage => ({
    parts: [Buffer.from(body)],
    status: 200,
    headers: [],
    version: "1",
    storedAt: 0,
  });
  const text = (p: CachedPage | undefined) => (p ? Buffer.concat(p.parts).toString() : undefined);

  it("drops the least recently used pages beyond its byte budget", () => {
    const store = new PageStore(100); // UTF-8 bytes: twenty Arabic letters count as forty
    store.set("a", page("س".repeat(20)));
    store.set("b", page("ي".repeat(20)));
    expect(text(store.get("a"))).toHaveLength(20); // a is now the most recent
    store.set("c", page("ز".repeat(20)));
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.get("c")).toBeDefined();
    store.set("huge", page("ح".repeat(60)));
    expect(store.get("huge")).toBeUndefined();
    expect(store.size).toBe(2);
  });

  it("keeps a page as bytes around its nonce placeholders, and joins them around each answer's own nonce", () => {
    const placeholder = "sfnonceabc";
    const body = `<script nonce="${placeholder}">1</script><p>زيت اللافندر</p><script nonce="${placeholder}"></script>${placeholder}`;
    const parts = pageBytes(body, placeholder);
    expect(parts).toHaveLength(4);
    expect(Buffer.concat(withNonce({ ...page(""), parts }, "n0Nce+/=")).toString()).toBe(
      body.replaceAll(placeholder, "n0Nce+/="),
    );
    expect(
      Buffer.concat(withNonce({ ...page(""), parts: pageBytes("<p>no script</p>", placeholder) }, "x")).toString(),
    ).toBe("<p>no script</p>");
  });

  it("replaces a page under the same key without counting it twice", () => {
    const store = new PageStore(100);
    for (let i = 0; i < 10; i++) store.set("a", page("x".repeat(40)));
    store.set("b", page("y".repeat(8)));
    expect(store.size).toBe(2);
  });
});

describe("content security policy", () => {
  it("trusts scripts by nonce only, allows the pixels' and providers' hosts, and no plugins or framing by others", () => {
    const nonce = newNonce();
    const csp = contentSecurityPolicy({
      nonce,
      extraSources: ["https://sandbox.example.com", "javascript:alert(1)", "https://x.com; script-src *"],
    });
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toContain(`'nonce-${nonce}'`);
    expect(directive("script-src")).toContain("'strict-dynamic'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'self'");
    for (const host of [
      "https://www.googletagmanager.com",
      "https://connect.facebook.net",
      "https://analytics.tiktok.com",
      "https://sc-static.net",
      "https://*.clarity.ms",
      "https://api.moyasar.com",
    ])
      expect(directive("connect-src"), host).toContain(host);
    expect(directive("connect-src")).toContain("https://sandbox.example.com");
    expect(csp).not.toContain("javascript:");
    expect(csp).not.toContain("x.com");
  });

  it("gives each page response the same policy with its own nonce, CSP_EXTRA_SOURCES included", () => {
    const before = process.env.CSP_EXTRA_SOURCES;
    try {
      process.env.CSP_EXTRA_SOURCES = "https://sandbox.example.com";
      expect(pagePolicy("abc")).toBe(
        contentSecurityPolicy({ nonce: "abc", extraSources: ["https://sandbox.example.com"] }),
      );
      expect(pagePolicy("xyz")).toBe(
        contentSecurityPolicy({ nonce: "xyz", extraSources: ["https://sandbox.example.com"] }),
      );
      delete process.env.CSP_EXTRA_SOURCES;
      expect(pagePolicy("abc")).toBe(contentSecurityPolicy({ nonce: "abc" }));
    } finally {
      if (before === undefined) delete process.env.CSP_EXTRA_SOURCES;
      else process.env.CSP_EXTRA_SOURCES = before;
    }
  });

  it("makes a new 128-bit nonce every time", () => {
    const seen = new Set(Array.from({ length: 200 }, newNonce));
    expect(seen.size).toBe(200);
    expect(atob([...seen][0])).toHaveLength(16);
  });
});

describe("the page cache ahead of Next (fastPage)", () => {
  const SITE = "spa.localhost";
  const raw = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
    method,
    url,
    headers: { host: "spa.localhost:3000", ...headers },
  });
  const store = () => pageCache().store;
  let version = "v1";

  beforeEach(() => {
    pageCache().askVersion = async (site) => (site === SITE ? version : NO_STORE);
    version = "v1";
    pageCache().versions.clear(); // the versions' one-second memo, as the proxy keeps it
    store().set(`${SITE}|en|${PRODUCT}`, {
      parts: pageBytes(`<script nonce="${pageCache().placeholder}"></script><p>oil</p>`, pageCache().placeholder),
      status: 200,
      headers: [["content-type", "text/html; charset=utf-8"]],
      version: "v1",
      storedAt: Date.now(),
    });
  });
  afterEach(() => {
    pageCache().askVersion = askContentVersion;
  });

  const never = () => false;

  it("answers a fresh hit as the proxy would: the page with this answer's own nonce, the CSP and security headers, marked a hit", async () => {
    const answer = await fastPage(raw(`/en${PRODUCT}?utm_source=ig`), never);
    expect(answer).not.toBeNull();
    const headers = new Headers(answer!.headers);
    const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy")!)![1];
    expect(Buffer.concat(answer!.body!).toString()).toBe(`<script nonce="${nonce}"></script><p>oil</p>`);
    expect(headers.get("x-sf-cache")).toBe("hit");
    expect(headers.get("cache-control")).toBe("private, no-cache");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("vary")).toContain("rsc");
    // The same page through the proxy's response: the same headers but the nonce.
    const viaProxy = respondWithPage(store().get(`${SITE}|en|${PRODUCT}`)!, "GET", "hit");
    const names = (h: Headers) => [...h.keys()].sort();
    expect(names(headers)).toEqual(names(viaProxy.headers));
    expect((await fastPage(raw(`/en${PRODUCT}`, {}, "HEAD"), never))!.body).toBeNull();
  });

  it("leaves to Next, at once, whatever the proxy would not answer with a fresh hit", () => {
    const cases: [string, ReturnType<typeof raw>][] = [
      ["no page stored", raw("/en/products/other")],
      ["a client navigation", raw(`/en${PRODUCT}`, { rsc: "1" })],
      ["the router's query", raw(`/en${PRODUCT}?_rsc=abc`)],
      ["a fill of the cache", raw(`/en${PRODUCT}`, { "x-sf-fill": "anything", "x-sf-site": SITE })],
      ["a POST", raw(`/en${PRODUCT}`, {}, "POST")],
      ["a trailing slash Next redirects", raw(`/en${PRODUCT}/`)],
      ["a //host form", raw(`//evil.example/en${PRODUCT}`)],
      ["an absolute form", raw(`http://spa.localhost/en${PRODUCT}`)],
      ["another store", raw(`/en${PRODUCT}`, { host: "coffee.localhost:3000" })],
      ["a bad host", raw(`/en${PRODUCT}`, { host: "a b" })],
    ];
    for (const [why, req] of cases) expect(fastPage(req, never), why).toBeNull();
    expect(
      fastPage(raw(`/en${PRODUCT}`), (site) => site === SITE),
      "a platform-only host",
    ).toBeNull();
    const entry = store().get(`${SITE}|en|${PRODUCT}`)!;
    store().set(`${SITE}|en|${PRODUCT}`, { ...entry, storedAt: Date.now() - PAGE_TTL_MS });
    expect(
      fastPage(raw(`/en${PRODUCT}`), never),
      "a stale page (the proxy serves it once more and renders it again)",
    ).toBeNull();
  });

  it("leaves to Next a page whose store's content changed since it was rendered", async () => {
    version = "v2";
    expect(await fastPage(raw(`/en${PRODUCT}`), never)).toBeNull();
  });
});

describe("made-up Host names (no store)", () => {
  let fills: string[] = [];

  beforeEach(() => {
    fills = [];
    pageCache().store.clear();
    pageCache().askVersion = async (site) => (site === "spa.localhost" ? "v1" : NO_STORE);
    pageCache().versions.clear();
    // The fill renders through the server itself: here, the not-found page a store-less site gets.
    vi.stubGlobal("fetch", async (_url: string, init: { headers: Record<string, string> }) => {
      fills.push(init.headers["x-sf-site"]);
      await new Promise((r) => setTimeout(r, 5));
      return new Response(`<script nonce="${pageCache().placeholder}"></script><h1>المتجر غير موجود</h1>`, {
        status: 404,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    pageCache().askVersion = askContentVersion;
  });

  it("share one not-found page, rendered once for a name that is never a store, each answer with its own nonce", async () => {
    const hosts = Array.from({ length: 50 }, (_, i) => `scan${i}.example.com`);
    // Twenty at once first (one render), then the rest one by one (none).
    const first = await Promise.all(hosts.slice(0, 20).map((site) => cachedPage(`${site}|ar|/`, site, "/")));
    const rest = [];
    for (const site of hosts.slice(20)) rest.push(await cachedPage(`${site}|en|/products`, site, "/en/products"));
    expect(fills).toEqual([NO_STORE_SITE]);
    const answers = [...first, ...rest];
    expect(answers.every((a) => a?.page.status === 404)).toBe(true);
    expect(rest.every((a) => a?.state === "hit")).toBe(true);
    const responses = answers.slice(0, 2).map((a) => respondWithPage(a!.page, "GET", a!.state));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual([404, 404]);
    expect(bodies[0]).toContain("المتجر غير موجود");
    expect(bodies[0]).not.toBe(bodies[1]);
    for (const [i, r] of responses.entries())
      expect(bodies[i]).toContain(`nonce="${/'nonce-([^']+)'/.exec(r.headers.get("content-security-policy")!)![1]}"`);
  });

  it("are answered ahead of Next once the page is stored; a store's page not stored yet is still left to Next", async () => {
    const raw = (host: string, url = "/") => ({ method: "GET", url, headers: { host } });
    expect(
      fastPage(raw("scan1.example.com"), () => false),
      "nothing stored yet",
    ).toBeNull();
    await cachedPage("scan1.example.com|ar|/", "scan1.example.com", "/");
    const answer = await fastPage(raw("scan2.example.com", "/en/products"), () => false);
    expect(answer?.status).toBe(404);
    expect(new Headers(answer!.headers).get("x-sf-cache")).toBe("hit");
    expect(Buffer.concat(answer!.body!).toString()).toContain("المتجر غير موجود");
    expect(
      await fastPage(raw("spa.localhost:3000", "/en/products"), () => false),
      "a store's page not stored yet",
    ).toBeNull();
    expect(
      await fastPage(raw("scan3.example.com", "/profile"), () => false),
      "a page the cache never keeps",
    ).toBeNull();
    expect(fills).toEqual([NO_STORE_SITE]);
  });

  it("leave a store's own pages to the store: its key, its fill", async () => {
    await cachedPage("scan1.example.com|ar|/", "scan1.example.com", "/");
    await cachedPage("spa.localhost|ar|/", "spa.localhost", "/");
    expect(fills).toEqual([NO_STORE_SITE, "spa.localhost"]);
  });
});
