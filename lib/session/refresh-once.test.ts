import { describe, expect, it, vi } from "vitest";
import { refreshOnce } from "./refresh-once";

const answer = (refresh_token: string) => ({ access_token: `a-${refresh_token}`, refresh_token });

describe("one refresh per refresh token", () => {
  it("shares one platform call between concurrent requests carrying the same cookie", async () => {
    const call = vi.fn(async () => answer("t1-next"));
    const results = await Promise.all([1, 2, 3, 4].map(() => refreshOnce("t1", call)));
    expect(call).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.refresh_token))).toEqual(new Set(["t1-next"]));
  });

  it("hands the answer to a request that arrives a little later with the old cookie", async () => {
    const call = vi.fn(async () => answer("t2-next"));
    await refreshOnce("t2", call);
    await expect(refreshOnce("t2", call)).resolves.toMatchObject({ refresh_token: "t2-next" });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("forgets the shared answer once its own refresh token is spent (handing it out would be a reuse)", async () => {
    const first = vi.fn(async () => answer("t3-b"));
    await refreshOnce("t3-a", first);
    await refreshOnce("t3-b", async () => answer("t3-c"));
    const again = vi.fn(async () => answer("never"));
    await expect(refreshOnce("t3-a", again)).resolves.toMatchObject({ refresh_token: "never" });
    expect(again).toHaveBeenCalledTimes(1);
  });

  it("does not remember a failure: the next request tries again", async () => {
    await expect(refreshOnce("t4", async () => Promise.reject(new Error("outage")))).rejects.toThrow("outage");
    await expect(refreshOnce("t4", async () => answer("t4-next"))).resolves.toMatchObject({ refresh_token: "t4-next" });
  });

  it("lets the shared answer lapse after its window", async () => {
    const call = vi.fn(async () => answer("t5-next"));
    await refreshOnce("t5", call);
    await refreshOnce("t5", call, Date.now() + 31_000);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
