import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/platform/db/client";
import { carts, customerMessages, smsOutbox, tenantWhatsApp, whatsappSandboxMessages } from "@/platform/db/schema";
import { enqueueOrderMessage } from "@/platform/notify/order-messages";
import { GRAPH_VERSION, sendWhatsAppTemplate, WhatsAppRefused } from "@/platform/notify/whatsapp";
import { runDueMessages } from "@/platform/notify/worker";
import { whatsappSandbox } from "@/platform/sandbox/whatsapp";
import { SPA_WHATSAPP } from "@/platform/seed/demo-whatsapp";
import { newShopper } from "./helpers/checkout";
import { describeEachDb } from "./helpers/test-db";
import { SANDBOX_ORIGIN, sandboxChannels } from "./helpers/message-channels";

/**
 * WhatsApp Business Cloud API templates (platform/notify/whatsapp.ts): the request as Meta documents
 * it; the sandbox (platform/sandbox/whatsapp.ts) refusing what Meta refuses with Meta's codes; the
 * worker sending a kind by its tenant's template, by text message when Meta refuses it, and again
 * later (never by text) when Meta does not answer.
 */

const ORIGIN = SANDBOX_ORIGIN;
const channels = sandboxChannels;

const sandboxPost = (db: Db, body: unknown, token = SPA_WHATSAPP.accessToken) =>
  whatsappSandbox(
    new Request(`${ORIGIN}/sandbox/whatsapp/${GRAPH_VERSION}/${SPA_WHATSAPP.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    db,
    [GRAPH_VERSION, SPA_WHATSAPP.phoneNumberId, "messages"],
  );

const template = (over: { to?: string; name?: string; params?: string[] } = {}) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to: over.to ?? "+966551112233",
  type: "template",
  template: {
    name: over.name ?? "order_update",
    language: { code: "ar" },
    components: [
      {
        type: "body",
        parameters: (over.params ?? ["Rimal", "AB23CD", "https://x/o"]).map((text) => ({ type: "text", text })),
      },
    ],
  },
});

it("sends a template exactly as the Cloud API documents it, and tells a refusal from no answer", async () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answer = (status: number, body: unknown): typeof fetch =>
    (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json(body, { status });
    }) as unknown as typeof fetch;
  const cfg = { phoneNumberId: "1234567890", accessToken: "EAAtoken" };
  const m = { to: "+966551112233", template: { name: "order_update", language: "en" }, parameters: ["A", "B", "C"] };
  const id = await sendWhatsAppTemplate(
    cfg,
    "https://graph.facebook.com",
    m,
    answer(200, { messages: [{ id: "wamid.1" }] }),
  );
  expect(id).toBe("wamid.1");
  expect(calls[0].url).toBe(`https://graph.facebook.com/${GRAPH_VERSION}/1234567890/messages`);
  expect(calls[0].init.method).toBe("POST");
  expect((calls[0].init.headers as Record<string, string>).authorization).toBe("Bearer EAAtoken");
  expect(JSON.parse(calls[0].init.body as string)).toEqual({
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: "+966551112233",
    type: "template",
    template: {
      name: "order_update",
      language: { code: "en" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "A" },
            { type: "text", text: "B" },
            { type: "text", text: "C" },
          ],
        },
      ],
    },
  });
  const refused = await sendWhatsAppTemplate(
    cfg,
    "https://g",
    m,
    answer(404, { error: { code: 132001, message: "(#132001) x" } }),
  ).catch((e) => e);
  expect(refused).toBeInstanceOf(WhatsAppRefused);
  expect(refused.code).toBe(132001);
  for (const status of [500, 429]) {
    const failed = await sendWhatsAppTemplate(cfg, "https://g", m, answer(status, {})).catch((e) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(WhatsAppRefused);
  }
});

