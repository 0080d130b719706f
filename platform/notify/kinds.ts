import type { Db } from "../db/client";
import type { TenantRow } from "../services/tenants";

/**
 * The customer messages the store sends after the page closes, and what each carries. The text is
 * rendered when the message is sent, in the recipient's language, from these parameters.
 */
export const MESSAGE_KINDS = [
  "order_placed",
  "order_paid",
  "transfer_received",
  "transfer_approved",
  "transfer_refused",
  "booking_reminder",
  "booking_cancelled",
  "booking_moved",
  "refund_issued",
  "gift_card_received",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Every kind names its order (or gift card) so the renderer can read what it needs when it sends. */
export type MessageParams = {
  order_placed: { orderId: string };
  order_paid: { orderId: string };
  transfer_received: { orderId: string };
  transfer_approved: { orderId: string };
  transfer_refused: { orderId: string };
  /** bookingId: the order's line; startsAt: the start (ISO) it reminds of, so a moved booking's old reminder is not sent. */
  booking_reminder: { orderId: string; bookingId: string; startsAt: string };
  booking_cancelled: { orderId: string; bookingId: string };
  booking_moved: { orderId: string; bookingId: string };
  refund_issued: { orderId: string; amountHalalas: number };
  gift_card_received: { giftCardId: string };
};

/**
 * A message ready to go: the text message's body and, for a WhatsApp template, its body
 * parameters in the template's order (the worker picks the tenant's template for the kind).
 */
export type RenderedMessage = { text: string; templateParams: string[] };

export type RenderContext = { db: Db; tenant: TenantRow; locale: "ar" | "en"; now: Date };

/**
 * Renders a message when it is sent, from what is true then. Null means there is nothing to send
 * any more (the booking was cancelled before its reminder, the customer turned reminders off):
 * the worker marks the message cancelled.
 */
export type Renderer<K extends MessageKind> = (
  ctx: RenderContext,
  params: MessageParams[K],
) => Promise<RenderedMessage | null>;
