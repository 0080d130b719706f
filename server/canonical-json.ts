/**
 * JSON text that is the same for the same value whatever its keys' order (a file by its name,
 * type and size): for comparing requests and saved values.
 */
export function canonicalJson(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (typeof Blob !== "undefined" && v instanceof Blob)
      return { blob: (v as File).name ?? "", type: v.type, size: v.size };
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === "object")
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(canonical(value)) ?? "null";
}
