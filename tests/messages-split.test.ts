import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  clientMessages,
  DEFERRED_NAMESPACES,
  INLINE_MESSAGES,
  NAMESPACES,
  SERVER_ONLY_NAMESPACES,
  WIDGET_TEXTS,
  widgetMessages,
  type WidgetKind,
} from "@/i18n/namespaces";
import { loadMessages } from "@/i18n/request";
import { resolveImport as resolve, root } from "./helpers/source-files";

type Tree = Record<string, unknown>;
const get = (tree: unknown, key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);

describe("which texts reach the browser", () => {
  it("a page carries the inline parts; the pages that show every text get every client namespace whole", async () => {
    for (const locale of ["ar", "en"] as const) {
      const all = await loadMessages(locale);
      const inline = clientMessages(all, { all: false });
      expect(Object.keys(inline).sort()).toEqual(Object.keys(INLINE_MESSAGES).sort());
      expect(Object.keys(clientMessages(all, { all: true })).sort()).toEqual(
        NAMESPACES.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)).sort(),
      );
      // Every part named is there in both languages: a misspelt path would drop a text unseen.
      for (const [ns, pick] of Object.entries(INLINE_MESSAGES)) {
        if (Array.isArray(pick))
          for (const part of pick)
            expect(get(inline, `${ns}.${part}`), `${locale}: ${ns}.${part}`).toEqual(get(all, `${ns}.${part}`));
        if (pick === true) expect(inline[ns as keyof typeof inline]).toEqual(all[ns as keyof typeof all]);
      }
      // The texts nobody outside a sheet shows stay out; those a failed add to the cart shows stay in.
      expect(get(inline, "account.signIn")).toBeUndefined();
      expect(get(inline, "errors.SP_OtpCodeMismatch")).toBeUndefined();
      expect(get(inline, "errors.SP_CouponExpired")).toBeUndefined();
      expect(get(inline, "product.catalogue")).toBeUndefined();
      for (const key of [
        "network",
        "unknown",
        "SP_MerchandiseItemInsufficientStock",
        "SP_SlotIsNotAvailable",
        "SP_TooManyRequests",
        "SP_IdempotencyKeyInProgress",
      ])
        expect(get(inline, `errors.${key}`), key).toBeTypeOf("string");
      // What the sheets fetch is every client namespace the page does not carry whole.
      expect([...DEFERRED_NAMESPACES].sort()).toEqual(
        NAMESPACES.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns) && INLINE_MESSAGES[ns] !== true).sort(),
      );
      // Under a quarter of every client text, which a page would carry if every text went inline.
      const size = (m: object) => Buffer.byteLength(JSON.stringify(m));
      expect(size(inline)).toBeLessThan(size(clientMessages(all, { all: true })) * 0.25);
    }
  });
});

/**
 * The client code a page shows without a sheet — reached from the store's layout and pages by
 * imports (`import()` too: the widget of each kind, the toaster), not past a sheet that takes every
 * text (`withDeferredMessages`), and not under the routes whose layouts hand over every text
 * (checkout, orders, profile) — shows only texts the page carries. Read from the sources:
 * `const t = useTranslations("ns")` and then `t("key")`, `t.rich("key")`.
 */
