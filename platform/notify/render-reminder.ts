import "server-only";
import { and, eq } from "drizzle-orm";
import { branches, cartItems, carts, customers, products, specialists } from "../db/schema";
import type { Locale } from "@/contract/tenant-settings";
import { localized } from "../services/catalog";
import type { Db } from "../db/client";
import type { TenantRow } from "../services/tenants";
import type { MessageParams, RenderedMessage } from "./kinds";
import { orderAddress } from "./order-address";

/** What WhatsApp gets for a value the booking does not have (a template refuses an empty parameter). */
export const NO_VALUE = "—";

const RIYADH = "Asia/Riyadh";
/** Western digits in both languages, as the order number and link beside them: the same on every ICU. */
const intlLocale = (locale: Locale) => `${locale}-u-nu-latn`;
const dayFormat = (locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { timeZone: RIYADH, weekday: "long", day: "numeric", month: "long" });
const timeFormat = (locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { timeZone: RIYADH, hour: "numeric", minute: "2-digit" });

/** The reminder's parts, in the order of its WhatsApp template's body parameters (docs/behaviour.md). */
export type ReminderParts = {
  store: string;
  service: string;
  day: string;
  /** Null for a stay: it is booked by whole days. */
  time: string | null;
  /** The branch's name and address, else the store's address; null when neither is known. */
  place: string | null;
  specialist: string | null;
  orderNumber: string;
  link: string;
};

/** The text message: one sentence of when and where, then the order and its link. */
export function reminderText(locale: Locale, p: ReminderParts): string {
  if (locale === "ar") {
    const when = p.time ? `يوم ${p.day} الساعة ${p.time}` : `ابتداءً من ${p.day}`;
    const where = p.place ? ` في ${p.place}` : "";
    const who = p.specialist ? ` مع ${p.specialist}` : "";
    return `${p.store}: تذكير بموعد ${p.service} ${when}${where}${who}. الطلب ${p.orderNumber}: ${p.link}`;
  }
  const when = p.time ? `on ${p.day} at ${p.time}` : `from ${p.day}`;
  const where = p.place ? `, ${p.place}` : "";
  const who = p.specialist ? `, with ${p.specialist}` : "";
  return `${p.store}: reminder of your ${p.service} ${when}${where}${who}. Order ${p.orderNumber}: ${p.link}`;
}

export function reminderMessage(locale: Locale, p: ReminderParts): RenderedMessage {
  return {
    text: reminderText(locale, p),
    templateParams: [p.store, p.service, p.day, p.time, p.place, p.specialist, p.orderNumber, p.link].map(
      (v) => v || NO_VALUE,
    ),
  };
}

/**
 * The reminder before a booking, from what is true when it is due. Nothing (null) when the booking
 * was cancelled, moved away from the start this reminder was written for, has begun already, or
 * its order is gone; nor when the customer turned reminders off in their profile.
 */
export async function renderReminder(
  // render.ts's RenderContext, spelled out: render.ts imports this file for its registry.
  ctx: { db: Db; tenant: TenantRow; locale: Locale; now: Date },
  params: MessageParams["booking_reminder"],
): Promise<RenderedMessage | null> {
  const { db, tenant, locale, now } = ctx;
  const [row] = await db
    .select({
      item: cartItems,
      orderNumber: carts.orderNumber,
      remindersOff: customers.bookingRemindersOff,
      product: { nameAr: products.nameAr, nameEn: products.nameEn, fullDay: products.isFullDayBooking },
      branch: {
        nameAr: branches.nameAr,
        nameEn: branches.nameEn,
        addressAr: branches.addressAr,
        addressEn: branches.addressEn,
      },
      specialist: { nameAr: specialists.nameAr, nameEn: specialists.nameEn },
    })
    .from(cartItems)
    .innerJoin(carts, and(eq(carts.id, cartItems.cartId), eq(carts.status, "completed")))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(customers, eq(customers.id, carts.customerId))
    .leftJoin(branches, eq(branches.id, cartItems.branchId))
    .leftJoin(specialists, eq(specialists.id, cartItems.specialistId))
    .where(
      and(eq(cartItems.tenantId, tenant.id), eq(cartItems.cartId, params.orderId), eq(cartItems.id, params.bookingId)),
    );
  const startsAt = row?.item.reservationDateFrom;
  if (!row || row.item.cancelledAt || row.remindersOff || !startsAt) return null;
  if (startsAt.toISOString() !== params.startsAt || startsAt <= now) return null;

  const pick = (ar: string, en: string) => localized(locale, ar, en).trim() || null;
  const storeAddress = pick(tenant.settings.addressAr ?? "", tenant.settings.addressEn ?? "");
  const branch = row.branch
    ? [pick(row.branch.nameAr, row.branch.nameEn), pick(row.branch.addressAr, row.branch.addressEn)]
        .filter(Boolean)
        .join(locale === "ar" ? "، " : ", ")
    : null;
  return reminderMessage(locale, {
    store: tenant.settings.brandName?.trim() || tenant.name,
    service: localized(locale, row.product.nameAr, row.product.nameEn),
    day: dayFormat(locale).format(startsAt),
    time: row.product.fullDay ? null : timeFormat(locale).format(startsAt),
    place: branch || storeAddress,
    specialist: row.specialist ? pick(row.specialist.nameAr, row.specialist.nameEn) : null,
    orderNumber: row.orderNumber ?? "",
    link: await orderAddress(db, tenant, params.orderId, locale),
  });
}
