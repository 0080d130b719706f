import { getTranslations } from "next-intl/server";
import { BffError, bffRoute, platformFor } from "@/lib/cart/bff";
import { bookingEvents, calendarStore } from "@/lib/orders/calendar-events";
import { icsCalendar } from "@/lib/orders/ics";
import { getSessionToken } from "@/lib/session/session";
import { toTenantConfig } from "@/contract/tenant-settings";
import { OrderLinkKey } from "@/contract/input/ids";

export const dynamic = "force-dynamic";

/**
 * GET: the bookings of a placed order as an .ics file for the shopper's calendar, in the page's
 * language. Seen as the order page sees the order: its customer, or whoever holds its link
 * (`key`, the order link's key); an order without bookings, or not placed, is not found.
 */
export const GET = bffRoute<Response, { cartId: string }>(async (ctx, { cartId }) => {
  const key = new URL(ctx.req.url).searchParams.get("key");
  const order = await (key === null
    ? platformFor(ctx, (await getSessionToken(ctx.tenant)) ?? undefined).cart.get({ params: { id: cartId } })
    : OrderLinkKey.safeParse(key).success
      ? platformFor(ctx).account.sharedOrder({ params: { id: cartId, key } })
      : null);
  const config = toTenantConfig(ctx.tenant.settings);
  const t = await getTranslations({ locale: ctx.locale, namespace: "order.done.calendar" });
  const store = calendarStore(ctx.tenant, config, ctx.locale);
  const events =
    order?.status === "completed" ? bookingEvents(order, store, (number) => t("description", { number })) : [];
  if (events.length === 0) throw new BffError(404, "SP:EntityNotFound", "This order has no bookings");
  return new Response(icsCalendar(events, store.name), {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="order-${(order!.orderNumber ?? "booking").replace(/[^A-Za-z0-9-]/g, "")}.ics"`,
      "cache-control": "private, no-store",
    },
  });
});