describe("the texts a page's own client code shows", () => {
  const FULL_TEXT_ROUTES = ["checkout", "orders", "profile"].map((r) => path.join(root, "app/[site]/[locale]", r));
  const IMPORT =
    /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  const TAKES_EVERY_TEXT = /withDeferredMessages\(|<WithDeferredMessages>/;
  /**
   * A payment provider's browser part (payment-providers/<name>/browser/index.ts): a page reaches it
   * through the registry for its promo widget; its checkout views are drawn only by the checkout's
   * payment step, inside the cart sheet, which takes every text.
   */
  const BROWSER_PART = /payment-providers[\\/][^\\/]+[\\/]browser[\\/]index\.ts$/;
  const drawnOnPages = (from: string, target: string) => !BROWSER_PART.test(from) || /[\\/]promo\.tsx?$/.test(target);
  const pages = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return FULL_TEXT_ROUTES.includes(full) ? [] : pages(full);
      return /^(layout|page|not-found|error|loading)\.tsx$/.test(name) ? [full] : [];
    });

  /** Files that run in the browser from `entries`: "use client" modules and what they import, up to the sheets. */
  function clientFiles(entries: string[], { client: startInClient = false } = {}): Set<string> {
    const seen = new Set<string>();
    const client = new Set<string>();
    const visit = (file: string, inClient: boolean) => {
      const text = readFileSync(file, "utf8");
      const isClient = inClient || /^["']use client["']/m.test(text.slice(0, 200));
      const key = `${file}|${isClient}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (isClient && TAKES_EVERY_TEXT.test(text)) return;
      if (isClient) client.add(file);
      for (const m of text.matchAll(IMPORT)) {
        const target = resolve(file, m[1] ?? m[2]);
        if (target && !target.includes(`${path.sep}node_modules${path.sep}`) && drawnOnPages(file, target))
          visit(target, isClient);
      }
    };
    for (const entry of entries) visit(entry, startInClient);
    return client;
  }

  /** The keys a file shows: `used` whole keys, `built` the fixed part of keys made at run time (t(`types.${type}`)). */
  function keysOf(file: string) {
    const text = readFileSync(file, "utf8");
    const used: string[] = [];
    const built: string[] = [];
    // A name's namespace holds from its declaration to the next declaration of that name (the next function's).
    const declarations = [...text.matchAll(/const (\w+) = useTranslations\(\s*(?:"([^"]*)")?\s*\)/g)];
    declarations.forEach((d, i) => {
      const [, name, ns] = d;
      const next = declarations.slice(i + 1).find((later) => later[1] === name);
      const scope = text.slice(d.index, next?.index ?? text.length);
      for (const [, key] of scope.matchAll(new RegExp(`\\b${name}(?:\\.rich|\\.markup)?\\(\\s*"([^"]+)"`, "g")))
        used.push(`${ns ? `${ns}.` : ""}${key}`);
      for (const [, prefix] of scope.matchAll(
        new RegExp(`\\b${name}(?:\\.rich|\\.markup)?\\(\\s*\`([\\w.]*)\\.\\$\\{`, "g"),
      ))
        built.push(`${ns ? `${ns}.` : ""}${prefix}`);
    });
    return { used, built };
  }

  const PURCHASE = path.join(root, "components/product/purchase");
  /** The module of each kind of purchase widget (purchase-widget.tsx loads one per page). */
  const KIND_MODULES: Record<WidgetKind, string> = {
    slots: "slot-booking.tsx",
    duration: "duration-booking.tsx",
    days: "full-day-booking.tsx",
    subscription: "subscription-purchase.tsx",
    merchandise: "merchandise-purchase.tsx",
    gift: "gift-purchase.tsx",
  };
  const WIDGET = "product.widget.";

  it("is among the texts the page carries, in both languages", async () => {
    const files = clientFiles(pages(path.join(root, "app/[site]/[locale]")));
    // The walk finds the header's, the purchase widget's and the toasts' code, and not a sheet's.
    const rel = [...files].map((f) => path.relative(root, f));
    expect(rel).toEqual(
      expect.arrayContaining([
        "components/cart/cart-button.tsx",
        "components/cart/use-add-to-cart.ts",
        "components/product/purchase/purchase-parts.tsx",
        "components/toaster.tsx",
        ...Object.values(KIND_MODULES).map((m) => `components/product/purchase/${m}`),
      ]),
    );
    expect(rel).not.toContain("components/auth/sign-in-sheet.tsx");
    expect(rel).not.toContain("components/cart/cart-sheet.tsx");
    const widgetFiles = new Set(
      Object.values(KIND_MODULES).flatMap((m) => [...clientFiles([path.join(PURCHASE, m)], { client: true })]),
    );
    const used: string[] = [];
    const built: string[] = [];
    for (const file of files) {
      const keys = keysOf(file);
      const where = path.relative(root, file);
      // The widget's own texts come with the widget of the page's kind (checked below).
      const own = (key: string) => widgetFiles.has(file) && key.startsWith(WIDGET);
      used.push(...keys.used.filter((k) => !own(k)).map((k) => `${where}: ${k}`));
      built.push(...keys.built.filter((k) => !own(`${k}.`)).map((k) => `${where}: ${k}`));
    }
    expect(used.length).toBeGreaterThan(20);
    expect(built).toContain("components/locations/location-button.tsx: locations.types");
    for (const locale of ["ar", "en"] as const) {
      const all = await loadMessages(locale);
      const inline = clientMessages(all, { all: false });
      const missing = used.filter((entry) => typeof get(inline, entry.split(": ")[1]) !== "string");
      expect(missing, locale).toEqual([]);
      const partial = built.filter(
        (entry) => JSON.stringify(get(inline, entry.split(": ")[1])) !== JSON.stringify(get(all, entry.split(": ")[1])),
      );
      expect(partial, locale).toEqual([]);
    }
  });

  it("of the purchase widget is its own kind's, handed over with it: each kind's texts, and no others", async () => {
    expect(Object.keys(KIND_MODULES).sort()).toEqual(Object.keys(WIDGET_TEXTS).sort());
    for (const [kind, module] of Object.entries(KIND_MODULES) as [WidgetKind, string][]) {
      const keys = [...clientFiles([path.join(PURCHASE, module)], { client: true })].map(keysOf);
      const shown = keys
        .flatMap((k) => k.used)
        .filter((k) => k.startsWith(WIDGET))
        .map((k) => k.slice(WIDGET.length));
      const builtParts = keys
        .flatMap((k) => k.built)
        .filter((k) => `${k}.`.startsWith(WIDGET))
        .map((k) => k.slice(WIDGET.length));
      const listed = WIDGET_TEXTS[kind];
      // Every text it shows is listed, under a listed part; nothing listed goes unshown.
      const covered = (key: string) => listed.some((part) => key === part || key.startsWith(`${part}.`));
      expect(
        shown.filter((k) => !covered(k)),
        kind,
      ).toEqual([]);
      expect(
        builtParts.filter((k) => !listed.includes(k)),
        kind,
      ).toEqual([]);
      expect(
        listed.filter(
          (part) => !shown.some((k) => k === part || k.startsWith(`${part}.`)) && !builtParts.includes(part),
        ),
        kind,
      ).toEqual([]);
      for (const locale of ["ar", "en"] as const) {
        const all = await loadMessages(locale);
        const messages = widgetMessages(all, kind);
        // What the page hands over: the inline texts (the same objects, so the flight data refers to them) and this kind's widget texts.
        const inline = clientMessages(all, { all: false });
        for (const ns of Object.keys(inline))
          if (ns !== "product")
            expect(messages[ns as keyof typeof messages], ns).toBe(inline[ns as keyof typeof inline]);
        for (const key of shown)
          expect(get(messages, `${WIDGET}${key}`), `${locale}: ${kind}: ${key}`).toBeTypeOf("string");
        for (const part of builtParts)
          expect(get(messages, `${WIDGET}${part}`), `${locale}: ${kind}: ${part}`).toEqual(
            get(all, `${WIDGET}${part}`),
          );
        expect(Object.keys(get(messages, "product.widget") as object).sort(), `${locale}: ${kind}`).toEqual(
          [...listed]
            .map((p) => p.split(".")[0])
            .filter((p, i, a) => a.indexOf(p) === i)
            .sort(),
        );
      }
    }
  });
});
