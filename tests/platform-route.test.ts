import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { tenants } from "@/platform/db/schema";
import { setPlatformDb } from "@/platform/db";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { ProductDto } from "@/contract/dto/catalog";
import type { TenantDto } from "@/contract/dto/tenants";
import { describeEachDb } from "./helpers/test-db";

/**
 * The platform API's route handler (app/api/app/[...path]): which tenant a request is served for.
 * The tenant comes from the Host header; `__tenant` counts only on a platform-only host.
 */
process.env.PLATFORM_HOSTS = "platform.internal";
const route = await import("@/app/api/app/[...path]/route");

const call = async (host: string, path: string, headers: Record<string, string> = {}) => {
  const req = new Request(`http://${host}/api/app/${path}`, { headers: { host, "accept-language": "en", ...headers } });
  const res = await route.GET(req, { params: Promise.resolve({ path: path.split("?")[0].split("/") }) });
  return { status: res.status, body: await res.json() };
};

describeEachDb("platform API route: tenant resolution", (t) => {
  beforeAll(() => {
    setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} });
  });
  beforeEach(() => clearTenantCache());

  const names = (body: { data: ProductDto[] }) => body.data.map((p) => p.name);

  it("serves the tenant of the host, ignoring a __tenant header sent to a storefront host", async () => {
    const res = await call("spa.localhost", "products", { __tenant: t().coffee.id });
    expect(res.status).toBe(200);
    expect(names(res.body)).toContain("Lavender massage oil");
    expect(names(res.body)).not.toContain("Hand grinder");
  });

  it("serves the default tenant on localhost and 404s an unknown host", async () => {
    expect(names((await call("localhost:3000", "products")).body)).toContain("Lavender massage oil");
    const unknown = await call("nowhere.localhost", "products");
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "SP:TenantNotFound" } } });
  });

  it("takes the tenant from __tenant on a platform-only host, and refuses a missing or unknown one", async () => {
    const coffee = await call("platform.internal", "products", { __tenant: t().coffee.id });
    expect(coffee.status).toBe(200);
    expect(names(coffee.body)).toContain("Hand grinder");
    expect((await call("platform.internal", "products")).status).toBe(404);
    expect(
      (await call("platform.internal", "products", { __tenant: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
    expect((await call("platform.internal", "products", { __tenant: "spa" })).status).toBe(404);
  });

  it("resolves a host to a tenant on the platform host only, without secret settings", async () => {
    await t()
      .db.update(tenants)
      .set({ settings: { ...t().coffee.settings, moyasarSecretKey: "sk_test_x", smsPassword: "p" } })
      .where(eq(tenants.id, t().coffee.id));
    const res = await call("platform.internal", "tenants/resolve?host=coffee.localhost");
    expect(res.status).toBe(200);
    const tenant = res.body.data as TenantDto;
    expect(tenant).toMatchObject({ id: t().coffee.id, slug: "coffee", name: "Bunn Roastery" });
    expect(tenant.settings.cartType).toBe("quick");
    expect(Object.keys(tenant.settings)).not.toContain("moyasarSecretKey");
    expect(Object.keys(tenant.settings)).not.toContain("smsPassword");
    expect((await call("platform.internal", "tenants/resolve?host=nowhere.localhost")).status).toBe(404);
    expect((await call("spa.localhost", "tenants/resolve?host=coffee.localhost")).status).toBe(404);
    // Characters no host name has (a NUL reaching the query would answer 500): no store there.
    for (const host of [
      "%00",
      "coffee%00.localhost",
      "%1F",
      "coffee%20.localhost",
      "coffee.localhost%0A",
      "%E2%80%8Bcoffee.localhost",
    ]) {
      const bad = await call("platform.internal", `tenants/resolve?host=${host}`);
      expect(bad.status, host).toBe(404);
      expect((bad.body as { error: { code: string } }).error.code, host).toBe("SP:TenantNotFound");
    }
  });
});
