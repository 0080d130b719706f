import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "@/platform/db/client";
import { carts, customerMessages, smsOutbox, tenants } from "@/platform/db/schema";
import { enqueueMessage } from "@/platform/notify/outbox";
import {
  claimDueMessages,
  MAX_MESSAGE_ATTEMPTS,
  MESSAGE_LEASE_MS,
  retryDelayMs,
  runDueMessages,
  startMessageWorker,
  type Channels,
} from "@/platform/notify/worker";
import { outboxSender } from "@/platform/providers/sms";
import { codeInText, latestOutboxMessage } from "@/platform/services/sms-outbox";
import { otpMessage } from "@/platform/services/otp-rules";
import { enqueueOrderMessage } from "@/platform/notify/order-messages";
import { seedDemo } from "@/platform/seed/demo";
import { checkoutApi, newShopper } from "./helpers/checkout";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb, suiteNow } from "./helpers/test-db";

/**
 * The customer messages' worker (platform/notify/worker.ts) on each database: an order's
 * confirmation leaves once, through the sandbox outbox, naming the order; claims, leases, retries,
 * and two workers (two connection pools on PostgreSQL, like two instances) sending each message once.
 */

const root = path.resolve(__dirname, "..");

/** The outbox as the demo sends: text messages into this database's sandbox outbox. */
const outboxChannels: Channels = {
  sms: outboxSender,
  smsInDatabase: true,
  sandbox: { enabled: true, origin: "http://127.0.0.1:9" },
  fetch,
};

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

async function smsTo(db: Db, to: string) {
  return db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
}

async function messagesTo(db: Db, to: string) {
  return db.select().from(customerMessages).where(eq(customerMessages.to, to));
}

