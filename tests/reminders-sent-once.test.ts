import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { whatsappSandboxMessages } from "@/platform/db/schema";
import { runDueMessages } from "@/platform/notify/worker";
import { HOUR_MS, MINUTE_MS } from "@/rules/riyadh-time";
import { describeEachDb } from "./helpers/test-db";
import { at } from "./helpers/demo-catalog";
import { atClock, reminderOrders, remindersOf } from "./helpers/reminders";
import { sandboxChannels } from "./helpers/message-channels";

/**
 * The acceptance of booking reminders: a booking 25 hours ahead gets its 24-hour reminder once,
 * when the clock (the suite's, moved here) passes its moment, however often and however many
 * workers run; the 2-hour one waits for its own moment.
 */
describeEachDb("a booking reminder is sent once", (t) => {
  const { bookedMassage } = reminderOrders(t);

  it("a booking 25 hours ahead: its 24-hour reminder goes once at its moment, the 2-hour one later", async () => {
    const { shopper, order } = await bookedMassage(1, 13);
    const start = new Date(at(t().now, 1, 13)).getTime();
    const run = (now: Date) =>
      atClock(t, now, () => runDueMessages(t().db, { now, limit: 50, channels: sandboxChannels(t().db) }));
    const statuses = async () => (await remindersOf(t().db, order.id)).map((r) => [r.key.split(":").at(-1), r.status]);

    await run(new Date(start - 24 * HOUR_MS - MINUTE_MS));
    expect(await statuses()).toEqual([
      ["24", "pending"],
      ["2", "pending"],
    ]);
    const due = new Date(start - 24 * HOUR_MS);
    await Promise.all([run(due), run(due)]);
    await run(new Date(due.getTime() + MINUTE_MS));
    expect(await statuses()).toEqual([
      ["24", "sent"],
      ["2", "pending"],
    ]);
    // Delivered once: the demo spa sends reminders by its WhatsApp template.
    const delivered = async () =>
      (await t().db.select().from(whatsappSandboxMessages).where(eq(whatsappSandboxMessages.to, shopper.mobileNumber)))
        .filter((m) => m.template === "booking_reminder")
        .map((m) => m.parameters.length);
    expect(await delivered()).toEqual([8]);
    await run(new Date(start - 2 * HOUR_MS));
    await run(new Date(start - HOUR_MS));
    expect(await statuses()).toEqual([
      ["24", "sent"],
      ["2", "sent"],
    ]);
    expect(await delivered()).toEqual([8, 8]);
  });

  it("turned off before its moment, the reminder is not sent (the worker marks it cancelled)", async () => {
    const { shopper, order } = await bookedMassage(1, 15);
    const { callApi } = await import("./helpers/account-api");
    await callApi(t().db, t().spa, "PUT", "identity-customer/reminders", {
      token: shopper.token,
      body: { bookingReminders: false },
    });
    const due = new Date(new Date(at(t().now, 1, 15)).getTime() - 24 * HOUR_MS);
    await atClock(t, due, () => runDueMessages(t().db, { now: due, limit: 50, channels: sandboxChannels(t().db) }));
    expect((await remindersOf(t().db, order.id)).map((r) => r.status)).toEqual(["cancelled", "pending"]);
  });
});
