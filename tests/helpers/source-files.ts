import { statSync } from "node:fs";
import path from "node:path";

/** The project's root, for tests that read its sources. */
export const root = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx"];

/** The file an import of `spec` from `from` names, resolved as the compiler does for "@/…" and relative paths; null for a package. */
export function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(root, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}
