// A storefront page as markup on the stack alone: the page's HTML as the store served it (its
// scripts taken out), its stylesheet and pictures, inside the stack floor's own root layout, beside
// the floor's one client component. What showing the same page costs on the chosen stack before a
// line of the store's JavaScript. `npm run bench:lighthouse` writes the markup, and the variants
// that each take one part of it away (scripts/bench-content.mjs), before it builds this folder.
import { preload } from "react-dom";
import { Stack } from "../../stack.jsx";
import { markupKeys, pageMarkup } from "../markup.js";

export const dynamicParams = false;
export const generateStaticParams = () => markupKeys().map((key) => ({ key }));

export default async function PageMarkup({ params }) {
  const { key } = await params;
  const { lang, body, hints, stylesheet } = pageMarkup(key);
  // The store's head: its pictures' preloads and its stylesheet (React puts both in <head>).
  for (const hint of hints) {
    const href = hint.href ?? hint.imageSrcSet?.split(" ")[0];
    if (href)
      preload(href, {
        as: "image",
        imageSrcSet: hint.imageSrcSet,
        imageSizes: hint.imageSizes,
        fetchPriority: hint.fetchPriority,
      });
  }
  return (
    <>
      {stylesheet ? <link rel="stylesheet" href={stylesheet} precedence="default" /> : null}
      {/* The store's body (its classes, language and direction), kept as it is, not hydrated as components. */}
      <div
        lang={lang}
        dir={lang === "ar" ? "rtl" : "ltr"}
        className="flex min-h-dvh flex-col"
        dangerouslySetInnerHTML={{ __html: body }}
      />
      {/* The stack's client component, out of sight: the stack's scripts run as on the floor page. */}
      <div style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clipPath: "inset(50%)" }}>
        <Stack />
      </div>
    </>
  );
}
