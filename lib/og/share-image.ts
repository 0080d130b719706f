import "server-only";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { OverlayOptions } from "sharp";
import sharp from "@/lib/images/sharp";
import type { Locale } from "@/contract/tenant-settings";
import { publicFile } from "@/lib/images/source";
import { escapeXml } from "@/lib/sitemap";
import { notoNaskhWoff, woffToSfnt } from "@/lib/fonts/woff";
import { RIYAL_SIGN } from "@/lib/money";

/**
 * The share image (`og:image`, `twitter:image`) of a product or a store: a 1200×630 PNG, which
 * WhatsApp, X and Facebook all render (they render no SVG). The product's picture fills the
 * start-side square (the right in Arabic); beside it the store's logo and name, the product's
 * name and its price. Text is set by Pango through sharp, so Arabic is shaped and laid out right
 * to left, in Noto Naskh Arabic (OFL, the same font as the PDF invoice), and the riyal sign in
 * the same font of its own as the pages' and the invoice's.
 */

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export type ShareCard = {
  locale: Locale;
  /** The product's name, or the store's line for its own card. */
  title: string;
  /** The price as written on the page, or null. */
  price: string | null;
  storeName: string;
  /** Site-relative paths of public files (tenant images elsewhere are left out). */
  image: string | null;
  logo: string | null;
};

const COLORS = { background: "#faf8f5", foreground: "#1d2321", muted: "#5f625c", primary: "#1e5b57", panel: "#ebe6dd" };
const FAMILY = "Noto Naskh Arabic";
/** The riyal sign's font (lib/orders/fonts, the invoice's): Noto Naskh has no U+20C1. */
const RIYAL_FAMILY = "saudi_riyal";
const RIYAL_WOFF = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/orders/fonts/saudi-riyal.woff");

/**
 * The TrueType file Pango is pointed at, made with the others once per process from the
 * fontsource WOFFs (in the temp folder). Every file Pango has been given stays known to fontconfig
 * for the process, so each script finds its subset (Arabic, Latin) under the one family name.
 */
let fonts: Promise<string> | null = null;
function fontFile(): Promise<string> {
  fonts ??= (async () => {
    const dir = path.join(tmpdir(), "sf-share-fonts");
    mkdirSync(dir, { recursive: true });
    const faces = [
      ["latin", 400],
      ["latin", 700],
      ["arabic", 400],
      ["arabic", 700],
    ] as const;
    const files = faces.map(([subset, weight]) => {
      const out = path.join(dir, `noto-naskh-${subset}-${weight}.ttf`);
      writeFileSync(out, woffToSfnt(readFileSync(notoNaskhWoff(subset, weight))));
      return out;
    });
    const riyal = path.join(dir, "saudi-riyal.ttf");
    writeFileSync(riyal, woffToSfnt(readFileSync(RIYAL_WOFF())));
    files.unshift(riyal);
    for (const file of files.slice(0, -1)) await draw("·", { size: 10 }, file);
    return files.at(-1)!;
  })().catch((err) => {
    fonts = null;
    throw err;
  });
  return fonts;
}

/** Pango finds each paragraph's direction from its first strong letter (Arabic: right to left, lines aligned right). */
type TextOpts = { size: number; bold?: boolean; color?: string; width?: number };

/** Bidi isolates (the price's) are left out: Pango orders the text itself, and an alt text reads without them. */
export const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, "");

/** A line of the card's text as a transparent PNG layer (its tests look at one alone). */
export const shareText = async (content: string, o: TextOpts) => draw(content, o, await fontFile());
const text = shareText;

/** The riyal sign set in its own font, named: Pango's fallback would not look for it there. */
const riyalMarkup = (markup: string) =>
  markup.replaceAll(RIYAL_SIGN, `<span font_family="${RIYAL_FAMILY}">${RIYAL_SIGN}</span>`);

