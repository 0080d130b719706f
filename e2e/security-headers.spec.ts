import { expect, test, type APIRequestContext, type Page } from "./test";
import { PORT, spaUrl } from "./support";

/**
 * QUALITY.md "Tenant HTML … CSP header set" and the usual security headers: every storefront
 * page answers with a nonce-based CSP whose nonce is on every script of that response (cached
 * pages get a fresh one each time), the browser reports no violation while a shopper browses,
 * and the page cache notices a tenant's change at once.
 */

/** Node cannot resolve *.localhost as the browser does: ask 127.0.0.1 with the store's Host. */
const get = (request: APIRequestContext, store: "spa" | "coffee", path: string, headers: Record<string, string> = {}) =>
  request.get(`http://127.0.0.1:${PORT}${path}`, {
    headers: { host: `${store}.localhost:${PORT}`, ...headers },
    maxRedirects: 0,
  });

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/** Every CSP violation the browser reports on any page of the test, kept across navigations. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  await page.exposeFunction("__reportCspViolation", (v: string) => void seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  return seen;
}

test("cached and rendered pages carry a fresh nonce on every script, and the usual security headers", async ({
  request,
}) => {
  for (const path of ["/", "/en/products", "/en/profile"]) {
    const first = await get(request, "spa", path);
    const second = await get(request, "spa", path);
    for (const res of [first, second]) {
      const csp = res.headers()["content-security-policy"];
      expect(csp, path).toContain("'strict-dynamic'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("base-uri 'self'");
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
      if (res.status() !== 200) continue;
      const html = await res.text();
      const nonce = nonceOf(csp)!;
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1])
        .filter((attrs) => !attrs.includes("application/ld+json"));
      expect(scripts.length).toBeGreaterThan(3);
      for (const attrs of scripts)
        expect(attrs, `${path}: a script without this response's nonce`).toContain(`nonce="${nonce}"`);
      expect(html).not.toMatch(/sfnonce[0-9a-f]{32}/);
    }
    expect(nonceOf(first.headers()["content-security-policy"])).not.toBe(
      nonceOf(second.headers()["content-security-policy"]),
    );
  }
  // A product list, asked twice, is answered the second time from the cache.
  const again = await get(request, "spa", "/en/products");
  expect(again.headers()["x-sf-cache"]).toMatch(/hit|stale/);
  // The API gets the headers too (no CSP: it serves no documents).
  const api = await get(request, "spa", "/api/health");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a forged cache-fill header gets no placeholder nonce and no other store", async ({ request }) => {
  const res = await get(request, "spa", "/en", { "x-sf-fill": "guess", "x-sf-site": "coffee.localhost" });
  const html = await res.text();
  expect(html).not.toMatch(/sfnonce[0-9a-f]{32}/);
  expect(html).toContain("Rimal");
});

test("browsing home, products and a product page reports no CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(spaUrl("/en"));
  await page.waitForLoadState("networkidle");
  await page.goto(spaUrl("/en/products"));
  await page.waitForLoadState("networkidle");
  await page.locator('a[href*="/en/products/"]').first().click();
  await page.waitForURL(/\/en\/products\/[a-z0-9-]+$/);
  await expect(page.locator("h1")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The page is interactive: the purchase widget is enabled once hydrated.
  await expect(page.locator("fieldset[aria-busy=false]")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the page cache shows a tenant's change at once", async ({ request }) => {
  const marker = `Fresh news ${Date.now()}`;
  const home = () => get(request, "coffee", "/").then((r) => r.text());
  await home();
  expect(await home()).not.toContain(marker);
  const set = (value: string | null) =>
    request.post(`http://127.0.0.1:${PORT}/sandbox/operator/settings`, {
      data: { tenant: "coffee", settings: { announcementText: value } },
    });
  expect((await set(marker)).status()).toBe(200);
  try {
    await expect.poll(home, { timeout: 5_000, intervals: [300, 500, 1000] }).toContain(marker);
  } finally {
    await set(null);
  }
  await expect.poll(home, { timeout: 5_000, intervals: [300, 500, 1000] }).not.toContain(marker);
});

test("a path with a malformed %-escape is a 400 with a page in both languages (or the API's error code), never a 500", async ({
  request,
}) => {
  for (const path of ["/%E0%A4%A", "/products/%", "/en/products/%zz", "/z/%C0"]) {
    const res = await get(request, "spa", path);
    expect(res.status(), path).toBe(400);
    expect(res.headers()["content-type"], path).toContain("text/html");
    expect(res.headers()["content-security-policy"], path).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain("This address is not valid");
    expect(html).toContain("العنوان غير صالح");
    expect(html).not.toMatch(/at \w+ \(|node_modules|Error:/);
  }
  const api = await get(request, "spa", "/api/app/products/%zz");
  expect(api.status()).toBe(400);
  expect((await api.json()).error.code).toBe("SP:ValidationError");
  // A well-formed escape is a path like any other.
  expect((await get(request, "spa", "/products/%D8%B2")).status()).toBe(404);
});
