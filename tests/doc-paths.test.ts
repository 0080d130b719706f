import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs name the code by its paths; a path that no longer exists is a doc that drifted. Every
 * repository path a README or docs/ file names (in backticks or as a link) must exist. Patterns
 * (`*`, `<name>`, `{id}`, `…`) and paths outside the repository (`../shared/…`) are not paths of it.
 */

const root = path.resolve(import.meta.dirname, "..");
const TOP = [
  "app",
  "bench",
  "components",
  "contract",
  "docs",
  "e2e",
  "i18n",
  "lib",
  "messages",
  "payment-providers",
  "platform",
  "public",
  "rules",
  "scripts",
  "server",
  "tests",
  ".ci",
];
const ROOT_FILE = /^[\w.-]+\.(ts|mjs|json|md|js)$/;

function docFiles(): string[] {
  const docs = readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`);
  return ["README.md", ...docs];
}

/** The repository paths a markdown text names: backticked spans and link targets that look like one. */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  const candidates = [
    ...[...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]),
  ];
  for (const raw of candidates) {
    for (const word of raw.split(/[\s,;()]+/)) {
      const cleaned = unbracketed(word)
        .replace(/^["']+|["':.]+$/g, "")
        .replace(/#.*$/, "")
        .replace(/:\d+(-\d+)?$/, "");
      if (
        !cleaned ||
        /[*<>{}…|$]/.test(cleaned) ||
        /(^|[^[])\.\.\./.test(cleaned) ||
        cleaned.startsWith("../") ||
        cleaned.includes("://")
      )
        continue;
      const first = cleaned.replace(/^\.\//, "").split("/")[0];
      const isTop = TOP.includes(first) && cleaned.includes("/");
      const isRootFile = !cleaned.includes("/") && ROOT_FILE.test(cleaned) && existsLike(cleaned);
      if (isTop || isRootFile) found.add(cleaned.replace(/^\.\//, "").replace(/\/$/, ""));
    }
  }
  return [...found];
}

/** A path's own brackets (`[id]`, `[...path]`) are kept; one opened or closed around it is not. */
function unbracketed(word: string): string {
  let w = word;
  const count = (c: string) => w.split(c).length - 1;
  while (w.startsWith("[") && count("[") > count("]")) w = w.slice(1);
  while (w.endsWith("]") && count("]") > count("[")) w = w.slice(0, -1);
  return w;
}

/** A bare file name counts as a root path only when it is one of the root's own kinds of files. */
function existsLike(name: string): boolean {
  return /^(proxy|instrumentation|instrumentation-node|next\.config|vitest\.config|playwright\.config|drizzle\.config|eslint\.config|biome|package|tsconfig|README)\b/.test(
    name,
  );
}

describe("docs name only paths that exist", () => {
  it("finds repository paths in backticks and links, and none in patterns", () => {
    expect(
      namedPaths(
        "`lib/cart/bff.ts`, [x](docs/payments.md#top), `app/api/[...path]/route.ts:12`, `proxy.ts`, `app/x/[id]`",
      ),
    ).toEqual(["lib/cart/bff.ts", "app/api/[...path]/route.ts", "proxy.ts", "app/x/[id]", "docs/payments.md"]);
    expect(namedPaths("`payment-providers/<name>/`, `messages/*/errors.json`, `../shared/QUALITY.md`, `a.ts`")).toEqual(
      [],
    );
  });

  for (const file of docFiles()) {
    it(file, () => {
      const text = readFileSync(path.join(root, file), "utf8");
      const missing = namedPaths(text).filter((p) => !existsSync(path.join(root, p)));
      expect(missing, `${file} names paths that do not exist`).toEqual([]);
    });
  }

  it("keeps README within 300 lines and ARCHITECTURE within 400: what a newcomer reads in one sitting", () => {
    const lines = (file: string) => readFileSync(path.join(root, file), "utf8").split("\n").length;
    expect(lines("README.md")).toBeLessThanOrEqual(300);
    expect(lines("docs/ARCHITECTURE.md")).toBeLessThanOrEqual(400);
  });
});
