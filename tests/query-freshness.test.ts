import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Spec §7: the query cache's stale time is 60 seconds. It is set once, on the QueryClient
 * (components/providers.tsx); no read keeps its own freshness. Only the MyFatoorah payment
 * session is never refetched (it is used once, not read).
 */
const root = path.resolve(import.meta.dirname, "..");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [p] : [];
  });

describe("query freshness", () => {
  it("is 60 s for every read, set on the QueryClient alone", () => {
    const providers = readFileSync(path.join(root, "components/providers.tsx"), "utf8");
    expect(providers).toMatch(/QUERY_STALE_TIME_MS = 60_000/);
    expect(providers).toMatch(/defaultOptions: \{ queries: \{ staleTime: QUERY_STALE_TIME_MS/);
    const overrides = ["components", "lib", "app", "payment-providers"]
      .flatMap((dir) => files(path.join(root, dir)))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => /\bstaleTime:/.test(line) && !line.includes("QUERY_STALE_TIME_MS"))
          .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
      );
    expect(overrides).toEqual(["payment-providers/myfatoorah/browser/card-payment.tsx: staleTime: Infinity,"]);
  });
});
