import { createHash } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "@/platform/db/client";
import { carts, conversionSandboxEvents, customerMessages, tenants } from "@/platform/db/schema";
import { runDueMessages } from "@/platform/notify/worker";
import { conversionsSandbox, listConversionsSandbox, SANDBOX_EVENTS_CAP } from "@/platform/sandbox/conversions";
import { SPA_CONVERSIONS } from "@/platform/seed/demo-conversions";
import { TrackingInput } from "@/contract/input/checkout";
import { listMessages } from "@/platform/notify/admin";
import {
  describeConversions,
  noShopperAsked,
  removeConversion,
  setConversions,
} from "@/platform/notify/conversions-admin";
import { main } from "@/scripts/tenant-cli";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describeEachDb } from "./helpers/test-db";
import { SANDBOX_ORIGIN, sandboxChannels } from "./helpers/message-channels";
import { paymentsHarness, providerPayments } from "./helpers/payments";
import { shoppersWithCarts } from "./helpers/checkout";
import { FILES } from "./helpers/account-api";
import { demoProduct, DEMO } from "./helpers/demo-catalog";

/**
 * The ad platforms' server-side Purchase (platform/notify/conversions.ts): the checkout's tracking
 * context kept only with consent, one outbox row per configured platform written with the order's
 * completion (once, however often it completes), sent by the worker to the conversions sandbox,
 * which refuses what the platforms refuse; a refusal is final, a fault is retried.
 */

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148";
const IP = "203.0.113.9";
const FBP = "fb.1.1714000000000.1234567890";
const FBC = "fb.1.1714000000000.IwAR2xyz";
const TRACKING = {
  consent: true,
  fbp: FBP,
  fbc: FBC,
  gaClientId: "123456789.1714000000",
  pageUrl: "http://spa.localhost/",
};
const CLIENT = { "user-agent": UA, "x-forwarded-for": IP };

/** The conversions sandbox as the worker reaches it over HTTP, without a server. */
const sandboxFetch =
  (db: Db, fault?: (url: string) => Response | null): typeof fetch =>
  async (input, init) => {
    const req = new Request(input as string, init);
    const stubbed = fault?.(req.url);
    if (stubbed) return stubbed;
    const path = new URL(req.url).pathname.split("/").filter(Boolean).slice(2);
    return conversionsSandbox(req, db, path);
  };

it("the tracking input keeps cookie values only in their documented form", () => {
  expect(TrackingInput.parse({ consent: true, fbp: FBP, fbc: FBC, gaClientId: "1.2", pageUrl: "https://x/" })).toEqual({
    consent: true,
    fbp: FBP,
    fbc: FBC,
    gaClientId: "1.2",
    pageUrl: "https://x/",
  });
  const odd = TrackingInput.parse({
    consent: true,
    fbp: "<script>",
    fbc: "fb.1.2.x y",
    gaClientId: "GA1.1.1.2",
    pageUrl: "javascript:alert(1)",
  });
  expect(odd).toEqual({ consent: true });
  expect(TrackingInput.safeParse({ consent: "yes" }).success).toBe(false);
  expect(TrackingInput.safeParse({ consent: true, fbp: "x".repeat(1001) }).success).toBe(false);
});

it("conversions refuses a file that is not credentials before opening any database, naming each problem", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "cv-")), "conversions.json");
  writeFileSync(file, JSON.stringify({ tiktok: { pixelId: "x", accessToken: "short" }, pinterest: {} }));
  const lines: string[] = [];
  const code = await main(["conversions", "spa", "--file", file, "--sandbox"], {
    log: (l) => lines.push(l),
    warn: (l) => lines.push(l),
  });
  expect(code).toBe(1);
  expect(lines.join("\n")).toMatch(/tiktok\.pixelId: .*\n.*tiktok\.accessToken: .*\n.*pinterest: not a platform/);
});

