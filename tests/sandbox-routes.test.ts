import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/platform/db/client";
import { setPlatformDb } from "@/platform/db";
import { startSandboxServer } from "@/platform/sandbox/node-server";
import { openTestDatabase } from "./helpers/test-db";

// The Next route app/sandbox/[provider]/[...path] (the gate, one for every provider's sandbox) and
// the node:http mount for other suites.

const route = () => import("@/app/sandbox/[provider]/[...path]/route");

describe("sandbox routes", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    setPlatformDb({ ...handle, close: async () => {} });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.resetModules();
    await handle.close();
  });

  it("serve each provider's API and browser scripts on any host", async () => {
    const init = await (await route()).POST(
      new Request("http://spa.localhost:3000/sandbox/myfatoorah/v2/InitiateSession", {
        method: "POST",
        headers: { authorization: "Bearer mf_test_x" },
        body: "{}",
      }),
    );
    expect(init.status).toBe(200);
    expect(await init.json()).toMatchObject({ IsSuccess: true, Data: { CountryCode: "SAU" } });
    const scripts: [string, string][] = [
      ["/sandbox/myfatoorah/cardview/v1/session.js", "window.myFatoorah"],
      ["/sandbox/tabby/tabby-card.js", "window.TabbyCard"],
      ["/sandbox/tamara/widget-v2/tamara-widget.js", 'customElements.define("tamara-widget"'],
    ];
    for (const [path, marker] of scripts) {
      const res = await (await route()).GET(new Request(`http://coffee.localhost${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(await res.text()).toContain(marker);
    }
    const frame = await (await route()).GET(
      new Request(
        "http://spa.localhost/sandbox/myfatoorah/cardview/v1/frame?sessionId=s1&networks=md,v&language=ar&origin=http://spa.localhost",
      ),
    );
    const html = await frame.text();
    expect(frame.headers.get("x-frame-options")).toBeNull();
    expect(html).toContain('dir="rtl"');
    for (const label of ["رقم البطاقة", "الاسم على البطاقة", "الشهر", "السنة", "رمز التحقق"])
      expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('"networks":["md","v"]');
    // A path that names no provider's sandbox is not answered.
    for (const path of ["/sandbox/paypal/v1/payments", "/sandbox/tabby", "/sandbox/constructor/x"])
      expect((await (await route()).GET(new Request(`http://spa.localhost${path}`))).status, path).toBe(404);
  });

  it("escapes what it echoes into the frame page", async () => {
    const res = await (await route()).GET(
      new Request(
        `http://spa.localhost/sandbox/myfatoorah/cardview/v1/frame?sessionId=${encodeURIComponent("</script><script>alert(1)</script>")}`,
      ),
    );
    expect(await res.text()).not.toContain("<script>alert(1)");
  });

  it("are not there when sandboxes are off or the platform is external", async () => {
    for (const [name, value] of [
      ["SANDBOX", "off"],
      ["PLATFORM_API_URL", "http://platform.internal:3100"],
    ]) {
      vi.resetModules();
      vi.unstubAllEnvs();
      vi.stubEnv(name, value);
      const res = await (await route()).GET(
        new Request("http://spa.localhost/sandbox/moyasar/v1/payments/x", {
          headers: { authorization: `Basic ${btoa("sk_test_a:")}` },
        }),
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("mount on a node:http server for other suites", async () => {
    const server = await startSandboxServer(handle.db);
    try {
      const res = await fetch(`${server.origin}/sandbox/tamara/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(401);
      const token = await fetch(`${server.origin}/sandbox/moyasar/v1/tokens`, {
        method: "POST",
        headers: { authorization: `Basic ${btoa("pk_test_a:")}`, "content-type": "application/json" },
        body: JSON.stringify({
          name: "Sara Ahmed",
          number: "4111 1111 1111 1111",
          month: 1,
          year: new Date().getFullYear() + 1,
          cvc: "123",
        }),
      });
      expect(token.status).toBe(201);
      expect((await fetch(`${server.origin}/elsewhere`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
