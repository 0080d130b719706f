import "server-only";

/**
 * A PDF's text layer (copy, search, screen readers) reads each drawn glyph through the font's
 * ToUnicode map, one entry per glyph code. Noto Naskh draws several Arabic letters with one shaped
 * glyph and their dots as separate marks (medial fa and qaf share a body, as do ya, ta, nun and
 * ba), and PDFKit writes one entry per glyph id with the letters of its first use, while fontkit
 * hands back the glyph object of that first use for every later one: "للعافية" read back as
 * "للعاقية". Here each glyph gets one code per letter it stands for, so the map names the right one.
 */

type ShapedGlyph = { id: number; codePoints: number[]; advanceWidth: number };
type FontkitFont = { getGlyph(id: number, codePoints?: number[]): ShapedGlyph };
/** The parts of PDFKit's embedded font (`EmbeddedFont` in pdfkit/js/font/embedded.js) this reads and replaces. */
type EmbeddedFont = {
  font: FontkitFont;
  subset: { glyphs: number[] };
  scale: number;
  widths: number[];
  unicode: number[][];
  layout(text: string, features?: unknown): { glyphs: ShapedGlyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
};

const sameLetters = (a: number[], b: number[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/** The font `name` of `doc` (registered) with a text layer that names each glyph's own letters. */
export function faithfulTextLayer(doc: PDFKit.PDFDocument, name: string): void {
  doc.font(name);
  const font = (doc as unknown as { _font: EmbeddedFont })._font;
  const fontkit = font.font;
  const getGlyph = fontkit.getGlyph.bind(fontkit);
  // fontkit keeps one glyph object per id, holding the letters it was first asked for.
  fontkit.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    return sameLetters(glyph.codePoints, codePoints)
      ? glyph
      : Object.create(glyph, { codePoints: { value: codePoints } });
  };
  const codes = new Map<string, number>();
  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const encoded = glyphs.map((glyph) => {
      const key = `${glyph.id}:${glyph.codePoints.join(",")}`;
      let code = codes.get(key);
      if (code === undefined) {
        // A glyph drawn for other letters is written again under a code of its own.
        code = font.subset.glyphs.push(glyph.id) - 1;
        codes.set(key, code);
        font.widths[code] = glyph.advanceWidth * font.scale;
        font.unicode[code] = glyph.codePoints;
      }
      return code.toString(16).padStart(4, "0");
    });
    return [encoded, positions];
  };
}
