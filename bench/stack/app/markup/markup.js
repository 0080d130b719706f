import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const folder = () => path.join(process.cwd(), "content");

/** Every page scripts/bench-content.mjs wrote (`product-ar`, `home-en`, `product-ar--system-fonts`…); one placeholder when none. */
export function markupKeys() {
  try {
    const keys = readdirSync(folder())
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -5));
    return keys.length ? keys : ["product-en"];
  } catch {
    return ["product-en"];
  }
}

/** The markup of one page as scripts/bench-content.mjs wrote it; a note when it has not. */
export function pageMarkup(key) {
  try {
    return JSON.parse(readFileSync(path.join(folder(), `${key}.json`), "utf8"));
  } catch {
    return {
      lang: "en",
      body: "<p>No markup: npm run bench:lighthouse writes it.</p>",
      hints: [],
      stylesheet: null,
    };
  }
}
