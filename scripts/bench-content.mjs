// The storefront's product page as markup for bench/stack's /product/<lang> (the "product markup on
// the stack" reference of `npm run bench:lighthouse`): the HTML the store served, its scripts taken
// out, its pictures and stylesheet copied beside it as static files. Measured beside the store's
// page, in the same run, it tells what showing that page costs on the stack alone, before a line of
// the store's JavaScript, and so what of the page's gap to the floors is the store's own.
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
 * Writes bench/stack's product markup (content/product-<lang>.json, public/_content/) from the
 * store on `port` (`paths`: the product's address per language). Every picture the markup or its
 * preloads name is fetched once and stored under a name of its own; every file the stylesheet
 * names (the riyal sign's fonts) is copied from the store's public folder to the same path.
 */
export async function writeProductMarkup({ port, host, paths }) {
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
  for (const [lang, urlPath] of Object.entries(paths)) {
    const page = splitPage(await getText(port, urlPath, host, { "accept-language": lang }));
    let stylesheet = null;
    if (page.stylesheet) {
      const file = path.basename(page.stylesheet);
      const css = readFileSync(path.join(root, ".next/static/chunks", file), "utf8");
      writeFileSync(path.join(assets, file), css);
      for (const [, ref] of css.matchAll(/url\((\/[^)"']+)\)/g)) {
        // The store's stylesheet names only files of its public folder (the riyal sign's fonts); anything else would be missing from the reference.
        if (!existsSync(path.join(root, "public", ref)))
          throw new Error(
            `The store's stylesheet names ${ref}, which is not in public/: the reference would load without it`,
          );
        mkdirSync(path.dirname(path.join(STACK, "public", ref)), { recursive: true });
        copyFileSync(path.join(root, "public", ref), path.join(STACK, "public", ref));
      }
      stylesheet = `/_content/${file}`;
    }
    const hints = [];
    for (const hint of page.hints)
      hints.push({
        ...hint,
        href: hint.href && (await local(hint.href)),
        imageSrcSet: hint.imageSrcSet && (await local(hint.imageSrcSet)),
      });
    writeFileSync(
      path.join(STACK, "content", `product-${lang}.json`),
      JSON.stringify({ body: await local(page.body), hints, stylesheet }),
    );
  }
}
