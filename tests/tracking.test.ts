import { afterEach, describe, expect, it, vi } from "vitest";
import { announcementKey, hideIfDismissedScript } from "@/components/layout/announcement-link";
import { addedValue } from "@/lib/tracking/cart-value";
import { CRITICAL_CAP, criticalKey, dedupe, parseList, rememberCapped } from "@/lib/tracking/dedupe";
import { sendsPageView } from "@/lib/tracking/page-view";
import { captureUtm, parseStoredUtm, parseUtm, UTM_STORAGE_KEY } from "@/lib/tracking/utm";
import { pixelId, toTenantConfig } from "@/contract/tenant-settings";

describe("page view rule", () => {
  it("skips paths whose first or second segment is products, sends elsewhere", () => {
    for (const p of ["/products", "/products/", "/products/abc", "/en/products", "/en/products/abc"])
      expect(sendsPageView(p), p).toBe(false);
    for (const p of [
      "/",
      "/en",
      "/checkout/done/x",
      "/en/checkout/done/x",
      "/account",
      "/a/b/products",
      "/productsx",
      "/en/product",
    ])
      expect(sendsPageView(p), p).toBe(true);
  });
});

describe("pixel de-duplication", () => {
  it("keeps the last 10 critical keys, a repeated key moving to the end", () => {
    let list: string[] = [];
    for (let i = 0; i < 15; i++) list = rememberCapped(list, criticalKey("InitiateCheckout", `c${i}`), CRITICAL_CAP);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe("InitiateCheckout:c5");
    expect(rememberCapped(list, "InitiateCheckout:c5", 10).at(-1)).toBe("InitiateCheckout:c5");
    expect(rememberCapped(list, "InitiateCheckout:c5", 10)).toHaveLength(10);
  });

  it("a critical event goes once per key; non-critical ones always; a purchase never twice, even past the session cap", () => {
    let state = { session: [] as string[], purchased: [] as string[] };
    const step = (event: string, id?: string) => {
      const r = dedupe(state, event, id);
      state = r.next;
      return r.send;
    };
    expect(step("ViewContent", "p1")).toBe(true);
    expect(step("ViewContent", "p1")).toBe(true);
    expect(step("Purchase", "o1")).toBe(true);
    expect(step("Purchase", "o1")).toBe(false);
    for (let i = 0; i < 12; i++) expect(step("InitiateCheckout", `c${i}`)).toBe(true);
    expect(state.session).not.toContain("Purchase:o1");
    // Out of the session list, but still remembered as purchased (local storage).
    expect(step("Purchase", "o1")).toBe(false);
    // A new session (reopened later): the purchased list still holds it.
    state = { session: [], purchased: state.purchased };
    expect(step("Purchase", "o1")).toBe(false);
    expect(step("Purchase", "o2")).toBe(true);
  });

  it("reads corrupt stored lists as empty", () => {
    expect(parseList(null)).toEqual([]);
    expect(parseList("{")).toEqual([]);
    expect(parseList('{"a":1}')).toEqual([]);
    expect(parseList('["a",1,"b"]')).toEqual(["a", "b"]);
  });
});

describe("track()", () => {
  const store = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("queues until the pixels load, fans out to each, and never sends a purchase again after a reload", async () => {
    const local = store();
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("localStorage", local);
    vi.stubGlobal("sessionStorage", store());
    const sent: string[][] = [[], []];
    let pixels = await import("@/lib/tracking/pixels");
    pixels.track("PageView");
    pixels.track("Purchase", { value: 287.5, id: "order-1" });
    pixels.track("Purchase", { value: 287.5, id: "order-1" });
    pixels.attachPixels(
      sent.map(
        (log) => (event: string, p: { value?: number; currency?: string }) =>
          void log.push(`${event}:${p.value ?? ""}:${p.currency}`),
      ),
    );
    pixels.track("AddToCart", { value: 10 });
    expect(sent).toEqual([0, 1].map(() => ["PageView::SAR", "Purchase:287.5:SAR", "AddToCart:10:SAR"]));

    // The done page reloaded (a new session too): same local storage, fresh module and session.
    vi.resetModules();
    vi.stubGlobal("sessionStorage", store());
    pixels = await import("@/lib/tracking/pixels");
    const again: string[] = [];
    pixels.attachPixels([(event) => void again.push(event)]);
    pixels.track("Purchase", { value: 287.5, id: "order-1" });
    expect(again).toEqual([]);
  });
});

describe("loadPixels()", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("starts each configured pixel in a task of its own and hands events to them only once all have started", async () => {
    const appended: string[] = [];
    const win: Record<string, unknown> = {};
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", {
      createElement: () => ({}),
      head: { appendChild: (el: { src: string }) => void appended.push(el.src) },
    });
    vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => undefined });
    vi.stubGlobal("sessionStorage", { getItem: () => null, setItem: () => undefined });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { loadPixels } = await import("@/lib/tracking/load-pixels");
    const { track } = await import("@/lib/tracking/pixels");
    const tasks: (() => void)[] = [];
    loadPixels(
      { gtmId: "GTM-X", metaPixelId: "1", tiktokPixelId: "T", snapchatPixelId: "S", clarityId: null },
      (run) => void tasks.push(run),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Clarity skipped"));
    expect(appended).toEqual([]); // nothing runs in the caller's task
    track("PageView");
    const perTask: number[] = [];
    while (tasks.length) {
      const before = appended.length;
      tasks.shift()!();
      perTask.push(appended.length - before);
    }
    // Four pixels, one script each, one per task; then the task that hands them the queue.
    expect(perTask).toEqual([1, 1, 1, 1, 0]);
    const log = (win.__sfPixelLog as { pixel: string }[]).map((e) => e.pixel).sort();
    expect(log).toEqual(["gtm", "meta", "snapchat", "tiktok"]);
    warn.mockRestore();
  });
});

