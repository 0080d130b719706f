import "server-only";
import type { Db } from "../db/client";
import type { TenantRow } from "../services/tenants";
import type { MessageKind, MessageParams, RenderedMessage } from "./kinds";
import { renderGiftCard } from "./render-gift-card";
import { renderReminder } from "./render-reminder";

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

const notBuilt = async (): Promise<never> => {
  throw new Error("This message kind has no renderer yet");
};

export const RENDERERS: { [K in MessageKind]: Renderer<K> } = {
  order_placed: notBuilt,
  order_paid: notBuilt,
  transfer_received: notBuilt,
  transfer_approved: notBuilt,
  transfer_refused: notBuilt,
  booking_reminder: renderReminder,
  booking_cancelled: notBuilt,
  booking_moved: notBuilt,
  refund_issued: notBuilt,
  gift_card_received: renderGiftCard,
};
