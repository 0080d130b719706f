import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveImport as resolve, root } from "./helpers/source-files";

/**
 * The project has no import circles (docs/ARCHITECTURE.md, decision 11), type-only imports
 * included: a circle of types is still two modules that cannot be understood one without the
 * other. The graph is read from the sources' import and export-from statements (static and
 * dynamic), resolved like the compiler does for "@/…" and relative paths.
 */

const FOLDERS = ["app", "components", "lib", "contract", "rules", "server", "platform", "payment-providers", "i18n"];
const EXTENSIONS = [".ts", ".tsx"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" || name === "migrations" ? [] : sources(full);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const IMPORT_RE =
  /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function graph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((f) => sources(path.join(root, f)));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT_RE)]
      .map((m) => resolve(file, m[1] ?? m[2]))
      .filter((t): t is string => t !== null && t !== file);
    edges.set(file, [...new Set(targets)]);
  }
  return edges;
}

/** Every circle, each as the list of files around it (Tarjan's strongly connected components). */
function circles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(path.relative(root, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe("the import graph", () => {
  it("reads the project's imports (a check that sees nothing would pass)", () => {
    const edges = graph();
    expect(edges.size).toBeGreaterThan(300);
    expect(edges.get(path.join(root, "platform/api/router.ts"))).toContain(path.join(root, "contract/api.ts"));
  });

  it("finds a circle when there is one", () => {
    const edges = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(circles(edges)).toHaveLength(1);
  });

  it("has no circles", () => {
    expect(circles(graph())).toEqual([]);
  });
});
