import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./test";
import { PORT } from "./support";

/**
 * The running server carries only what serves requests: `next start` takes the configuration its
 * build resolved (scripts/built-config.mjs) instead of transpiling next.config.ts again, which
 * loaded Next's SWC compiler and next-intl's build plugin with @swc/core (~40 MB resident) into a
 * server that never uses them.
 */
test("the journeys' server has no compiler loaded, and still answers with the configuration's headers", async ({
  request,
}) => {
  // The journeys' server holds .data/e2e's lock for the whole run: its process id.
  const pid = Number(readFileSync(path.join(".data", "e2e", "storefront.lock"), "utf8"));
  const libraries = new Set(
    readFileSync(`/proc/${pid}/maps`, "utf8")
      .split("\n")
      .map((line) => line.split(/\s+/)[5])
      .filter(Boolean),
  );
  expect([...libraries].filter((file) => /swc/.test(file))).toEqual([]);
  // What next.config.ts sets still holds: its headers on every answer, no X-Powered-By.
  // The default tenant on bare localhost (the request context does not resolve spa.localhost).
  const res = await request.get(`http://localhost:${PORT}/en`);
  expect(res.status()).toBe(200);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["strict-transport-security"]).toContain("max-age=");
  expect(res.headers()["x-powered-by"]).toBeUndefined();
});
