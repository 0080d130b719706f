import { describe, expect, it } from "vitest";
import { imageUrls, splitPage, VARIANTS } from "../scripts/bench-content.mjs";

const page = [
  `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>`,
  `<link rel="preload" as="image" imageSrcSet="/api/img?w=320&amp;u=%2Fdemo%2Fa.jpg 320w, /api/img?w=640&amp;u=%2Fdemo%2Fa.jpg 640w" imageSizes="100vw" fetchPriority="high"/>`,
  `<link rel="preload" as="image" href="/api/img?w=96&amp;u=%2Fdemo%2Flogo.svg"/>`,
  `<link rel="stylesheet" href="/_next/static/chunks/abc.css" nonce="x" data-precedence="next"/>`,
  `<script src="/_next/static/chunks/one.js" async=""></script></head>`,
  `<body class="flex"><main><img srcSet="/api/img?w=320&amp;u=%2Fdemo%2Fa.jpg 320w"/>`,
  `<div style="background-image:url(&quot;/api/img?w=24&amp;u=%2Fdemo%2Fa.jpg&amp;blur=1&quot;);background-size:cover"></div>`,
  `<script>self.__next_f.push([1,"/api/img?w=64\\u0026u=x"])</script><noscript><img src="/pixel"/></noscript></main>`,
  `<script src="/_next/static/chunks/two.js" async=""></script></body></html>`,
].join("");

describe("the product page's markup for the stack reference", () => {
  it("keeps the body without its scripts, with the head's image preloads and stylesheet", () => {
    const { body, hints, stylesheet } = splitPage(page);
    expect(body).not.toMatch(/<script|<noscript|__next_f/);
    expect(body).toContain("<main><img");
    expect(hints).toEqual([
      {
        imageSrcSet: "/api/img?w=320&u=%2Fdemo%2Fa.jpg 320w, /api/img?w=640&u=%2Fdemo%2Fa.jpg 640w",
        imageSizes: "100vw",
        fetchPriority: "high",
      },
      { href: "/api/img?w=96&u=%2Fdemo%2Flogo.svg" },
    ]);
    expect(stylesheet).toBe("/_next/static/chunks/abc.css");
  });

  it("finds each picture address whole, escaped or not, and stops at a quoted url()'s end", () => {
    const { body } = splitPage(page);
    expect(imageUrls(body)).toEqual([
      "/api/img?w=24&amp;u=%2Fdemo%2Fa.jpg&amp;blur=1",
      "/api/img?w=320&amp;u=%2Fdemo%2Fa.jpg",
    ]);
    expect(imageUrls("/api/img?w=640&u=%2Fdemo%2Fa.jpg 640w")).toEqual(["/api/img?w=640&u=%2Fdemo%2Fa.jpg"]);
    // Longest first: replacing the shorter first would cut the longer one that starts with it.
    expect(imageUrls("/api/img?w=24&u=a.jpg x /api/img?w=24&u=a.jpg&blur=1")).toEqual([
      "/api/img?w=24&u=a.jpg&blur=1",
      "/api/img?w=24&u=a.jpg",
    ]);
  });
});

describe("the variants that split the markup's cost", () => {
  const css = `@font-face{font-family:"Saudi Riyal";src:url(/fonts/r.woff2)}:root{--font-arabic:"Noto Sans Arabic",Tahoma;--app-font-sans:"Saudi Riyal",var(--font-arabic),sans-serif}`;

  it("takes away exactly one part each", () => {
    const fonts = VARIANTS["system-fonts"].css?.(css) ?? "";
    expect(fonts).not.toContain("@font-face");
    expect(fonts).toContain("--font-arabic:sans-serif;--app-font-sans:sans-serif}");
    const { body } = splitPage(page);
    expect(VARIANTS["no-placeholder"].body?.(body)).not.toContain("background-image");
    expect(VARIANTS["no-placeholder"].body?.(body)).toContain("<main><img");
    expect(VARIANTS["async-decode"].body?.('<img decoding="sync" src="a"/>')).toBe('<img decoding="async" src="a"/>');
    expect(VARIANTS["no-stylesheet"].stylesheet?.("/_content/a.css")).toBeNull();
    expect(VARIANTS["no-animation"].css?.(css)).toMatch(/animation:none!important\}$/);
  });
});
