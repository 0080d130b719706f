import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderShareImage, shareText, shareVersion, type ShareCard } from "@/lib/og/share-image";
import { notoNaskhWoff, woffToSfnt } from "@/lib/fonts/woff";
import { DEMO_IMAGES } from "@/platform/seed/demo-images";

const naskhBold = () => readFileSync(notoNaskhWoff("arabic", 700));
const card: ShareCard = {
  locale: "ar",
  title: "زيت مساج باللافندر",
  price: "٦٩ ر.س",
  storeName: "رمال للعافية",
  image: DEMO_IMAGES.oil,
  logo: "/demo/rimal-logo.svg",
};

describe("share images", () => {
  it("unwraps a WOFF into the TrueType font it holds, with the tables that shape Arabic", () => {
    const ttf = woffToSfnt(naskhBold());
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
    const tables = Array.from({ length: ttf.readUInt16BE(4) }, (_, i) =>
      ttf.subarray(12 + i * 16, 16 + i * 16).toString("latin1"),
    );
    expect(tables).toEqual(expect.arrayContaining(["GSUB", "GPOS", "cmap", "glyf"]));
    expect(() => woffToSfnt(Buffer.from("not a font at all, not at all, not at all, no"))).toThrow(/WOFF/);
  });

  it("Arabic is shaped with the unwrapped font: a word is narrower than its letters kept apart", async () => {
    const ttfFile = path.join(tmpdir(), "sf-test-naskh-700.ttf");
    writeFileSync(ttfFile, woffToSfnt(naskhBold()));
    const width = async (text: string) =>
      (
        await sharp({ text: { text, font: "Noto Naskh Arabic Bold 60", fontfile: ttfFile, dpi: 72 } })
          .png()
          .toBuffer({ resolveWithObject: true })
      ).info.width;
    // U+200C (zero-width non-joiner) between letters asks for their unjoined forms.
    const [joined, apart] = [await width("مستشفى"), await width([..."مستشفى"].join("\u200c"))];
    expect(joined).toBeLessThan(apart * 0.85);
  });

  it("draws a 1200×630 PNG for a product in Arabic and in English, with or without a picture", async () => {
    for (const c of [
      card,
      {
        ...card,
        locale: "en" as const,
        title: "Rimal resthouse — by the night, a name long enough to wrap over three lines or more",
        price: "From SAR 1,150",
        storeName: "Rimal Wellness",
        image: null,
      },
    ]) {
      const png = await renderShareImage(c);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    }
  });

  it("reads pictures only from the public folder: another path draws the card without it", async () => {
    const png = await renderShareImage({ ...card, image: "/../package.json", logo: "//evil.example/logo.png" });
    expect(
      (
        await sharp(
          await renderShareImage({ ...card, image: "/demo/%E0%A4%A.svg", logo: "https://cdn.example/logo.png" }),
        ).metadata()
      ).width,
    ).toBe(1200);
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it("its fingerprint changes with what it shows", () => {
    expect(shareVersion(card)).toBe(shareVersion({ ...card }));
    expect(shareVersion({ ...card, price: "٧٠ ر.س" })).not.toBe(shareVersion(card));
  });
});

describe("the share image's currency and logo", () => {
  const sign = "\u20C1";
  const ink = async (png: Buffer) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 128) n++;
    return { width: info.width, n };
  };

  it("draws the riyal sign as the pages do (its own font), not a missing-glyph box", async () => {
    // Drawn first: once this process has given fontconfig the riyal font, any text would find it.
    const drawn = await shareText(sign, { size: 54 });
    const riyalFile = path.join(tmpdir(), "sf-test-riyal.ttf");
    writeFileSync(riyalFile, woffToSfnt(readFileSync(path.join(process.cwd(), "lib/orders/fonts/saudi-riyal.woff"))));
    const reference = await sharp({
      text: { text: sign, font: "saudi_riyal 54", fontfile: riyalFile, dpi: 72, rgba: true },
    })
      .png()
      .toBuffer();
    const [a, b] = [await ink(drawn.input), await ink(reference)];
    expect(a.width).toBe(b.width);
    expect(Math.abs(a.n - b.n)).toBeLessThanOrEqual(b.n * 0.05);
  });

  it("shows the store's logo once: large in the picture's place when the product has no picture", async () => {
    const withLogo = await renderShareImage({ ...card, image: null });
    const noLogo = await renderShareImage({ ...card, image: null, logo: null });
    // The column beside the picture (the left in Arabic) is the same with or without a logo.
    const column = (png: Buffer) => sharp(png).extract({ left: 0, top: 0, width: 560, height: 180 }).raw().toBuffer();
    expect((await column(withLogo)).equals(await column(noLogo))).toBe(true);
  });
});
