import { readFileSync } from "node:fs";
import path from "node:path";

/** The product markup of one language as scripts/bench-content.mjs wrote it; a note when it has not. */
export function productMarkup(lang) {
  try {
    return JSON.parse(readFileSync(path.join(process.cwd(), "content", `product-${lang}.json`), "utf8"));
  } catch {
    return { body: "<p>No product markup: npm run bench:lighthouse writes it.</p>", hints: [], stylesheet: null };
  }
}
