import { describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";
import { checkCallbackUrls } from "@/platform/payments/callback-urls";
import { hostOptions, loopbackIsDefaultStore, resolveTenantByHost } from "@/platform/services/tenants";
import { attachDomain, removeDomain } from "@/platform/services/tenant-admin";
import type { PlatformError } from "@/platform/errors";
import { describeEachDb } from "./helpers/test-db";

describe("a store's own origin", () => {
  it("is https on the default port for real host names, http on this server's port for local ones", () => {
    const e = { PORT: 3000 };
    expect(siteOriginOf("rimal.sa", e)).toBe("https://rimal.sa");
    expect(siteOriginOf("spa.example.com", e)).toBe("https://spa.example.com");
    expect(siteOriginOf("spa.localhost", e)).toBe("http://spa.localhost:3000");
    expect(siteOriginOf("127.0.0.1", { PORT: 80 })).toBe("http://127.0.0.1");
    expect(siteOriginOf("rimal.sa", { ...e, PUBLIC_URL_SCHEME: "http" })).toBe("http://rimal.sa");
  });

  it("counts loopback names as the default store only outside a real deployment", () => {
    expect(loopbackIsDefaultStore({ NODE_ENV: "development", SANDBOX: false })).toBe(true);
    expect(loopbackIsDefaultStore({ NODE_ENV: "production", SANDBOX: true })).toBe(true);
    expect(loopbackIsDefaultStore({ NODE_ENV: "production", SANDBOX: false })).toBe(false);
  });
});

describeEachDb("return addresses given to payment providers", (t) => {
  const refusal = async (url: string) => {
    const err = (await checkCallbackUrls(t().db, t().spa.id, { callbackUrl: url }).then(
      () => null,
      (e: unknown) => e,
    )) as PlatformError | null;
    return err && { code: err.code, status: err.status };
  };
  const refused = { code: "SP:InvalidCallbackUrl", status: 400 };

  it("takes exactly the store's origin: its host, scheme and port; nothing else on the same host", async () => {
    const own = siteOriginOf("spa.localhost", env());
    expect(await refusal(`${own}/en/checkout/done/x?payment_method=tabby`)).toBeNull();
    const port = Number(new URL(own).port);
    for (const url of [
      `http://spa.localhost:${port + 1}/checkout/done/x`, // another service on the same host
      "http://spa.localhost/checkout/done/x", // port 80, not the store's
      `https://spa.localhost:${port}/checkout/done/x`, // another scheme
      `ws://spa.localhost:${port}/`,
      `http://user:pw@spa.localhost:${port}/`,
      `http://coffee.localhost:${port}/checkout/done/x`, // another store
      "https://evil.example/checkout/done/x",
      "javascript:alert(1)",
      "data:text/html,hi",
      "not a url",
    ]) {
      expect(await refusal(url), url).toEqual(refused);
    }
  });

  it("takes a custom domain over https on the default port only", async () => {
    const opts = { baseDomain: env().BASE_DOMAIN };
    await attachDomain(t().db, "spa", "rimal-return.sa", opts);
    try {
      expect(await refusal("https://rimal-return.sa/checkout/done/x")).toBeNull();
      expect(await refusal("https://rimal-return.sa:443/checkout/done/x")).toBeNull();
      for (const url of [
        "http://rimal-return.sa/checkout/done/x",
        "https://rimal-return.sa:8443/checkout/done/x",
        "https://rimal-return.sa.evil.example/",
      ]) {
        expect(await refusal(url), url).toEqual(refused);
      }
    } finally {
      await removeDomain(t().db, "spa", "rimal-return.sa", opts);
    }
  });

  it("does not count loopback names as a store in a real deployment", async () => {
    const dev = hostOptions({
      BASE_DOMAIN: "example.com",
      DEFAULT_TENANT: "spa",
      NODE_ENV: "development",
      SANDBOX: true,
    });
    const real = hostOptions({
      BASE_DOMAIN: "example.com",
      DEFAULT_TENANT: "spa",
      NODE_ENV: "production",
      SANDBOX: false,
    });
    for (const host of ["localhost", "127.0.0.1", "::1", "0.0.0.0"]) {
      expect((await resolveTenantByHost(t().db, host, dev))?.id, host).toBe(t().spa.id);
      expect(await resolveTenantByHost(t().db, host, real), host).toBeNull();
    }
    // The bare base domain and the stores' own names still resolve.
    expect((await resolveTenantByHost(t().db, "example.com", real))?.id).toBe(t().spa.id);
    expect((await resolveTenantByHost(t().db, "coffee.example.com", real))?.slug).toBe("coffee");
  });
});