async function draw(
  content: string,
  o: TextOpts,
  fontfile: string,
): Promise<{ input: Buffer; width: number; height: number }> {
  const img = sharp({
    text: {
      text: `<span foreground="${o.color ?? COLORS.foreground}">${riyalMarkup(escapeXml(plain(content)))}</span>`,
      font: `${FAMILY}${o.bold ? " Bold" : ""} ${o.size}`,
      fontfile,
      width: o.width,
      dpi: 72,
      rgba: true,
      wrap: "word",
    },
  });
  const { data, info } = await img.png().toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** The title at the largest size whose wrapped lines fit `maxHeight`. */
async function fitted(content: string, o: Omit<TextOpts, "size">, sizes: number[], maxHeight: number) {
  let t = await text(content, { ...o, size: sizes[0] });
  for (const size of sizes.slice(1)) {
    if (t.height <= maxHeight) return t;
    t = await text(content, { ...o, size });
  }
  // Too long even at the smallest size: its last lines are cut.
  return t.height <= maxHeight
    ? t
    : {
        ...t,
        input: await sharp(t.input).extract({ left: 0, top: 0, width: t.width, height: maxHeight }).toBuffer(),
        height: maxHeight,
      };
}

async function picture(
  url: string | null,
  width: number,
  height: number,
  fit: "cover" | "contain",
): Promise<Buffer | null> {
  const bytes = await publicFile(url);
  if (!bytes) return null;
  try {
    // SVGs drawn at a density that gives the target size sharply; rasters scaled.
    return await sharp(bytes, { density: 300, limitInputPixels: 40_000_000 })
      .resize(width, height, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const rtl = card.locale === "ar";
  const side = SHARE_HEIGHT; // the picture's square
  const pad = 64;
  const columnWidth = SHARE_WIDTH - side - pad * 2;
  const columnStart = rtl ? pad : side + pad;
  const columnEnd = columnStart + columnWidth;
  const place = (w: number) => (rtl ? columnEnd - w : columnStart);

  // Without a picture the logo fills the picture's square; the store's name then stands alone.
  const photo = await picture(card.image, side, side, "cover");
  const [logo, store, title, price] = await Promise.all([
    photo ? picture(card.logo, 80, 80, "contain") : null,
    text(card.storeName, { size: 34, color: COLORS.muted, width: columnWidth - 100 }),
    fitted(card.title, { bold: true, width: columnWidth }, [64, 54, 46, 38, 32], 260),
    card.price ? text(card.price, { size: 54, bold: true, color: COLORS.primary }) : null,
  ]);

  const layers: OverlayOptions[] = [];
  const pictureLeft = rtl ? SHARE_WIDTH - side : 0;
  if (photo) layers.push({ input: photo, left: pictureLeft, top: 0 });
  else {
    const big = await picture(card.logo, 280, 280, "contain");
    layers.push({
      input: { create: { width: side, height: side, channels: 4, background: COLORS.panel } },
      left: pictureLeft,
      top: 0,
    });
    if (big) layers.push({ input: big, left: pictureLeft + (side - 280) / 2, top: (SHARE_HEIGHT - 280) / 2 });
  }
  const headerTop = pad;
  if (logo) layers.push({ input: logo, left: rtl ? columnEnd - 80 : columnStart, top: headerTop });
  const storeLeft = logo ? (rtl ? columnEnd - 100 - store.width : columnStart + 100) : place(store.width);
  layers.push({
    input: store.input,
    left: Math.max(columnStart, storeLeft),
    top: headerTop + Math.max(0, Math.round((80 - store.height) / 2)),
  });
  layers.push({ input: title.input, left: place(title.width), top: 190 });
  if (price) layers.push({ input: price.input, left: place(price.width), top: SHARE_HEIGHT - pad - price.height - 24 });
  layers.push({
    input: { create: { width: 120, height: 10, channels: 4, background: COLORS.primary } },
    left: place(120),
    top: SHARE_HEIGHT - pad,
  });

  return sharp({ create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 4, background: COLORS.background } })
    .composite(layers)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** A short fingerprint of a card: its image URL changes whenever what it shows changes (cached for a year). */
export function shareVersion(card: ShareCard): string {
  return createHash("sha256").update(JSON.stringify(card)).digest("base64url").slice(0, 12);
}