describeEachDb("customer messages worker", (t) => {
  const api = checkoutApi(() => t().db);
  let salts: { id: string; priceId: string };

  beforeAll(async () => {
    salts = await demoProduct(t().db, t().spa.id, DEMO.salts);
  });

  /** A cash order of the rose bath salts, placed in `locale`, answered with its number and the shopper's mobile. */
  async function cashOrder(locale: "ar" | "en") {
    const { shopper, cart } = await api.cartWith(t().spa, [
      { productId: salts.id, priceId: salts.priceId, quantity: 1 },
    ]);
    const placed = await api.call(t().spa, "POST", `cart/${cart.id}/submit`, {
      token: shopper.token,
      body: api.submitBody(shopper),
      locale,
    });
    expect(placed.error).toBeUndefined();
    return { shopper, cartId: cart.id, number: placed.data!.orderNumber! };
  }

  /** Runs ticks at `now` until one claims nothing. */
  async function drain(db: Db, now: Date, channels = outboxChannels) {
    for (let i = 0; i < 50; i++) if ((await runDueMessages(db, { now, channels })).claimed === 0) return;
    throw new Error("the outbox did not drain");
  }

  it("sends a cash order's confirmation once, in the order's language, naming the order and its link, never read as a sign-in code", async () => {
    const { shopper, cartId, number } = await cashOrder("en");
    const [written] = await messagesTo(t().db, shopper.mobileNumber);
    expect(written).toMatchObject({
      kind: "order_placed",
      status: "pending",
      locale: "en",
      dedupeKey: `order_placed:${cartId}`,
    });
    expect(await smsTo(t().db, shopper.mobileNumber)).toHaveLength(0);

    await drain(t().db, t().now);
    await drain(t().db, later(t().now, MESSAGE_LEASE_MS * 3));
    const sent = await smsTo(t().db, shopper.mobileNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(number);
    expect(sent[0].text).toContain("Rimal");
    expect(sent[0].text).toMatch(new RegExp(`http://spa\\.localhost(:\\d+)?/en/orders/${cartId}\\?key=[\\w-]{32}$`));
    expect(codeInText(sent[0].text)).toBeNull();
    const [row] = await messagesTo(t().db, shopper.mobileNumber);
    expect(row).toMatchObject({ status: "sent", channel: "sms", attempts: 1, lockedUntil: null });
  });

  it("writes the Arabic order's confirmation in Arabic, without the /en prefix", async () => {
    const { shopper, cartId, number } = await cashOrder("ar");
    await drain(t().db, t().now);
    const [sent] = await smsTo(t().db, shopper.mobileNumber);
    expect(sent.text).toContain(`طلبك رقم ${number}`);
    expect(sent.text).toContain(`/orders/${cartId}?key=`);
    expect(sent.text).not.toContain("/en/");
  });

  it("an order whose number is six digits is not read as a sign-in code: the sign-in reader still finds the code sent before it", async () => {
    const shopper = await newShopper(t().db, t().spa);
    await outboxSender(t().db, t().spa.id).send(shopper.mobileNumber, otpMessage("ar", "Rimal Wellness", "135790"));
    const [order] = await t()
      .db.insert(carts)
      .values({
        tenantId: t().spa.id,
        customerId: shopper.id,
        status: "completed",
        orderNumber: "234567",
        customerMobile: shopper.mobileNumber,
      })
      .returning();
    await enqueueOrderMessage(t().db, t().spa.id, "order_placed", order.id, { orderId: order.id });
    await drain(t().db, t().now);
    const newest = (await latestOutboxMessage(t().db, t().spa.id, shopper.mobileNumber))!;
    expect(newest.text).toContain("234567");
    expect(newest.code).toBeNull();
    expect((await latestOutboxMessage(t().db, t().spa.id, shopper.mobileNumber, { signIn: true }))!.code).toBe(
      "135790",
    );
  });

  it("the running worker sends an order's confirmation within about a second of the order, woken by the enqueue", async () => {
    const stop = startMessageWorker(t().db);
    try {
      const started = performance.now();
      const { shopper, number } = await cashOrder("en");
      let sent: Awaited<ReturnType<typeof smsTo>> = [];
      while (sent.length === 0 && performance.now() - started < 10_000) {
        await new Promise((r) => setTimeout(r, 20));
        sent = await smsTo(t().db, shopper.mobileNumber);
      }
      const elapsed = performance.now() - started;
      expect(sent).toHaveLength(1);
      expect(sent[0].text).toContain(number);
      expect(elapsed).toBeLessThan(2_000);
    } finally {
      stop();
    }
  });

  it("a claimed message is nobody else's until its lease ends; then another worker sends it, once, and the first one's late send is refused", async () => {
    const { shopper } = await cashOrder("ar");
    const claimed = await claimDueMessages(t().db, { now: t().now });
    expect(claimed.map((m) => m.to)).toContain(shopper.mobileNumber);
    // A second worker a moment later finds nothing to take.
    expect((await runDueMessages(t().db, { now: later(t().now, 1000), channels: outboxChannels })).claimed).toBe(0);
    // The first worker died: after its lease, another sends it.
    const after = later(t().now, MESSAGE_LEASE_MS + 1);
    await drain(t().db, after);
    expect(await smsTo(t().db, shopper.mobileNumber)).toHaveLength(1);
    const [row] = await messagesTo(t().db, shopper.mobileNumber);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("retries a failing send with a growing wait, then gives it up as failed with its last error", async () => {
    const { shopper } = await cashOrder("ar");
    const failing: Channels = {
      ...outboxChannels,
      smsInDatabase: false,
      sms: () => ({
        send: async () => {
          throw new Error("gateway down");
        },
      }),
    };
    let now = later(t().now, 10 * MESSAGE_LEASE_MS);
    for (let attempt = 1; attempt <= MAX_MESSAGE_ATTEMPTS; attempt++) {
      await drain(t().db, now, failing);
      const [row] = await messagesTo(t().db, shopper.mobileNumber);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain("gateway down");
      if (attempt < MAX_MESSAGE_ATTEMPTS) {
        expect(row.status).toBe("pending");
        expect(row.sendAt.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
        // Not before its wait is over.
        expect(
          (await runDueMessages(t().db, { now: later(now, retryDelayMs(attempt) - 1), channels: failing })).claimed,
        ).toBe(0);
        now = row.sendAt;
      } else expect(row.status).toBe("failed");
    }
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    // Failed is final: no worker takes it again.
    await drain(t().db, later(now, 24 * 60 * 60 * 1000));
    expect(await smsTo(t().db, shopper.mobileNumber)).toHaveLength(0);
  });

  it("cancels a message with nothing to tell any more (its order is gone)", async () => {
    const shopper = await newShopper(t().db, t().spa);
    const [cart] = await t().db.insert(carts).values({ tenantId: t().spa.id, customerId: shopper.id }).returning();
    await enqueueMessage(t().db, {
      tenantId: t().spa.id,
      kind: "order_placed",
      dedupeKey: `order_placed:${cart.id}`,
      to: shopper.mobileNumber,
      locale: "ar",
      params: { orderId: cart.id },
    });
    await drain(t().db, t().now);
    const [row] = await messagesTo(t().db, shopper.mobileNumber);
    expect(row.status).toBe("cancelled");
    expect(await smsTo(t().db, shopper.mobileNumber)).toHaveLength(0);
  });

  it("an order submitted twice at once writes one confirmation", async () => {
    const { shopper, cart } = await api.cartWith(t().spa, [
      { productId: salts.id, priceId: salts.priceId, quantity: 1 },
    ]);
    const submit = () =>
      api.call(t().spa, "POST", `cart/${cart.id}/submit`, { token: shopper.token, body: api.submitBody(shopper) });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    await drain(t().db, t().now);
    expect(await messagesTo(t().db, shopper.mobileNumber)).toHaveLength(1);
    expect(await smsTo(t().db, shopper.mobileNumber)).toHaveLength(1);
  });

  it("two workers at once (on PostgreSQL: two connection pools, like two instances) send every message once", async () => {
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => newShopper(t().db, t().spa)));
    const cartRows = await t()
      .db.insert(carts)
      .values(
        shoppers.map((s, i) => ({
          tenantId: t().spa.id,
          customerId: s.id,
          status: "completed",
          orderNumber: `W${String(i).padStart(2, "0")}${Math.random().toString(36).slice(2, 5).toUpperCase()}`,
          customerMobile: s.mobileNumber,
        })),
      )
      .returning();
    for (const c of cartRows)
      await enqueueMessage(t().db, {
        tenantId: t().spa.id,
        kind: "order_placed",
        dedupeKey: `order_placed:${c.id}`,
        to: c.customerMobile!,
        locale: "en",
        params: { orderId: c.id },
      });
    let second: { db: Db; close: () => Promise<void> } | null = null;
    if (t().kind === "postgres") {
      const [{ name }] = (await t().db.execute(sql`select current_database() as name`)).rows as { name: string }[];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openDatabase({ url: url.toString(), poolSize: 3 });
    }
    const other = second?.db ?? t().db;
    const worker = async (db: Db) => {
      let claimed = 0;
      for (;;) {
        const r = await runDueMessages(db, { now: t().now, limit: 3, channels: outboxChannels });
        if (r.claimed === 0) return claimed;
        claimed += r.claimed;
      }
    };
    try {
      const [a, b] = await Promise.all([worker(t().db), worker(other)]);
      expect(a + b).toBe(30);
      if (t().kind === "postgres") expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      await second?.close();
    }
    for (const s of shoppers) expect(await smsTo(t().db, s.mobileNumber), s.mobileNumber).toHaveLength(1);
    const states = await t()
      .db.select({ status: customerMessages.status })
      .from(customerMessages)
      .where(
        and(
          eq(customerMessages.tenantId, t().spa.id),
          inArray(
            customerMessages.to,
            shoppers.map((s) => s.mobileNumber),
          ),
        ),
      );
    expect(states.map((s) => s.status)).toEqual(shoppers.map(() => "sent"));
  });
});

/** Runs the child worker (tests/support/message-worker-child.ts) until it is sending, then kills it with SIGKILL. */
async function killWhileSending(target: string, now: Date, smsInDatabase: boolean): Promise<void> {
  const child = spawn(
    process.execPath,
    // tsx as a loader in this very process (its CLI would run the script in a grandchild the kill would miss).
    ["--import", "tsx", "tests/support/message-worker-child.ts", target, String(now.getTime())],
    { cwd: root, env: { ...process.env, SMS_IN_DATABASE: smsInDatabase ? "1" : "0" } },
  );
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never sent: ${stderr}`)), 60_000);
    child.stdout.on("data", (d: Buffer) => {
      if (d.toString().includes("sending")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`the child exited (${code}) before sending: ${stderr}`)));
  });
  const exited = new Promise((r) => child.on("exit", r));
  child.kill("SIGKILL");
  await exited;
}

describe("a worker killed between its claim and its send", () => {
  const cases: { kind: string; smsInDatabase: boolean }[] = [
    { kind: "pglite", smsInDatabase: true },
    ...(process.env.TEST_DATABASE_URL
      ? [
          { kind: "postgres", smsInDatabase: true },
          { kind: "postgres", smsInDatabase: false },
        ]
      : []),
  ];
  it.each(cases)(
    "[$kind, outbox in the database: $smsInDatabase] leaves the message to the next worker after its lease: sent once",
    async ({ kind, smsInDatabase }) => {
      const now = suiteNow();
      let target: string;
      let cleanup: () => Promise<void>;
      if (kind === "postgres") {
        const serverUrl = process.env.TEST_DATABASE_URL!;
        const name = `storefront_test_crash_${Date.now().toString(36)}`;
        const { adminQuery } = await import("./helpers/test-db");
        await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        target = url.toString();
        cleanup = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), "sf-crash-"));
        target = dir;
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
      }
      try {
        const mobile = "+966551230001";
        let db = await openDatabase(kind === "postgres" ? { url: target } : { dataDir: target });
        await seedDemo(db.db, now);
        const [spa] = await db.db.select().from(tenants).where(eq(tenants.slug, "spa"));
        const [order] = await db.db
          .insert(carts)
          .values({ tenantId: spa.id, status: "completed", orderNumber: "KILL9X", customerMobile: mobile })
          .returning();
        await enqueueMessage(db.db, {
          tenantId: spa.id,
          kind: "order_placed",
          dedupeKey: `order_placed:${order.id}`,
          to: mobile,
          locale: "ar",
          params: { orderId: order.id },
        });
        // PGlite takes one process per folder: the child has it while it runs.
        if (kind === "pglite") await db.close();
        await killWhileSending(target, now, smsInDatabase);
        if (kind === "pglite") db = await openDatabase({ dataDir: target });

        // Within its lease nobody takes it; after, the next worker sends it once.
        expect((await runDueMessages(db.db, { now: later(now, 1000), channels: outboxChannels })).claimed).toBe(0);
        const after = later(now, MESSAGE_LEASE_MS + 1);
        expect((await runDueMessages(db.db, { now: after, channels: outboxChannels })).sent).toBe(1);
        expect(
          (await runDueMessages(db.db, { now: later(after, MESSAGE_LEASE_MS * 2), channels: outboxChannels })).claimed,
        ).toBe(0);
        const sent = await db.db.select().from(smsOutbox).where(eq(smsOutbox.to, mobile));
        expect(sent).toHaveLength(1);
        expect(sent[0].text).toContain("KILL9X");
        const [row] = await db.db.select().from(customerMessages).where(eq(customerMessages.to, mobile));
        expect(row).toMatchObject({ status: "sent", attempts: 2 });
        await db.close();
      } finally {
        await cleanup();
      }
    },
    120_000,
  );
});
