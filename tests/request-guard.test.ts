import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ESM script of the server's process, without types
import { malformedPath } from "../scripts/request-guard.mjs";

describe("request guard", () => {
  it("finds a malformed %-escape in a path, not in the query, and lets good escapes through", () => {
    for (const url of ["/%E0%A4%A", "/products/%", "/en/products/%zz", "/%C0", "/a%2"]) expect(malformedPath(url), url).toBe(true);
    for (const url of ["/", "/products/%D8%B2%D9%8A%D8%AA", "/en?q=%zz", "/api/img?u=%E0", "/100%25", undefined]) expect(malformedPath(url), String(url)).toBe(false);
  });
});
