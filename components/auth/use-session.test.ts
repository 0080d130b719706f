import { describe, expect, it } from "vitest";
import { refreshDelay, SESSION_REFRESH_LEAD_MS } from "./use-session";

describe("scheduled refresh (spec §4)", () => {
  it("fires 10 s before the access token expires", () => {
    expect(SESSION_REFRESH_LEAD_MS).toBe(10_000);
    expect(refreshDelay(1_000_000, 100_000)).toBe(890_000);
  });

  it("fires at once for a token already in its last 10 s, and never waits longer than a timer can", () => {
    expect(refreshDelay(1_000_000, 995_000)).toBe(0);
    expect(refreshDelay(Number.MAX_SAFE_INTEGER, 0)).toBe(2 ** 31 - 1);
  });
});
