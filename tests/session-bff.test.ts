import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { CartDto } from "@/contract/dto/cart";
import type { CustomerDto } from "@/contract/dto/customers";
import { describeEachDb } from "./helpers/test-db";
import { envelopeData, jar, jsonRequest, nextHeadersMock, readEnvelope, storeApi } from "./helpers/bff-harness";
import { DEMO, demoProduct } from "./helpers/demo-catalog";

/**
 * The storefront session BFF (/api/session/*) end to end on the embedded platform: route handler →
 * iron-session cookie → platform client → services → database. Next's cookie store is a plain jar
 * here (the handlers run outside a Next request); everything of ours runs for real.
 */
vi.mock("next/headers", () => nextHeadersMock());

type SessionView = { customer: CustomerDto; accessExpiresAt: number };

const request = (host: string, method: string, path: string, body?: unknown, ip = "203.0.113.7") =>
  jsonRequest(host, method, path, body, `10.0.0.1, ${ip}`);
const read = readEnvelope;
const data = envelopeData;
const getSession = async (host = "spa.localhost") =>
  data((await read<SessionView | null>(await storeApi(request(host, "GET", "/api/session")))).body);

describeEachDb("storefront session BFF", (t) => {
  let oil: { id: string; priceId: string };
  let n = 10;

  /** Signs a fresh number in through send → outbox → verify. */
  async function signIn(mobile = `+9665000000${n++}`, extra: Record<string, unknown> = {}): Promise<SessionView> {
    const sent = await read<{ token: string }>(
      await storeApi(request("spa.localhost", "POST", "/api/session/otp/send", { mobileNumber: mobile })),
    );
    expect(sent.status).toBe(200);
    const message = await latestOutboxMessage(t().db, t().spa.id, mobile);
    // The code arrives as a customer may type it: Arabic-Indic digits.
    const code = message!.code!.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const verified = await read<SessionView>(
      await storeApi(
        request("spa.localhost", "POST", "/api/session/otp/verify", { token: data(sent.body).token, code, ...extra }),
      ),
    );
    expect(verified.status).toBe(200);
    return data(verified.body);
  }

  beforeAll(async () => {
    const { db, spa } = t();
    setPlatformDb({ db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    oil = await demoProduct(db, spa.id, DEMO.oil);
  });

  beforeEach(() => {
    jar.clear();
    vi.setSystemTime(t().now);
  });

  it("signs in with the code from the outbox; the browser gets the customer and an encrypted cookie, never a token", async () => {
    const view = await signIn("+966500000010");
    expect(view.customer.mobileNumber).toBe("+966500000010");
    expect(view.accessExpiresAt).toBe(t().now.getTime() + 15 * 60_000);
    expect(JSON.stringify(view)).not.toMatch(/eyJ|access_token|refresh_token/);
    const sealed = jar.get("sf_session_spa")!;
    expect(sealed).toMatch(/^Fe26\.2\*/);
    // No JWT in clear (a bare "eyJ" can occur by chance in the seal's random base64 salt).
    expect(sealed).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./);
    expect((await getSession())?.customer.id).toBe(view.customer.id);
  });

  it("answers wrong codes with the platform's code and status, and sets no session", async () => {
    const sent = data(
      (
        await read<{ token: string }>(
          await storeApi(request("spa.localhost", "POST", "/api/session/otp/send", { mobileNumber: "0500000011" })),
        )
      ).body,
    );
    const wrong = await read(
      await storeApi(
        request("spa.localhost", "POST", "/api/session/otp/verify", { token: sent.token, code: "000000" }),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: { code: "SP:OtpCodeMismatch", message: expect.any(String), details: { remainingAttempts: 4 } },
    });
    expect(JSON.stringify(wrong.body)).not.toMatch(/ at |stack/);
    const malformed = await read(
      await storeApi(request("spa.localhost", "POST", "/api/session/otp/verify", { token: sent.token, code: "12" })),
    );
    expect(malformed.body).toMatchObject({ error: { code: "SP:ValidationError" } });
    expect(jar.has("sf_session_spa")).toBe(false);
    n++;
  });

  it("makes the guest cart the customer's on sign-in, and keeps it readable with the session", async () => {
    const guest = data(
      (
        await read<CartDto>(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    );
    expect(guest.customerId).toBeNull();
    const view = await signIn();
    const cart = data((await read<CartDto | null>(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body)!;
    expect(cart.id).toBe(jar.get("sf_cart_spa"));
    expect(cart.customerId).toBe(view.customer.id);
    expect(cart.cartItems.map((i) => i.product.id)).toEqual([oil.id]);
    // The same cart id without the session is someone else's cart: nothing.
    jar.delete("sf_session_spa");
    expect(
      data((await read<CartDto | null>(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body),
    ).toBeNull();
  });

  it("takes the cart along to another number confirmed by code in the checkout, and only then", async () => {
    const first = await signIn();
    const cart = data(
      (
        await read<CartDto>(
          await storeApi(
            request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }),
          ),
        )
      ).body,
    );
    expect(cart.customerId).toBe(first.customer.id);

    // A plain sign-in with another number (in a copy of this browser) leaves the first customer's cart where it is.
    const browser = new Map(jar);
    const plain = await signIn();
    expect(
      data((await read<CartDto | null>(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body)
        ?.cartItems ?? [],
    ).toEqual([]);
    jar.clear();
    for (const [name, value] of browser) jar.set(name, value);

    // Confirming another number for the order: the same cart, with its line, now the new customer's.
    const second = await signIn(undefined, { keepCart: true });
    expect(second.customer.id).not.toBe(first.customer.id);
    expect(second.customer.id).not.toBe(plain.customer.id);
    const moved = data(
      (await read<CartDto | null>(await storeApi(request("spa.localhost", "GET", "/api/cart")))).body,
    )!;
    expect(moved.id).toBe(cart.id);
    expect(moved.customerId).toBe(second.customer.id);
    expect(moved.cartItems.map((i) => i.product.id)).toEqual([oil.id]);
  });

  it("logs out a spa session presented on coffee, and clears it", async () => {
    await signIn();
    jar.set("sf_session_coffee", jar.get("sf_session_spa")!);
    expect(await getSession("coffee.localhost")).toBeNull();
    expect(jar.has("sf_session_coffee")).toBe(false);
  });

  it("refreshes an expired token within a day, once for concurrent requests", async () => {
    const view = await signIn();
    vi.setSystemTime(view.accessExpiresAt + 60 * 60_000);
    const [a, b, c] = await Promise.all([getSession(), getSession(), getSession()]);
    expect([a, b, c].map((s) => s?.customer.id)).toEqual([view.customer.id, view.customer.id, view.customer.id]);
    expect(a!.accessExpiresAt).toBeGreaterThan(Date.now());
    // Had two of them rotated the same refresh token, the family would be revoked by now.
    vi.setSystemTime(a!.accessExpiresAt + 60_000);
    expect((await getSession())?.customer.id).toBe(view.customer.id);
  });

  it("resets and logs out more than a day past expiry", async () => {
    const view = await signIn();
    vi.setSystemTime(view.accessExpiresAt + 864e5 + 1);
    expect(await getSession()).toBeNull();
    expect(jar.has("sf_session_spa")).toBe(false);
  });

  it("rotates on the browser's scheduled refresh", async () => {
    const view = await signIn();
    const before = jar.get("sf_session_spa");
    vi.setSystemTime(view.accessExpiresAt - 10_000);
    const refreshed = data(
      (await read<SessionView | null>(await storeApi(request("spa.localhost", "POST", "/api/session/refresh")))).body,
    );
    expect(refreshed?.accessExpiresAt).toBe(view.accessExpiresAt + 15 * 60_000 - 10_000);
    expect(jar.get("sf_session_spa")).not.toBe(before);
  });

  it("logs out: refresh token revoked, session and cart cookies cleared", async () => {
    await storeApi(request("spa.localhost", "POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId }));
    await signIn();
    const old = jar.get("sf_session_spa")!;
    expect(data((await read(await storeApi(request("spa.localhost", "POST", "/api/session/logout")))).body)).toBeNull();
    expect(jar.has("sf_session_spa")).toBe(false);
    expect(jar.has("sf_cart_spa")).toBe(false);
    // A copy of the old cookie cannot be refreshed any more.
    jar.set("sf_session_spa", old);
    expect(
      data((await read(await storeApi(request("spa.localhost", "POST", "/api/session/refresh")))).body),
    ).toBeNull();
    expect(jar.has("sf_session_spa")).toBe(false);
  });

  it("refuses account changes without a session, and saves them with one", async () => {
    const refused = await read(
      await storeApi(request("spa.localhost", "PUT", "/api/session/profile", { name: "Noura" })),
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: "SP:Unauthorized" } });
    await signIn();
    const saved = data(
      (
        await read<CustomerDto>(
          await storeApi(
            request("spa.localhost", "PUT", "/api/session/profile", { name: "  Noura  ", email: "Noura@Example.com" }),
          ),
        )
      ).body,
    );
    expect(saved).toMatchObject({ name: "Noura", email: "noura@example.com" });
  });

  it("passes an upload on to the platform and shows it to its owner only", async () => {
    await signIn();
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d2b5f50000000049454e44ae426082",
      "hex",
    );
    const form = new FormData();
    form.set("file", new Blob([png]), "photo.png");
    const uploaded = await read<{ name: string; contentType: string }>(
      await storeApi(
        new Request("http://spa.localhost/api/session/uploads", {
          method: "POST",
          headers: { host: "spa.localhost" },
          body: form,
        }),
      ),
    );
    const { name, contentType } = data(uploaded.body);
    expect(contentType).toBe("image/png");
    const shown = await storeApi(request("spa.localhost", "GET", `/api/session/uploads/${name}`));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await shown.arrayBuffer()).equals(png)).toBe(true);
    // Another customer (or nobody) gets nothing.
    await signIn();
    expect((await storeApi(request("spa.localhost", "GET", `/api/session/uploads/${name}`))).status).toBe(404);
    jar.clear();
    expect((await storeApi(request("spa.localhost", "GET", `/api/session/uploads/${name}`))).status).toBe(401);
  });
});
