import type { Locale } from "@/contract/tenant-settings";

/**
 * The customer messages' words, in both languages. They live with the platform, as the sign-in
 * code's text does (services/otp-rules.ts): the worker writes them with no page and no request.
 * Each names the store and the order's number and ends with the order's link, never with a run of
 * six digits after a colon, which is how a sign-in code reads (services/sms-outbox.ts). An Arabic
 * text starts with Arabic words: a phone sets a message's direction from its first letters, and a
 * store's Latin name first would lay the Arabic out left to right.
 */
export type OrderFacts = { store: string; number: string; link: string };

type Lines = { ar: (f: OrderFacts) => string; en: (f: OrderFacts) => string };

/** The first line of each order message, before its link. */
export const FIRST_LINES = {
  order_placed_cash: {
    ar: (f) => `تم تأكيد طلبك رقم ${f.number} لدى ${f.store}. الدفع عند الحضور.`,
    en: (f) => `${f.store}: your order ${f.number} is confirmed. You pay at the store.`,
  },
  order_placed_paid: {
    ar: (f) => `تم تأكيد طلبك رقم ${f.number} لدى ${f.store} ودفعه.`,
    en: (f) => `${f.store}: your order ${f.number} is confirmed and paid.`,
  },
  order_placed_later: {
    ar: (f) => `تم تأكيد طلبك رقم ${f.number} لدى ${f.store}، ويُسدَّد على دفعات.`,
    en: (f) => `${f.store}: your order ${f.number} is confirmed, paid in instalments.`,
  },
  order_paid: {
    ar: (f) => `استلم ${f.store} دفعة طلبك رقم ${f.number}. شكرًا لك.`,
    en: (f) => `${f.store}: we received the payment for your order ${f.number}. Thank you.`,
  },
  transfer_received: {
    ar: (f) => `استلم ${f.store} إيصال تحويلك للطلب رقم ${f.number}، وسيؤكده بعد مراجعته.`,
    en: (f) => `${f.store}: we received your transfer receipt for order ${f.number} and will confirm it once checked.`,
  },
  transfer_approved: {
    ar: (f) => `أكّد ${f.store} تحويلك للطلب رقم ${f.number}.`,
    en: (f) => `${f.store}: your transfer for order ${f.number} is confirmed.`,
  },
  transfer_refused: {
    ar: (f) => `لم يتمكن ${f.store} من تأكيد تحويلك للطلب رقم ${f.number}. تواصل معه من فضلك.`,
    en: (f) => `${f.store}: we could not confirm your transfer for order ${f.number}. Please contact us.`,
  },
  booking_cancelled: {
    ar: (f) => `تم إلغاء حجزك في الطلب رقم ${f.number} لدى ${f.store}.`,
    en: (f) => `${f.store}: your booking in order ${f.number} is cancelled.`,
  },
  booking_moved: {
    ar: (f) => `تم تغيير موعد حجزك في الطلب رقم ${f.number} لدى ${f.store}.`,
    en: (f) => `${f.store}: your booking in order ${f.number} has a new time.`,
  },
} satisfies Record<string, Lines>;

export type FirstLine = keyof typeof FIRST_LINES;

export function refundLine(locale: Locale, f: OrderFacts, amount: string): string {
  return locale === "en"
    ? `${f.store}: ${amount} SAR is refunded for your order ${f.number}.`
    : `أعاد ${f.store} مبلغ ${amount} ريال لطلبك رقم ${f.number}.`;
}

/** The link's line, always the last. */
export function linkLine(locale: Locale, f: OrderFacts): string {
  return locale === "en" ? `Your order: ${f.link}` : `طلبك: ${f.link}`;
}
