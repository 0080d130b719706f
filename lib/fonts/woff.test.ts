import path from "node:path";
import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { notoNaskhWoff, sfntFile, woffToSfnt } from "./woff";

const FONTS = [
  notoNaskhWoff("arabic", 400),
  notoNaskhWoff("arabic", 700),
  path.join(process.cwd(), "lib/orders/fonts/saudi-riyal.woff"),
];

/** A PDF with one line of Arabic and the riyal sign in `font`, uncompressed and dated alike, as text. */
async function drawn(font: string | Buffer, text: string): Promise<string> {
  const doc = new PDFDocument({
    size: "A4",
    compress: false,
    info: { CreationDate: new Date("2026-01-01T00:00:00Z") },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<string>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks).toString("latin1"))));
  doc.registerFont("f", font);
  doc
    .font("f")
    .fontSize(14)
    .text(text, 100, 100, { features: ["rtla"] } as PDFKit.Mixins.TextOptions);
  doc.end();
  return done;
}

describe("WOFF fonts as sfnt files", () => {
  it("draws exactly what the WOFF font draws: same glyphs, widths and embedded subset", async () => {
    const [regular, bold, riyal] = FONTS;
    for (const [file, text] of [
      [regular, "شركة رمال للعافية — مساج استرخاء"],
      [bold, "الإجمالي شامل ضريبة القيمة المضافة"],
      [riyal, "\u20C1"],
    ] as const) {
      const fromWoff = await drawn(file, text);
      const fromSfnt = await drawn(woffToSfnt(readFileSync(file)), text);
      expect(fromSfnt.length).toBeGreaterThan(1000);
      expect(fromSfnt).toBe(fromWoff);
    }
  });

  it("lays the tables out as OpenType does: sorted records, 4-byte aligned, the declared lengths", () => {
    for (const file of FONTS) {
      const woff = readFileSync(file);
      const sfnt = woffToSfnt(woff);
      const numTables = sfnt.readUInt16BE(4);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
      expect(numTables).toBe(woff.readUInt16BE(12));
      expect(sfnt.readUInt16BE(6)).toBe(2 ** Math.floor(Math.log2(numTables)) * 16);
      const records = Array.from({ length: numTables }, (_, i) => ({
        tag: sfnt.readUInt32BE(12 + i * 16),
        offset: sfnt.readUInt32BE(20 + i * 16),
        length: sfnt.readUInt32BE(24 + i * 16),
      }));
      expect(records.map((r) => r.tag)).toEqual([...records.map((r) => r.tag)].sort((a, b) => a - b));
      for (const r of records) {
        expect(r.offset % 4).toBe(0);
        expect(r.offset + r.length).toBeLessThanOrEqual(sfnt.length);
      }
      // The WOFF header's totalSfntSize is the size of the file it was made from.
      expect(sfnt.length).toBe(woff.readUInt32BE(16));
    }
  });

  it("refuses what is not WOFF 1.0 and a table of another length than declared", () => {
    expect(() => woffToSfnt(Buffer.from("wOF2 and more bytes than a header needs, forty-four of them"))).toThrow(
      /Not a WOFF 1.0 font/,
    );
    const woff = Buffer.from(readFileSync(FONTS[2]));
    woff.writeUInt32BE(woff.readUInt32BE(44 + 12) + 1, 44 + 12); // the first table's origLength
    expect(() => woffToSfnt(woff)).toThrow(/wrong length/);
  });

  it("converts a file once per process", () => {
    expect(sfntFile(FONTS[0])).toBe(sfntFile(FONTS[0]));
  });
});
