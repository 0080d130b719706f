import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customerMessages } from "@/platform/db/schema";
import { listMessages, maskNumber, retryMessage } from "@/platform/notify/admin";
import { MAX_MESSAGE_ATTEMPTS, runDueMessages, type Channels } from "@/platform/notify/worker";
import { outboxSender } from "@/platform/providers/sms";
import { PlatformError } from "@/platform/errors";
import { main } from "@/scripts/tenant-cli";
import { describeWhatsApp, setWhatsApp } from "@/platform/notify/whatsapp-admin";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkoutApi } from "./helpers/checkout";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb } from "./helpers/test-db";

/**
 * `npm run tenant -- messages <slug>` (platform/notify/admin.ts): what the operator sees of a
 * store's customer messages — the failed ones first, the number masked — and `--retry`, which
 * queues a failed one again, once.
 */

const channels = (fail: boolean): Channels => ({
  sms: fail
    ? () => ({
        send: async () => {
          throw new Error("gateway refused: HTTP 401");
        },
      })
    : outboxSender,
  smsInDatabase: !fail,
  sandbox: { enabled: true, origin: "http://127.0.0.1:9" },
  fetch,
});

describeEachDb("messages CLI", (t) => {
  const api = checkoutApi(() => t().db);

  it("whatsapp: sets a sender whose token is only ever shown masked, and refuses a file with a kind or language it does not know", async () => {
    const token = "EAAGsecretsecretsecret1234";
    const input = {
      phoneNumberId: "10987654321",
      accessToken: token,
      templates: { order_placed: { name: "order_update", languages: { ar: "ar", en: "en_US" } } },
    };
    expect(await setWhatsApp(t().db, "coffee", input, null)).toEqual({ replaced: false, kinds: ["order_placed"] });
    const shown = await describeWhatsApp(t().db, "coffee");
    expect(shown).toMatchObject({ phoneNumberId: "10987654321", api: "live", accessToken: "…1234" });
    expect(JSON.stringify(shown)).not.toContain("secretsecret");
    const bad = {
      ...input,
      templates: {
        order_shipped: { name: "x", languages: { ar: "ar" } },
        order_paid: { name: "Bad Name", languages: { fr: "fr" } },
      },
    };
    await expect(setWhatsApp(t().db, "coffee", bad, null)).rejects.toMatchObject({
      details: {
        issues: [
          { key: "templates.order_shipped" },
          { key: "templates.order_paid.name" },
          { key: "templates.order_paid.languages.fr" },
        ],
      },
    });
    expect((await describeWhatsApp(t().db, "coffee"))!.templates).toEqual(input.templates);
  });

  it("lists the failed first with the number masked and the last error; --retry queues it again once, and it is sent", async () => {
    const salts = await demoProduct(t().db, t().spa.id, DEMO.salts);
    const now = t().now;
    const placeOrder = async () => {
      const { shopper, cart } = await api.cartWith(t().spa, [
        { productId: salts.id, priceId: salts.priceId, quantity: 1 },
      ]);
      expect((await api.submit(t().spa, shopper, cart.id)).status).toBe(200);
      const [row] = await t().db.select().from(customerMessages).where(eq(customerMessages.to, shopper.mobileNumber));
      return { shopper, row };
    };
    // The first order's message is sent; the second's fails every try.
    const first = await placeOrder();
    await runDueMessages(t().db, { now, channels: channels(false), limit: 100 });
    const second = await placeOrder();
    let at = new Date(now.getTime() + 60_000);
    for (let i = 0; i < MAX_MESSAGE_ATTEMPTS; i++) {
      await runDueMessages(t().db, { now: at, channels: channels(true), limit: 100 });
      at = new Date(at.getTime() + 2 * 60 * 60 * 1000);
    }
    const sentRow = first.row;
    const placed = [first, second];

    const lines = await listMessages(t().db, "spa");
    const failed = lines.find((l) => l.status === "failed")!;
    expect(lines[0]).toEqual(failed);
    expect(failed).toMatchObject({ kind: "order_placed", attempts: MAX_MESSAGE_ATTEMPTS });
    expect(failed.lastError).toContain("gateway refused");
    expect(failed.to).toBe(maskNumber(placed[1].shopper.mobileNumber));
    expect(failed.to).not.toContain(placed[1].shopper.mobileNumber.slice(5, 9));
    expect((await listMessages(t().db, "spa", { status: "sent" })).every((l) => l.status === "sent")).toBe(true);

    // Retried twice: queued once, the second is refused (it is not failed any more).
    await retryMessage(t().db, "spa", failed.id, at);
    await expect(retryMessage(t().db, "spa", failed.id, at)).rejects.toBeInstanceOf(PlatformError);
    await expect(retryMessage(t().db, "spa", sentRow.id, at)).rejects.toBeInstanceOf(PlatformError);
    await expect(retryMessage(t().db, "coffee", failed.id, at)).rejects.toBeInstanceOf(PlatformError);
    expect((await runDueMessages(t().db, { now: at, channels: channels(false), limit: 100 })).sent).toBe(1);
    const [after] = await t().db.select().from(customerMessages).where(eq(customerMessages.id, failed.id));
    expect(after).toMatchObject({ status: "sent", attempts: 1 });
  });
});

it("refuses a status it does not know before opening any database", async () => {
  const lines: string[] = [];
  const code = await main(["messages", "spa", "--status", "lost"], {
    log: (l) => lines.push(l),
    warn: (l) => lines.push(l),
  });
  expect(code).toBe(1);
  expect(lines.join("\n")).toContain("--status takes pending, sent, failed, cancelled");
});

it("whatsapp refuses a file that is not a sender before opening any database, naming each problem", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "wa-")), "whatsapp.json");
  writeFileSync(file, JSON.stringify({ phoneNumberId: "abc", templates: {} }));
  const lines: string[] = [];
  const code = await main(["whatsapp", "spa", "--file", file, "--sandbox"], {
    log: (l) => lines.push(l),
    warn: (l) => lines.push(l),
  });
  expect(code).toBe(1);
  expect(lines.join("\n")).toMatch(/phoneNumberId: .*\n.*accessToken: /);
});
