import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";

/**
 * A WOFF 1.0 font as the TrueType/OpenType file it wraps (each table inflated, the sfnt directory
 * rebuilt; W3C WOFF §4–5). The share images' text is set by Pango, whose HarfBuzz shapes Arabic
 * only from an uncompressed font: given the WOFF itself it draws every letter in its isolated form.
 * The invoice's PDFKit reads WOFF itself, but its fontkit inflates every table it touches in
 * JavaScript, again for each document: ~1 s of the server's thread per invoice (sfntFile).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const o = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(o + d));
    if (offset + compLength > woff.length) throw new Error("WOFF table out of bounds");
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw, { maxOutputLength: origLength }) : raw;
    if (data.length !== origLength) throw new Error("WOFF table of the wrong length");
    return { tag, checksum, data };
  });
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const o = 12 + i * 16;
    out.writeUInt32BE(t.tag, o);
    out.writeUInt32BE(t.checksum, o + 4);
    out.writeUInt32BE(offset, o + 8);
    out.writeUInt32BE(t.data.length, o + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

/** A face of Noto Naskh Arabic (OFL) as `@fontsource/noto-naskh-arabic` ships it: its Arabic or Latin subset, regular or bold. */
export function notoNaskhWoff(subset: "arabic" | "latin", weight: 400 | 700): string {
  return path.join(
    /*turbopackIgnore: true*/ process.cwd(),
    "node_modules/@fontsource/noto-naskh-arabic/files",
    `noto-naskh-arabic-${subset}-${weight}-normal.woff`,
  );
}

const sfnts = new Map<string, Buffer>();

/** The WOFF file at `file` as an sfnt, unwrapped once per process (three fonts, ~0.5 MB in all). */
export function sfntFile(file: string): Buffer {
  let font = sfnts.get(file);
  if (!font) {
    font = woffToSfnt(readFileSync(file));
    sfnts.set(file, font);
  }
  return font;
}
