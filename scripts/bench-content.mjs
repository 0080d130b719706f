// The storefront's product and home pages as markup for bench/stack's /markup/<key> (the "markup on
// stack" references of `npm run bench:lighthouse`): the HTML the store served, its scripts taken
// out, its pictures and stylesheet copied beside it as static files. Measured beside the store's
// page, in the same run, it tells what showing that page costs on the stack alone, before a line of
// the store's JavaScript, and so what of the page's gap to the floors is the store's own; its
// variants tell what each part of that markup costs.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./build-stamp.mjs";
import { getText, request } from "./bench-support.mjs";

const STACK = path.join(root, "bench/stack");
/** What Chromium asks for a picture: the store's image route answers AVIF to it, as in a Lighthouse run. */
const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const EXTENSIONS = {
  "image/avif": "avif",
  "image/webp": "webp",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/svg+xml": "svg",
};
/** The store's image route in markup: parameters joined by `&` or `&amp;` (an attribute's escape), never past a `&quot;`. */
const IMAGE_URL = /\/api\/img\?[\w=%.~-]+(?:(?:&amp;|&(?!quot;|amp;|#))[\w=%.~-]+)*/g;

const unescapeAmp = (s) => s.replace(/&amp;/g, "&");

/** The store's image addresses in `text` as written there (escaped or not), each once, longest first (none is replaced inside a longer one). */
export const imageUrls = (text) => [...new Set(text.match(IMAGE_URL) ?? [])].sort((a, b) => b.length - a.length);
const attr = (tag, name) => {
  const v = new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1];
  return v === undefined ? undefined : unescapeAmp(v);
};

/** `html`'s body without its scripts, its image preloads and its stylesheet's path. */
export function splitPage(html) {
  const open = html.indexOf("<body");
  const close = html.lastIndexOf("</body>");
  if (open < 0 || close < 0) throw new Error("The product page has no body");
  const body = html
    .slice(html.indexOf(">", open) + 1, close)
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<noscript\b[^>]*>[\s\S]*?<\/noscript>/gi, "");
  const head = html.slice(0, open);
  const hints = (head.match(/<link rel="preload" as="image"[^>]*>/g) ?? []).map((tag) => ({
    href: attr(tag, "href"),
    imageSrcSet: attr(tag, "imageSrcSet"),
    imageSizes: attr(tag, "imageSizes"),
    fetchPriority: attr(tag, "fetchPriority"),
  }));
  const stylesheet = /<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)"/.exec(head)?.[1] ?? null;
  return { body, hints, stylesheet };
}

/**
 * What each part of a page costs, one variant at a time (`npm run bench:lighthouse -- --split`):
 * each takes one part away from the page's markup or stylesheet and leaves the rest as served.
 */
export const VARIANTS = {
  "no-stylesheet": { what: "without its stylesheet", stylesheet: () => null },
  "system-fonts": {
    what: "its stylesheet without web fonts, every font stack the platform's sans-serif",
    css: (css) =>
      css
        .replace(/@font-face\s*\{[^}]*\}/g, "")
        .replace(/(--(?:app-)?font-(?:sans|display|arabic|latin)):[^;}]*/g, "$1:sans-serif"),
  },
  "no-placeholder": {
    what: "pictures without their blurred placeholder",
    body: (body) => body.replace(/ style="background-image:[^"]*"/g, ""),
  },
  "no-animation": { what: "no CSS animation", css: (css) => `${css}\n*,::before,::after{animation:none!important}` },
  "async-decode": {
    what: "pictures decoded off the first frame",
    body: (body) => body.replace(/decoding="sync"/g, 'decoding="async"'),
  },
};

