import { beforeAll, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { clearTenantCache, tenantCacheSize, tenantForSite } from "@/lib/platform-client/tenants";
import { PageStore } from "@/lib/page-cache/store";
import { describeEachDb } from "./helpers/test-db";

/**
 * Per-host state is bounded: made-up Host names (2,000 of them, as a scanner sends) leave at most
 * the negative cache's entries behind, and never push the real stores out.
 */
describeEachDb("bounded per-host caches", (t) => {
  beforeAll(() => {
    setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} });
    clearTenantCache();
  });

  it("2,000 unknown hosts leave at most 256 remembered, and the stores stay known", async () => {
    expect((await tenantForSite("spa.localhost"))?.slug).toBe("spa");
    for (let i = 0; i < 2000; i++) expect(await tenantForSite(`x${i}-${"a".repeat(180)}.example.com`)).toBeNull();
    const size = tenantCacheSize();
    expect(size.unknown).toBeLessThanOrEqual(256);
    expect(size.known).toBe(1);
    expect((await tenantForSite("spa.localhost"))?.slug).toBe("spa");
  });
});

it("the page store is bounded by entries as well as by bytes", () => {
  const store = new PageStore(1_000_000, 3);
  for (const key of ["a", "b", "c", "d"])
    store.set(key, { parts: [Buffer.from(key)], status: 200, headers: [], version: "1", storedAt: 0 });
  expect(store.size).toBe(3);
  expect(store.get("a")).toBeUndefined();
  expect(store.get("d")?.parts.toString()).toBe("d");
});
