import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { formatSar, type SarStyle } from "@/lib/money";
import { Sar } from "./sar";

const render = (amount: number, locale: string, style: SarStyle) =>
  renderToStaticMarkup(createElement(Sar, { amount, locale, style }));
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("Sar", () => {
  it("reads the same as formatSar, with the currency named for screen readers in the page's language", () => {
    for (const style of ["sign", "letters"] as const) {
      for (const locale of ["ar", "en"]) {
        const html = render(287.5, locale, style);
        expect(text(html)).toBe(formatSar(287.5, locale, style));
        expect(html).toContain(`<span role="img" aria-label="${locale === "ar" ? "ريال سعودي" : "Saudi riyal"}">`);
      }
    }
    expect(render(250, "en", "sign")).toBe(
      '\u2066<span role="img" aria-label="Saudi riyal">\u20C1</span>\u00a0250\u2069',
    );
  });
});