it("says when a store's shoppers can never accept tracking: the banner is on but no browser pixel shows it", () => {
  expect(noShopperAsked({})).toBe(true);
  expect(noShopperAsked({ gtmId: "  " })).toBe(true);
  expect(noShopperAsked({ consentBannerEnabled: "False" })).toBe(false);
  expect(noShopperAsked({ snapchatPixelId: "5b1f3c2e-7a4d-4e8b-9c61-2f0d8a7e4b13" })).toBe(false);
});

describeEachDb("server-side purchases", (t) => {
  const p = paymentsHarness(t);
  const pp = providerPayments(p, t);
  const db = () => t().db;
  const spa = () => t().spa;

  const outboxOf = (orderId: string) =>
    db()
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.tenantId, spa().id), like(customerMessages.dedupeKey, `conversion:%:${orderId}`)));
  const receivedFor = async (orderId: string) =>
    (await db().select().from(conversionSandboxEvents).where(eq(conversionSandboxEvents.eventId, orderId))).sort(
      (a, b) => a.platform.localeCompare(b.platform),
    );
  const work = (fetchFn = sandboxFetch(db())) => runDueMessages(db(), { channels: sandboxChannels(db(), fetchFn) });

  async function cardPaidOrder(tracking: unknown) {
    const salts = await demoProduct(db(), spa().id, DEMO.salts);
    const [entry] = await shoppersWithCarts(db(), spa(), 1, () => ({
      productId: salts.id,
      priceId: salts.priceId,
      quantity: 2,
    }));
    p.tick();
    const created = await p.api.call<{ redirectUrl: string }>(spa(), "POST", "payment/moyasar/session", {
      token: entry.shopper.token,
      headers: CLIENT,
      body: {
        reference: entry.cartId,
        token: await p.cardToken("4111111111111111"),
        tokenType: "token",
        callbackUrl: p.doneUrl(entry.cartId),
        checkout: { ...p.checkout(entry.shopper), utm: { source: "tiktok", ttclid: "tt-1", ScCid: "sc-1" }, tracking },
      },
    });
    expect(created.error).toBeUndefined();
    await p.press(created.data!.redirectUrl, "authenticate");
    const [attempt] = await p.attemptsOf(entry.cartId);
    const paid = { ...entry, provider: "moyasar" as const, attemptId: attempt.id, providerRef: attempt.providerRef! };
    // The shopper's return and the provider's webhook, at once.
    const [back, hook] = await Promise.all([p.callback(entry.shopper, entry.cartId), pp.webhook(paid)]);
    expect(back.data?.outcome).toBe("paid");
    expect(hook.status).toBe(200);
    return { ...paid, product: salts };
  }

  it("a card purchase by a consenting shopper, settled by return and webhook at once: one Purchase per platform", async () => {
    const order = await cardPaidOrder(TRACKING);
    const [row] = await db().select().from(carts).where(eq(carts.id, order.cartId));
    expect(row.tracking).toEqual({ ...TRACKING, consent: undefined, ip: IP, userAgent: UA });
    expect((await outboxOf(order.cartId)).map((m) => m.to).sort()).toEqual(["ga4", "meta", "snap", "tiktok"]);

    await work();
    // The done page again, and another browser: the pixels' claim, and the return once more.
    expect((await p.callback(order.shopper, order.cartId)).data?.outcome).toBe("paid");
    await p.api.call(spa(), "POST", `cart/${order.cartId}/purchase-event`, { token: order.shopper.token });
    await work();
    const got = await receivedFor(order.cartId);
    expect(got.map((g) => [g.platform, g.eventName])).toEqual([
      ["ga4", "purchase"],
      ["meta", "Purchase"],
      ["snap", "PURCHASE"],
      ["tiktok", "CompletePayment"],
    ]);
    const digits = row.customerMobile!.slice(1);
    const [ga4, meta, snap, tiktok] = got.map((g) => g.event);
    const total = (
      await p.api.call<{ totalAmount: number }>(spa(), "GET", `cart/${order.cartId}`, { token: order.shopper.token })
    ).data!.totalAmount;
    expect(meta).toMatchObject({
      event_id: order.cartId,
      action_source: "website",
      event_source_url: TRACKING.pageUrl,
      user_data: { ph: [sha(digits)], client_ip_address: IP, client_user_agent: UA, fbp: FBP, fbc: FBC },
      custom_data: {
        currency: "SAR",
        value: total,
        content_ids: [order.product.id],
        contents: [{ id: order.product.id, quantity: 2 }],
        content_type: "product",
        num_items: 2,
      },
    });
    const [line] = (meta.custom_data as { contents: { item_price: number }[] }).contents;
    expect(line.item_price * 2).toBeCloseTo(total, 2);
    expect(tiktok).toMatchObject({
      event_id: order.cartId,
      user: { phone: sha(`+${digits}`), ttclid: "tt-1", ip: IP, user_agent: UA },
      properties: { currency: "SAR", value: total, contents: [{ content_id: order.product.id, quantity: 2 }] },
    });
    expect(snap).toMatchObject({
      event_id: order.cartId,
      action_source: "WEB",
      user_data: { ph: [sha(digits)], client_ip_address: IP, client_user_agent: UA, sc_click_id: "sc-1" },
      custom_data: { currency: "SAR", value: total, content_ids: [order.product.id], num_items: 2 },
    });
    expect(ga4).toMatchObject({
      client_id: TRACKING.gaClientId,
      ip_override: IP,
      user_data: { sha256_phone_number: [sha(`+${digits}`)] },
      params: {
        transaction_id: order.cartId,
        currency: "SAR",
        value: total,
        items: [{ item_id: order.product.id, quantity: 2 }],
      },
    });
    // The operator's list names the platform, not a masked number.
    const lines = (await listMessages(db(), "spa")).filter((l) => l.kind === "purchase_conversion");
    expect(lines.map((l) => l.to)).toEqual(expect.arrayContaining(["meta", "tiktok", "snap", "ga4"]));
  });

  it("credentials: set from a file (Meta's pixel id from the store's setting), shown masked, removed one platform at a time", async () => {
    const secret = "EAAGsecretsecretsecret9876";
    await db()
      .update(tenants)
      .set({ settings: sql`${tenants.settings} || '{"metaPixelId":"555666777888"}'::jsonb` })
      .where(eq(tenants.slug, "coffee"));
    expect(
      await setConversions(
        db(),
        "coffee",
        { meta: { accessToken: secret }, ga4: { pixelId: "G-ABC123", accessToken: "ga4secretvalue" } },
        null,
      ),
    ).toEqual({ platforms: ["meta", "ga4"], noShopperAsked: false });
    // Set again: replaced, never doubled.
    await setConversions(db(), "coffee", { meta: { accessToken: secret } }, "sandbox");
    const shown = await describeConversions(db(), "coffee");
    expect(shown).toEqual([
      { platform: "meta", pixelId: "555666777888", accessToken: "…9876", api: "sandbox" },
      { platform: "ga4", pixelId: "G-ABC123", accessToken: "…alue", api: "live" },
    ]);
    expect(JSON.stringify(shown)).not.toContain("secretsecret");
    await expect(
      setConversions(db(), "coffee", { snap: { pixelId: "not-a-uuid", accessToken: "x" } }, null),
    ).rejects.toMatchObject({
      details: { issues: [{ key: "snap.pixelId" }, { key: "snap.accessToken" }] },
    });
    expect(await removeConversion(db(), "coffee", "ga4")).toBe(true);
    expect(await removeConversion(db(), "coffee", "ga4")).toBe(false);
    expect((await describeConversions(db(), "coffee")).map((c) => c.platform)).toEqual(["meta"]);
    await expect(removeConversion(db(), "coffee", "pinterest")).rejects.toMatchObject({ code: "SP:ValidationError" });
  });

  it("a shopper who declined tracking: nothing kept, nothing sent; without any tracking answer, the same", async () => {
    for (const tracking of [{ ...TRACKING, consent: false }, undefined]) {
      const order = await cardPaidOrder(tracking);
      expect((await db().select().from(carts).where(eq(carts.id, order.cartId)))[0].tracking).toBeNull();
      expect(await outboxOf(order.cartId)).toEqual([]);
      await work();
      expect(await receivedFor(order.cartId)).toEqual([]);
    }
  });

  it("a cash order twice submitted at once writes one row per platform", async () => {
    const salts = await demoProduct(db(), spa().id, DEMO.salts);
    const [entry] = await shoppersWithCarts(db(), spa(), 1, () => ({
      productId: salts.id,
      priceId: salts.priceId,
      quantity: 1,
    }));
    const submit = () =>
      p.api.call(spa(), "POST", `cart/${entry.cartId}/submit`, {
        token: entry.shopper.token,
        headers: CLIENT,
        body: { paymentMethod: "CASH", ...p.checkout(entry.shopper), tracking: TRACKING },
      });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.filter((a) => !a.error)).toHaveLength(1);
    expect(await outboxOf(entry.cartId)).toHaveLength(4);
  });

  it("the platform's refusal is final with its words; no answer or a 500 is tried again", async () => {
    const order = await cardPaidOrder(TRACKING);
    // Sent 8 days after the purchase: Meta refuses an event_time older than 7 days. Snap's side fails: retried.
    vi.setSystemTime(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    const fault = (url: string) => (url.includes("/conversions/snap/") ? new Response("{}", { status: 500 }) : null);
    await work(sandboxFetch(db(), fault));
    const rows = Object.fromEntries((await outboxOf(order.cartId)).map((m) => [m.to, m]));
    expect(rows.meta).toMatchObject({ status: "failed", attempts: 1 });
    expect(rows.meta.lastError).toContain(
      "meta HTTP 400: Invalid parameter: event_time must be within the last 7 days",
    );
    expect(rows.snap).toMatchObject({ status: "pending", attempts: 1 });
    expect(rows.snap.lastError).toContain("snap HTTP 500");
    expect(rows.tiktok.status).toBe("sent");
    expect(await receivedFor(order.cartId)).toHaveLength(2);
  });

  it("a bank transfer placed by a consenting shopper is a purchase too; a second submission writes nothing more", async () => {
    const salts = await demoProduct(db(), spa().id, DEMO.salts);
    const [entry] = await shoppersWithCarts(db(), spa(), 1, () => ({
      productId: salts.id,
      priceId: salts.priceId,
      quantity: 1,
    }));
    const send = () => {
      const form = new FormData();
      form.set("transferorName", "Sara");
      form.set("files", new Blob([new Uint8Array(FILES.pdf)]), "r.pdf");
      form.set("checkout", JSON.stringify({ ...p.checkout(entry.shopper), tracking: TRACKING }));
      return p.api.call(spa(), "POST", `cart/${entry.cartId}/bank-receipt`, {
        token: entry.shopper.token,
        headers: CLIENT,
        form,
      });
    };
    expect((await send()).error).toBeUndefined();
    expect((await send()).error).toBeDefined();
    expect((await outboxOf(entry.cartId)).map((m) => m.dedupeKey).sort()).toEqual(
      ["ga4", "meta", "snap", "tiktok"].map((x) => `conversion:${x}:${entry.cartId}`),
    );
  });

  it("the sandbox keeps a tenant's newest 200 events, and lists only the tenant's own", async () => {
    const now = Math.floor(Date.now() / 1000);
    const data = Array.from({ length: 205 }, (_, i) => ({
      event_name: "PURCHASE",
      event_time: now,
      event_id: `cap-${i}`,
      action_source: "WEB",
    }));
    const res = await conversionsSandbox(
      new Request(
        `${SANDBOX_ORIGIN}/sandbox/conversions/snap/v3/${SPA_CONVERSIONS.snap.pixelId}/events?access_token=${SPA_CONVERSIONS.snap.accessToken}`,
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data }) },
      ),
      db(),
      ["snap", "v3", SPA_CONVERSIONS.snap.pixelId, "events"],
    );
    expect(res.status).toBe(200);
    expect(await listConversionsSandbox(db(), spa().id, 1000)).toHaveLength(SANDBOX_EVENTS_CAP);
    expect(await listConversionsSandbox(db(), t().coffee.id)).toEqual([]);
  });

  it("the sandbox refuses what each platform refuses, with its error body", async () => {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      conversionsSandbox(
        new Request(`${SANDBOX_ORIGIN}/sandbox/conversions/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        }),
        db(),
        path.split("?")[0].split("/").filter(Boolean),
      );
    const now = Math.floor(Date.now() / 1000);
    const hash = sha("966500000001");
    const meta = (e: Record<string, unknown>, token = SPA_CONVERSIONS.meta.accessToken) =>
      post(`meta/v21.0/${SPA_CONVERSIONS.meta.pixelId}/events?access_token=${token}`, {
        data: [
          {
            event_name: "Purchase",
            event_time: now,
            event_id: "o-1",
            action_source: "website",
            user_data: { ph: [hash] },
            ...e,
          },
        ],
      });
    expect((await meta({})).status).toBe(200);
    for (const [e, text] of [
      [{ action_source: undefined }, "action_source"],
      [{ event_time: now - 8 * 24 * 3600 }, "7 days"],
      [{ event_id: undefined }, "event_id"],
      [{ user_data: { ph: ["966500000001"] } }, "SHA-256"],
    ] as const) {
      const res = await meta(e);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(text);
    }
    const badToken = await meta({}, "wrong");
    expect(badToken.status).toBe(401);
    expect(await badToken.json()).toMatchObject({ error: { code: 190 } });

    const tiktok = (e: Record<string, unknown>, token = SPA_CONVERSIONS.tiktok.accessToken) =>
      post(
        "tiktok/open_api/v1.3/event/track",
        {
          event_source: "web",
          event_source_id: SPA_CONVERSIONS.tiktok.pixelId,
          data: [{ event: "CompletePayment", event_time: now, event_id: "o-1", ...e }],
        },
        { "Access-Token": token },
      );
    expect(await (await tiktok({})).json()).toMatchObject({ code: 0 });
    expect(await (await tiktok({ event_id: undefined })).json()).toMatchObject({ code: 40002 });
    expect(await (await tiktok({ user: { phone: "+966500000001" } })).json()).toMatchObject({ code: 40002 });
    expect(await (await tiktok({}, "nope")).json()).toMatchObject({ code: 40105 });

    const snap = (e: Record<string, unknown>, token = SPA_CONVERSIONS.snap.accessToken) =>
      post(`snap/v3/${SPA_CONVERSIONS.snap.pixelId}/events?access_token=${token}`, {
        data: [{ event_name: "PURCHASE", event_time: now, event_id: "o-1", action_source: "WEB", ...e }],
      });
    expect((await snap({})).status).toBe(200);
    expect((await snap({ event_id: undefined })).status).toBe(400);
    expect((await snap({ user_data: { ph: "966500000001" } })).status).toBe(400);
    expect((await snap({}, "nope")).status).toBe(401);

    const ga4 = (b: Record<string, unknown>, secret = SPA_CONVERSIONS.ga4.accessToken) =>
      post(`ga4/mp/collect?measurement_id=${SPA_CONVERSIONS.ga4.pixelId}&api_secret=${secret}`, {
        client_id: "1.2",
        events: [{ name: "purchase", params: { transaction_id: "o-1" } }],
        ...b,
      });
    expect((await ga4({})).status).toBe(204);
    expect((await ga4({ events: [{ name: "purchase", params: {} }] })).status).toBe(400);
    expect((await ga4({ user_data: { sha256_phone_number: ["+966500000001"] } })).status).toBe(400);
    expect((await ga4({}, "nope")).status).toBe(400);
  });
});
