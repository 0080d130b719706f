import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { branches, cartItems, carts, specialists, tenants } from "@/platform/db/schema";
import type { MessageParams } from "@/platform/notify/kinds";
import { RENDERERS } from "@/platform/notify/render";
import { NO_VALUE } from "@/platform/notify/render-reminder";
import { orderViewKey } from "@/platform/services/order-links";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";
import { HOUR_MS } from "@/rules/riyadh-time";
import { describeEachDb } from "./helpers/test-db";
import { at } from "./helpers/demo-catalog";
import { withSettings } from "./helpers/checkout";
import { callApi } from "./helpers/account-api";
import { reminderOrders, remindersOf } from "./helpers/reminders";

/**
 * The booking reminder is written when it is due, from what is true then: the store, the service,
 * the day and time in Riyadh, the branch and the specialist, the order and its link, in the
 * message's language — or nothing when the booking was cancelled or moved, has begun, or the
 * customer turned reminders off.
 */
describeEachDb("the booking reminder's text", (t) => {
  const { api, bookedMassage, stayCart } = reminderOrders(t);
  const spa = () => t().spa;
  const render = async (params: MessageParams["booking_reminder"], locale: "ar" | "en", now = t().now) => {
    const [tenant] = await t().db.select().from(tenants).where(eq(tenants.id, spa().id));
    return RENDERERS.booking_reminder({ db: t().db, tenant, locale, now }, params);
  };
  const firstParams = async (orderId: string) =>
    (await remindersOf(t().db, orderId))[0].params as MessageParams["booking_reminder"];

  it("names the store, service, day and time, branch and address, specialist, order and its link, in either language", async () => {
    const { order } = await bookedMassage(2, 14);
    const params = await firstParams(order.id);
    const [item] = await t().db.select().from(cartItems).where(eq(cartItems.id, order.cartItems[0].id));
    const [branch] = await t().db.select().from(branches).where(eq(branches.id, item.branchId!));
    const [specialist] = await t().db.select().from(specialists).where(eq(specialists.id, item.specialistId!));
    const [cart] = await t().db.select().from(carts).where(eq(carts.id, order.id));
    const origin = siteOriginOf(`spa.${env().BASE_DOMAIN}`, env());
    const key = orderViewKey(spa().id, order.id);
    const day = new Date(at(t().now, 2, 14));
    const dayText = (locale: string) =>
      day.toLocaleDateString(`${locale}-u-nu-latn`, {
        timeZone: "Asia/Riyadh",
        weekday: "long",
        day: "numeric",
        month: "long",
      });

    const en = await render(params, "en");
    expect(en!.templateParams).toEqual([
      "Rimal Wellness",
      "60-minute relaxing massage",
      dayText("en"),
      "2:00 PM",
      `${branch.nameEn}, ${branch.addressEn}`,
      specialist.nameEn,
      cart.orderNumber,
      `${origin}/en/orders/${order.id}?key=${key}`,
    ]);
    expect(en!.text).toBe(
      `Rimal Wellness: reminder of your 60-minute relaxing massage on ${dayText("en")} at 2:00 PM, ` +
        `${branch.nameEn}, ${branch.addressEn}, with ${specialist.nameEn}. Order ${cart.orderNumber}: ${origin}/en/orders/${order.id}?key=${key}`,
    );

    const ar = await render(params, "ar");
    expect(ar!.templateParams[2]).toBe(dayText("ar"));
    expect(ar!.templateParams[4]).toBe(`${branch.nameAr}، ${branch.addressAr}`);
    expect(ar!.templateParams[7]).toBe(`${origin}/orders/${order.id}?key=${key}`);
    expect(ar!.text).toContain(`تذكير بموعد ${ar!.templateParams[1]} يوم ${dayText("ar")} الساعة `);
    expect(ar!.text).toContain(`مع ${specialist.nameAr}. الطلب ${cart.orderNumber}: ${origin}/orders/`);
  });

  it("a stay has its first day without a time, at the store's address when it has no branch", async () => {
    const { shopper, cart } = await stayCart(50, 1);
    expect((await api.submit(spa(), shopper, cart.id)).error).toBeUndefined();
    const restore = await withSettings(t().db, spa(), { addressEn: "King Fahd Road, Riyadh" });
    try {
      const en = await render(await firstParams(cart.id), "en");
      expect(en!.text).toMatch(
        /^Rimal Wellness: reminder of your .+ from \w+day, \w+ \d+, King Fahd Road, Riyadh\. Order /,
      );
      expect([en!.templateParams[3], en!.templateParams[5]]).toEqual([NO_VALUE, NO_VALUE]);
    } finally {
      await restore();
    }
  });

  it("nothing to send when the customer turned reminders off — back on, it is sent again", async () => {
    const { shopper, order } = await bookedMassage(3, 14);
    const params = await firstParams(order.id);
    const switchTo = (bookingReminders: boolean) =>
      callApi(t().db, spa(), "PUT", "identity-customer/reminders", {
        token: shopper.token,
        body: { bookingReminders },
      });
    expect((await switchTo(false)).status).toBe(200);
    expect(await render(params, "en")).toBeNull();
    expect((await switchTo(true)).status).toBe(200);
    expect(await render(params, "en")).not.toBeNull();
  });

  it("nothing to send for a booking moved away from the time it was written for, cancelled, or begun", async () => {
    const { shopper, order } = await bookedMassage(4, 14);
    const itemId = order.cartItems[0].id;
    const old = await firstParams(order.id);
    const moved = await api.call(spa(), "POST", `orders/${order.id}/items/${itemId}/reschedule`, {
      token: shopper.token,
      body: { reservationDateFrom: at(t().now, 4, 16) },
    });
    expect(moved.error).toBeUndefined();
    expect(await render(old, "en")).toBeNull();
    const fresh = { ...old, startsAt: at(t().now, 4, 16) };
    expect((await render(fresh, "en"))!.text).toContain("at 4:00 PM");
    // Due late, after the booking began: nothing.
    expect(await render(fresh, "en", new Date(new Date(fresh.startsAt).getTime() + HOUR_MS))).toBeNull();
    const cancelled = await api.call(spa(), "POST", `orders/${order.id}/items/${itemId}/cancel`, {
      token: shopper.token,
    });
    expect(cancelled.error).toBeUndefined();
    expect(await render(fresh, "en")).toBeNull();
    expect(await render({ ...fresh, orderId: crypto.randomUUID() }, "en")).toBeNull();
  });
});