describeEachDb("WhatsApp", (t) => {
  it("the sandbox takes a registered template and refuses as Meta does: unknown template 132001, wrong count 132000, not E.164, wrong token", async () => {
    const db = t().db;
    const ok = await sandboxPost(db, template({ to: "+966551110001" }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      messaging_product: "whatsapp",
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });

    const cases: [unknown, number, number][] = [
      [template({ name: "no_such_template" }), 404, 132001],
      [template({ params: ["Rimal", "AB23CD"] }), 400, 132000],
      [template({ params: ["Rimal", "AB23CD", "x", "y"] }), 400, 132000],
      [template({ to: "0551110001" }), 400, 100],
      [template({ to: "966551110001" }), 400, 100],
    ];
    for (const [body, status, code] of cases) {
      const res = await sandboxPost(db, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const { error } = (await res.json()) as {
        error: { code: number; message: string; type: string; fbtrace_id: string };
      };
      expect(error).toMatchObject({ code, type: "OAuthException", message: expect.stringContaining(`(#${code})`) });
      expect(error.fbtrace_id).toBeTruthy();
    }
    const wrongToken = await sandboxPost(db, template(), "EAAnot_this_one");
    expect(wrongToken.status).toBe(401);
    expect(((await wrongToken.json()) as { error: { code: number } }).error.code).toBe(190);
    // Only the one it took is recorded.
    const recorded = await db.select().from(whatsappSandboxMessages);
    expect(recorded.filter((r) => r.to.startsWith("+96655111"))).toHaveLength(1);
  });

  async function cancelledMessage(db: Db) {
    const shopper = await newShopper(db, t().spa);
    const [order] = await db
      .insert(carts)
      .values({
        tenantId: t().spa.id,
        customerId: shopper.id,
        status: "completed",
        orderNumber: `WA${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
        customerMobile: shopper.mobileNumber,
        locale: "en",
      })
      .returning();
    await enqueueOrderMessage(db, t().spa.id, "booking_cancelled", order.id, {
      orderId: order.id,
      bookingId: order.id,
    });
    return { shopper, order };
  }

  const rowOf = async (db: Db, to: string) =>
    (await db.select().from(customerMessages).where(eq(customerMessages.to, to)))[0];

  it("sends a kind with a template by WhatsApp: the store, the order's number and its link as the body's parameters, once", async () => {
    const db = t().db;
    const { shopper, order } = await cancelledMessage(db);
    await runDueMessages(db, { now: t().now, channels: channels(db) });
    await runDueMessages(db, { now: new Date(t().now.getTime() + 3_600_000), channels: channels(db) });
    const sent = await db
      .select()
      .from(whatsappSandboxMessages)
      .where(eq(whatsappSandboxMessages.to, shopper.mobileNumber));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: "booking_cancelled", language: "en" });
    expect(sent[0].parameters[0]).toBe("Rimal Wellness");
    expect(sent[0].parameters[1]).toBe(order.orderNumber);
    expect(sent[0].parameters[2]).toMatch(new RegExp(`/en/orders/${order.id}\\?key=`));
    expect(await rowOf(db, shopper.mobileNumber)).toMatchObject({ status: "sent", channel: "whatsapp" });
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.to, shopper.mobileNumber))).toHaveLength(0);
  });

  it("a template Meta refuses goes by text message instead, the refusal kept; no answer from Meta is retried, never doubled by text", async () => {
    const db = t().db;
    const [before] = await db.select().from(tenantWhatsApp).where(eq(tenantWhatsApp.tenantId, t().spa.id));
    await db
      .update(tenantWhatsApp)
      .set({
        templates: {
          ...before.templates,
          booking_cancelled: { name: "not_approved", languages: { en: "en", ar: "ar" } },
        },
      })
      .where(eq(tenantWhatsApp.tenantId, t().spa.id));
    try {
      const { shopper, order } = await cancelledMessage(db);
      await runDueMessages(db, { now: t().now, channels: channels(db) });
      const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.to, shopper.mobileNumber));
      expect(texts).toHaveLength(1);
      expect(texts[0].text).toContain(order.orderNumber!);
      expect(await rowOf(db, shopper.mobileNumber)).toMatchObject({
        status: "sent",
        channel: "sms",
        lastError: expect.stringContaining("132001"),
      });
    } finally {
      await db
        .update(tenantWhatsApp)
        .set({ templates: before.templates })
        .where(eq(tenantWhatsApp.tenantId, t().spa.id));
    }

    const { shopper } = await cancelledMessage(db);
    const down = (async () => new Response("upstream", { status: 503 })) as unknown as typeof fetch;
    await runDueMessages(db, { now: t().now, channels: channels(db, down) });
    expect(await rowOf(db, shopper.mobileNumber)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringContaining("503"),
    });
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.to, shopper.mobileNumber))).toHaveLength(0);
  });
});
