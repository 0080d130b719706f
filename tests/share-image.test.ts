import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderShareImage, shareVersion, type ShareCard } from "@/lib/og/share-image";
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
