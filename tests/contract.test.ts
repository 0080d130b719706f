import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { platformApi } from "@/contract/api";
import { AUTH_LEVELS, fillPath, listEndpoints } from "@/contract/endpoint";
import { ERROR_CODES } from "@/contract/errors";
import { registeredRoutes } from "@/platform/api/router";

const root = path.resolve(import.meta.dirname, "..");

describe("the contract", () => {
  const endpoints = listEndpoints(platformApi);

  it("declares every platform endpoint once, each with an auth level and known codes", () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(50);
    const routes = endpoints.map(({ spec }) => `${spec.method} ${spec.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const { key, spec } of endpoints) {
      expect(AUTH_LEVELS, key).toContain(spec.auth);
      for (const code of spec.codes) expect(ERROR_CODES, `${key}: ${code}`).toContain(code);
      // A path parameter is declared in the endpoint's params schema, and the other way round.
      const inPath = spec.path
        .split("/")
        .filter((p) => p.startsWith(":") || p.startsWith("*"))
        .map((p) => p.slice(1))
        .sort();
      const declared =
        spec.params && "shape" in spec.params
          ? Object.keys((spec.params as unknown as { shape: object }).shape).sort()
          : [];
      expect(declared, key).toEqual(inPath);
    }
  });

  it("is what the platform serves: one route per endpoint", () => {
    expect(
      registeredRoutes()
        .map((r) => r.key)
        .sort(),
    ).toEqual(endpoints.map((e) => e.key).sort());
  });

  it("fills paths with escaped parameters, a rest parameter segment by segment", () => {
    expect(fillPath("cart/:id/items/:itemId", { id: "a b", itemId: "x/y" })).toBe("cart/a%20b/items/x%2Fy");
    expect(fillPath("website/pages/*path", { path: "z/terms and conditions" })).toBe(
      "website/pages/z/terms%20and%20conditions",
    );
  });

  it("is listed by npm run contract:list, one line per endpoint with its auth level", () => {
    const out = execFileSync(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/contract-list.ts"],
      { cwd: root, encoding: "utf8" },
    );
    const lines = out.trim().split("\n");
    expect(lines).toHaveLength(endpoints.length);
    for (const line of lines)
      expect(line).toMatch(/^(GET|POST|PUT|DELETE|PATCH) +\/api\/app\/\S+ +(public|customer|cart|webhook|operator)$/);
    expect(lines.filter((l) => /^POST +\/api\/app\/cart\/:id\/items +cart$/.test(l))).toHaveLength(1);
  });
});
