import { expect, it } from "vitest";
import { hitRateLimit } from "@/platform/services/rate-limit";
import { describeEachDb } from "./helpers/test-db";

const MIN = 60_000;

describeEachDb("rate limits in the database", (t) => {
  const at = (ms: number) => new Date(t().now.getTime() + ms);

  it("counts a fixed window from its first event and starts a new one after it", async () => {
    const limit = { limit: 2, windowMs: 10 * MIN };
    expect(await hitRateLimit(t().db, "rl:window", limit, at(0))).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 600,
    });
    expect(await hitRateLimit(t().db, "rl:window", limit, at(4 * MIN))).toEqual({
      allowed: true,
      count: 2,
      retryAfterSeconds: 360,
    });
    expect(await hitRateLimit(t().db, "rl:window", limit, at(9 * MIN))).toEqual({
      allowed: false,
      count: 3,
      retryAfterSeconds: 60,
    });
    expect(await hitRateLimit(t().db, "rl:window", limit, at(10 * MIN))).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 600,
    });
    expect((await hitRateLimit(t().db, "rl:other", limit, at(10 * MIN))).count).toBe(1);
  });

  it("lets exactly `limit` of many simultaneous events through", async () => {
    const hits = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(t().db, "rl:burst", { limit: 20, windowMs: 10 * MIN }, at(0))),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(20);
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
