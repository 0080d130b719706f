import { afterEach, describe, expect, it, vi } from "vitest";

const db = vi.hoisted(() => ({ execute: vi.fn(), open: vi.fn() }));
vi.mock("@/platform/db", () => ({ platformDb: () => db.open() }));

const { GET } = await import("@/app/api/health/route");
const health = async () => {
  const res = await GET();
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") };
};

describe("/api/health", () => {
  afterEach(() => vi.resetAllMocks());

  it("names the database's state: ok when it answers a query", async () => {
    db.open.mockResolvedValue({ db: { execute: db.execute } });
    db.execute.mockResolvedValue({ rows: [{ "?column?": 1 }] });
    expect(await health()).toEqual({ status: 200, body: { status: "ok", database: "ok" }, retryAfter: null });
    expect(db.execute).toHaveBeenCalledTimes(1);
  });

  it("503 when the database refuses, cannot be opened or does not answer in time; ok again once it answers", async () => {
    db.open.mockResolvedValue({ db: { execute: db.execute } });
    db.execute.mockRejectedValue(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    );
    expect(await health()).toEqual({
      status: 503,
      body: { status: "unavailable", database: "unreachable" },
      retryAfter: "5",
    });

    db.open.mockRejectedValue(new Error("RuntimeError: Aborted()"));
    expect((await health()).status).toBe(503);

    db.open.mockResolvedValue({ db: { execute: db.execute } });
    db.execute.mockReturnValue(new Promise(() => {}));
    const started = Date.now();
    expect((await health()).body.database).toBe("unreachable");
    expect(Date.now() - started).toBeLessThan(3_000);

    db.execute.mockResolvedValue({ rows: [] });
    expect((await health()).body).toEqual({ status: "ok", database: "ok" });
  });
});