describe("UTM", () => {
  const now = new Date("2026-03-01T10:00:00.000Z");
  it("reads utm_* from the landing URL with a timestamp; none ⇒ null", () => {
    expect(
      parseUtm("?utm_source=ig&utm_medium=cpc&utm_campaign=eid&utm_term=spa&utm_content=story&utm_id=42&x=1", now),
    ).toEqual({
      source: "ig",
      medium: "cpc",
      campaign: "eid",
      term: "spa",
      content: "story",
      id: "42",
      timestamp: "2026-03-01T10:00:00.000Z",
    });
    expect(parseUtm("?utm_source=%20&x=1", now)).toBeNull();
    expect(parseUtm("?utm_source=" + "a".repeat(300), now)?.source).toHaveLength(200);
  });

  it("a landing with UTM replaces the stored record; one without keeps it; corrupt storage reads as none", () => {
    const m = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void m.set(k, v) };
    captureUtm("?utm_source=ig", storage, now);
    captureUtm("?page=2", storage, now);
    expect(parseStoredUtm(m.get(UTM_STORAGE_KEY) ?? null)).toEqual({ source: "ig", timestamp: now.toISOString() });
    captureUtm("?utm_source=tiktok&utm_campaign=x", storage, now);
    expect(parseStoredUtm(m.get(UTM_STORAGE_KEY) ?? null)).toEqual({
      source: "tiktok",
      campaign: "x",
      timestamp: now.toISOString(),
    });
    expect(parseStoredUtm("nope")).toBeNull();
    expect(parseStoredUtm('{"source":5,"evil":"x"}')).toBeNull();
    captureUtm(
      "?utm_source=x",
      {
        setItem: () => {
          throw new Error("quota");
        },
      },
      now,
    );
  });
});

describe("UTM attribution window", () => {
  const at = new Date("2026-11-01T10:00:00Z");
  const stored = JSON.stringify({ source: "ig", campaign: "eid", timestamp: at.toISOString() });
  const after = (days: number) => new Date(at.getTime() + days * 24 * 60 * 60 * 1000);

  it("credits orders for the tenant's days after the campaign visit, then no longer", () => {
    expect(parseStoredUtm(stored, { now: after(30), days: 30 })).toMatchObject({ source: "ig", campaign: "eid" });
    expect(parseStoredUtm(stored, { now: after(30.01), days: 30 })).toBeNull();
    expect(parseStoredUtm(stored, { now: after(6), days: 7 })).not.toBeNull();
    expect(parseStoredUtm(stored, { now: after(8), days: 7 })).toBeNull();
    // No readable time: not credited.
    expect(parseStoredUtm(JSON.stringify({ source: "ig" }), { now: at, days: 30 })).toBeNull();
  });

  it("reads the tenant's setting: whole days 1–365, else 30", () => {
    expect(toTenantConfig({}).utmAttributionDays).toBe(30);
    expect(toTenantConfig({ utmAttributionDays: "7" }).utmAttributionDays).toBe(7);
    for (const bad of ["0", "366", "1.5", "x"])
      expect(toTenantConfig({ utmAttributionDays: bad }).utmAttributionDays).toBe(30);
  });
});

describe("pixel settings, banner key, add-to-cart value", () => {
  it("takes pixel ids that are safe in a URL, else none", () => {
    expect(pixelId(" GTM-AB12 ")).toBe("GTM-AB12");
    expect(pixelId("")).toBeNull();
    expect(pixelId('x"><script>')).toBeNull();
    expect(toTenantConfig({ metaPixelId: "123", gtmId: "GTM-1" }).pixels).toEqual({
      gtmId: "GTM-1",
      metaPixelId: "123",
      tiktokPixelId: null,
      snapchatPixelId: null,
      clarityId: null,
    });
  });

  it("keys the announcement by its content, and the pre-paint script checks that key", () => {
    const a = announcementKey(["خصم", "Sale", "/products"]);
    expect(a).toMatch(/^[0-9a-z]+$/);
    expect(announcementKey(["خصم", "Sale", "/products"])).toBe(a);
    expect(announcementKey(["خصم", "Sale!", "/products"])).not.toBe(a);
    expect(hideIfDismissedScript(a)).toContain(JSON.stringify(a));
  });

  it("values an add to cart at the added line(s) with VAT", () => {
    const line = (productId: string, priceId: string, amount: number, taxAmount: number) => ({
      product: { id: productId },
      price: { id: priceId },
      amount,
      taxAmount,
    });
    const cart = {
      cartItems: [line("p", "a", 100, 15), line("p", "b", 50, 7.5), line("q", "a", 10, 1.5)],
    } as unknown as Parameters<typeof addedValue>[0];
    expect(addedValue(cart, { productId: "p", priceId: "a" })).toBe(115);
    expect(addedValue(cart, { productId: "z", priceId: "a" })).toBe(0);
  });
});
