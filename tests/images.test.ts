import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageResponse } from "@/lib/images/serve";
import { imageSources, imageUrl, IMAGE_WIDTHS } from "@/lib/images/url";
import { DEMO_IMAGES } from "@/platform/seed/demo-images";

const ask = (query: string, headers: Record<string, string> = {}) =>
  imageResponse(new Request(`http://spa.localhost/api/img?${query}`, { headers }));
const picture = (src: string, width: number, extra = "") => `w=${width}&u=${encodeURIComponent(src)}${extra}`;

describe("image addresses", () => {
  it("gives the store's own pictures a width-based srcset from half the box to 3× of it, a src and a placeholder", () => {
    const widths = (s: { srcSet?: string }) => s.srcSet!.split(", ").map((c) => Number(c.split(" ")[1].slice(0, -1)));
    const s = imageSources(DEMO_IMAGES.oil, 480);
    expect(s.src).toBe(imageUrl(DEMO_IMAGES.oil, 480));
    expect(widths(s)).toEqual([240, 320, 480, 640, 960, 1280]);
    // A 34 px logo on a 3× phone needs 102 device pixels: 128 is there.
    expect(widths(imageSources("/demo/rimal-logo.svg", 34))).toEqual([64, 96, 128]);
    expect(s.placeholder).toMatch(/w=24&.*&blur=1$/);
    // A box wider than the largest width still gets a src.
    expect(imageSources(DEMO_IMAGES.oil, 4000).src).toBe(imageUrl(DEMO_IMAGES.oil, IMAGE_WIDTHS.at(-1)!));
  });

  it("leaves pictures on other hosts as they are, and puts no placeholder behind one that may be transparent", () => {
    expect(imageSources("https://cdn.example/a.jpg", 480)).toEqual({ src: "https://cdn.example/a.jpg" });
    expect(imageSources("//cdn.example/a.jpg", 480)).toEqual({ src: "//cdn.example/a.jpg" });
    expect(imageSources("/demo/rimal-logo.svg", 40).placeholder).toBeUndefined();
  });
});

describe("the image route", () => {
  it("answers AVIF, then WebP, by Accept, else the original's kind, at the width asked for", async () => {
    for (const [accept, format] of [
      ["image/avif,image/webp,*/*", "heif"],
      ["image/webp,*/*", "webp"],
      ["*/*", "jpeg"],
    ] as const) {
      const res = await ask(picture(DEMO_IMAGES.massage, 320), { accept });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toBe("Accept");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual([format, 320]);
      expect(res.headers.get("content-type")).toBe(`image/${format === "heif" ? "avif" : format}`);
    }
  });

  it("caches a content-addressed picture for good, and anything else for an hour with an ETag that answers 304", async () => {
    const hashed = await ask(picture(DEMO_IMAGES.oil, 160), { accept: "image/webp" });
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const logo = await ask(picture("/demo/rimal-logo.svg", 96), { accept: "*/*" });
    expect(logo.headers.get("cache-control")).toMatch(/^public, max-age=3600/);
    // Vector art is drawn at the width asked for; transparency keeps PNG.
    expect(await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).toMatchObject({
      format: "png",
      width: 96,
      hasAlpha: true,
    });
    const again = await ask(picture("/demo/rimal-logo.svg", 96), {
      accept: "*/*",
      "if-none-match": logo.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
    // A name whose hash is not the file's own is not trusted as immutable.
    expect((await ask(picture("/demo/oil.svg", 96))).headers.get("cache-control")).toMatch(/^public, max-age=3600/);
  });

  it("draws the blurred placeholder at its own small width only", async () => {
    const res = await ask(picture(DEMO_IMAGES.pool, 24, "&blur=1"), { accept: "image/webp" });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(1_000);
    expect((await ask(picture(DEMO_IMAGES.pool, 24))).status).toBe(400);
  });

  it("one picture asked for by many at once is encoded once and answered the same to all", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ask(picture(DEMO_IMAGES.beans, 640), { accept: "image/avif" }).then(async (r) =>
          Buffer.from(await r.arrayBuffer()),
        ),
      ),
    );
    expect(new Set(answers.map((a) => a.toString("base64"))).size).toBe(1);
  });

  it("refuses other widths, other hosts and paths outside the public folder; a file that is not a picture is not found", async () => {
    const statuses = await Promise.all(
      [
        picture(DEMO_IMAGES.oil, 123),
        picture(DEMO_IMAGES.oil, 0),
        `w=320`,
        `w=320&u=`,
        picture("https://evil.example/a.jpg", 320),
        picture("//evil.example/a.jpg", 320),
        picture("/api/session/uploads/x", 320),
        picture("/" + "a".repeat(2_000), 320),
        picture("/../package.json", 320),
        picture("/%2e%2e/package.json", 320),
        picture("/demo/%E0%A4%A.jpg", 320),
        picture("/demo/nothing.jpg", 320),
        picture("/fonts/saudi-riyal-LICENSE.txt", 320),
      ].map(async (q) => (await ask(q)).status),
    );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 404, 404, 404, 404, 404]);
  });
});
