import { expect, it } from "vitest";
import { like } from "drizzle-orm";
import { customerMessages, otpChallenges, rateLimits, smsOutbox, whatsappSandboxMessages } from "@/platform/db/schema";
import { CUSTOMER_MESSAGES_KEPT_DAYS, pruneExpired } from "@/platform/services/housekeeping";
import { describeEachDb } from "./helpers/test-db";

describeEachDb("housekeeping", (t) => {
  it("deletes expired codes, old rate windows and old sandbox SMS and WhatsApp messages, and keeps current ones", async () => {
    const { db, spa, now } = t();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await db.insert(otpChallenges).values([
      {
        tenantId: spa.id,
        mobileNumber: "+966500000009",
        purpose: "CustomerLogin",
        tokenHash: "old",
        codeHash: "x",
        expiresAt: ago(2),
      },
      {
        tenantId: spa.id,
        mobileNumber: "+966500000009",
        purpose: "CustomerLogin",
        tokenHash: "new",
        codeHash: "x",
        expiresAt: new Date(now.getTime() + 60_000),
      },
    ]);
    await db.insert(rateLimits).values([
      { key: "old-window", windowStart: ago(2), count: 3 },
      { key: "new-window", windowStart: now, count: 1 },
    ]);
    await db.insert(smsOutbox).values([
      { tenantId: spa.id, to: "+966500000009", text: "old", createdAt: ago(8) },
      { tenantId: spa.id, to: "+966500000009", text: "new", createdAt: now },
    ]);
    const sandboxed = { phoneNumberId: "1", to: "+966500000009", template: "t", language: "ar", parameters: [] };
    await db.insert(whatsappSandboxMessages).values([
      { ...sandboxed, template: "old", createdAt: ago(8) },
      { ...sandboxed, template: "new", createdAt: now },
    ]);
    const pruned = await pruneExpired(db, now);
    expect(pruned).toMatchObject({ codes: 1, windows: 1, sms: 1, whatsapp: 1 });
    expect((await db.select().from(whatsappSandboxMessages)).map((r) => r.template)).toEqual(["new"]);
    expect((await db.select().from(otpChallenges)).map((r) => r.tokenHash)).toEqual(["new"]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["new-window"]);
    expect((await db.select().from(smsOutbox)).map((r) => r.text)).toEqual(["new"]);
  });
});

describeEachDb("housekeeping of customer messages", (t) => {
  it("drops messages done with for more than the kept days, never a pending one however old", async () => {
    const { db, spa, now } = t();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (key: string, status: string, days: number) => ({
      tenantId: spa.id,
      kind: "order_placed",
      dedupeKey: `housekeeping:${key}`,
      to: "+966500000009",
      locale: "ar",
      status,
      createdAt: ago(days),
    });
    await db
      .insert(customerMessages)
      .values([
        row("old-sent", "sent", CUSTOMER_MESSAGES_KEPT_DAYS + 1),
        row("old-cancelled", "cancelled", CUSTOMER_MESSAGES_KEPT_DAYS + 1),
        row("old-failed", "failed", CUSTOMER_MESSAGES_KEPT_DAYS + 1),
        row("old-pending", "pending", CUSTOMER_MESSAGES_KEPT_DAYS + 1),
        row("recent-sent", "sent", CUSTOMER_MESSAGES_KEPT_DAYS - 1),
      ]);
    const pruned = await pruneExpired(db, now);
    expect(pruned.messages).toBe(3);
    const left = await db
      .select({ key: customerMessages.dedupeKey })
      .from(customerMessages)
      .where(like(customerMessages.dedupeKey, "housekeeping:%"));
    expect(left.map((r) => r.key).sort()).toEqual(["housekeeping:old-pending", "housekeeping:recent-sent"]);
  });
});
