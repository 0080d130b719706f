import { expect, it } from "vitest";
import { handlePlatformRequest } from "@/platform/api";
import { setPlatformDb } from "@/platform/db";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { describeEachDb } from "./helpers/test-db";

process.env.PLATFORM_HOSTS = "platform.internal";
const route = await import("@/app/api/app/[...path]/route");

/**
 * Requests the fuzz suites (fuzz-*.test.ts, PGlite only) shrank a failure to, pinned here on both
 * databases: each is answered a 4xx with a code, never a 5xx.
 */
describeEachDb("fuzz findings", (t) => {
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { "accept-language": "en", ...headers } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await handlePlatformRequest(new Request("http://spa.localhost/api/app/x", init), path, t().spa, t().db);
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  }

  it("a path segment with NUL or a lone surrogate names nothing (never a 500 on a page lookup)", async () => {
    for (const path of [
      "website/pages/z/terms\u0000",
      "website/pages/%00",
      "website/pages/\ud800",
      "products/%ED%A0%80",
      "cart/\u0000/items",
    ]) {
      const res = await call("GET", path);
      expect(res, path).toMatchObject({ status: 404, body: { error: { code: "SP:EntityNotFound" } } });
    }
    expect((await call("GET", "website/pages/z/terms-and-conditions")).status).toBe(200);
  });

  it("a verified webhook naming a payment id with NUL or a lone surrogate is a 400 (never a 500 on the lookup)", async () => {
    for (const id of ["pay_\u0000", "\ud800", "a\u0001b"]) {
      const moyasar = await call("POST", "payment/webhooks/moyasar", {
        type: "payment_paid",
        secret_token: "whsec_moyasar_rimal",
        data: { id },
      });
      // Moyasar's secret is read from a body of its shape: any other body is unsigned.
      expect(moyasar, JSON.stringify(id)).toMatchObject({
        status: 401,
        body: { error: { code: "SP:InvalidWebhookSignature" } },
      });
      const tabby = await call("POST", "payment/webhooks/tabby", { id }, { "x-webhook-secret": "whsec_tabby_rimal" });
      expect(tabby, JSON.stringify(id)).toMatchObject({ status: 400, body: { error: { code: "SP:ValidationError" } } });
    }
    expect(
      (
        await call(
          "POST",
          "payment/webhooks/tabby",
          { id: "tabby_unknown" },
          { "x-webhook-secret": "whsec_tabby_rimal" },
        )
      ).status,
    ).toBe(200);
  });

  it("a __tenant header shaped like a UUID but not one is an unknown tenant (never a 500 on the lookup)", async () => {
    setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} });
    clearTenantCache();
    for (const id of ["-".repeat(36), `${"0".repeat(35)}-`, "f".repeat(36)]) {
      const req = new Request("http://platform.internal/api/app/products", {
        headers: { host: "platform.internal", __tenant: id },
      });
      const res = await route.GET(req, { params: Promise.resolve({ path: ["products"] }) });
      expect({ status: res.status, body: await res.json() }, id).toMatchObject({
        status: 404,
        body: { error: { code: "SP:TenantNotFound" } },
      });
    }
  });

  it("a webhook for a provider the store has no account with is a 404, not a 503 (spa's webhook sent to coffee)", async () => {
    const res = await handlePlatformRequest(
      new Request("http://coffee.localhost/api/app/x", {
        method: "POST",
        body: JSON.stringify({ type: "payment_paid", secret_token: "whsec_moyasar_rimal", data: { id: "pay_1" } }),
      }),
      "payment/webhooks/moyasar",
      t().coffee,
      t().db,
    );
    expect({ status: res.status, body: await res.json() }).toMatchObject({
      status: 404,
      body: { error: { code: "SP:PaymentProviderNotConfigured" } },
    });
  });
});