/**
 * Writes bench/stack's markup pages (content/<key>.json, public/_content/) from the store on `port`:
 * `pages` maps a key (`product-ar`, `home-en`) to the page's address and language. With `variants`,
 * each product page also gets one page per entry of VARIANTS (`product-ar--system-fonts`). Every
 * picture the markup or its preloads name is fetched once and stored under a name of its own;
 * every file the stylesheet names (the riyal sign's fonts) is copied from the store's public folder
 * to the same path.
 */
export async function writeMarkup({ port, host, pages, variants = false }) {
  const assets = path.join(STACK, "public/_content");
  rmSync(assets, { recursive: true, force: true });
  rmSync(path.join(STACK, "content"), { recursive: true, force: true });
  mkdirSync(path.join(assets, "img"), { recursive: true });
  mkdirSync(path.join(STACK, "content"), { recursive: true });
  const images = new Map();
  const stored = async (url) => {
    if (!images.has(url)) {
      const res = await request(port, { path: url, host, headers: { accept: IMAGE_ACCEPT } });
      const type = String(res.headers["content-type"] ?? "").split(";")[0];
      if (res.status !== 200 || !EXTENSIONS[type]) throw new Error(`GET ${url} answered ${res.status} ${type}`);
      const name = `/_content/img/${createHash("sha1").update(url).digest("hex").slice(0, 12)}.${EXTENSIONS[type]}`;
      writeFileSync(path.join(STACK, "public", name), res.body);
      images.set(url, name);
    }
    return images.get(url);
  };
  const local = async (text) => {
    for (const found of imageUrls(text)) text = text.split(found).join(await stored(unescapeAmp(found)));
    return text;
  };
  const stylesheets = new Map();
  /** The store's stylesheet as a static file of the reference (`suffix`: a variant's copy); its path. */
  const copyStylesheet = (href, css, suffix = "") => {
    const file = path.basename(href, ".css") + suffix + ".css";
    writeFileSync(path.join(assets, file), css);
    return `/_content/${file}`;
  };
  for (const [key, { path: urlPath, lang }] of Object.entries(pages)) {
    const page = splitPage(await getText(port, urlPath, host, { "accept-language": lang }));
    let stylesheet = null;
    let css = null;
    if (page.stylesheet) {
      css = readFileSync(path.join(root, ".next/static/chunks", path.basename(page.stylesheet)), "utf8");
      if (!stylesheets.has(page.stylesheet)) {
        for (const [, ref] of css.matchAll(/url\((\/[^)"']+)\)/g)) {
          // The store's stylesheet names only files of its public folder (the riyal sign's fonts); anything else would be missing from the reference.
          if (!existsSync(path.join(root, "public", ref)))
            throw new Error(
              `The store's stylesheet names ${ref}, which is not in public/: the reference would load without it`,
            );
          mkdirSync(path.dirname(path.join(STACK, "public", ref)), { recursive: true });
          copyFileSync(path.join(root, "public", ref), path.join(STACK, "public", ref));
        }
        stylesheets.set(page.stylesheet, copyStylesheet(page.stylesheet, css));
      }
      stylesheet = stylesheets.get(page.stylesheet);
    }
    const hints = [];
    for (const hint of page.hints)
      hints.push({
        ...hint,
        href: hint.href && (await local(hint.href)),
        imageSrcSet: hint.imageSrcSet && (await local(hint.imageSrcSet)),
      });
    const markup = { lang, body: await local(page.body), hints, stylesheet };
    const write = (name, value) => writeFileSync(path.join(STACK, "content", `${name}.json`), JSON.stringify(value));
    write(key, markup);
    if (!variants || !key.startsWith("product-")) continue;
    for (const [name, variant] of Object.entries(VARIANTS))
      write(`${key}--${name}`, {
        ...markup,
        body: variant.body ? variant.body(markup.body) : markup.body,
        stylesheet: variant.stylesheet
          ? variant.stylesheet(stylesheet)
          : variant.css && css !== null
            ? copyStylesheet(page.stylesheet, variant.css(css), `--${name}`)
            : stylesheet,
      });
  }
}
