import "server-only";
import { and, eq } from "drizzle-orm";
import { PAY_LATER_METHODS } from "@/payment-providers/profiles";
import { carts } from "../db/schema";
import { toSar } from "../money";
import { fulfilmentLine } from "../services/fulfilment";
import { orderAddress } from "./order-address";
import type { MessageKind, RenderContext, RenderedMessage, Renderer } from "./kinds";
import { renderGiftCard } from "./render-gift-card";
import { renderReminder } from "./render-reminder";
import { FIRST_LINES, linkLine, refundLine, type FirstLine, type OrderFacts } from "./texts";

// The renderers' types live with the kinds, so that a kind's renderer in a file of its own
// (render-reminder.ts, render-gift-card.ts) does not import this registry back.
export type { RenderContext, Renderer } from "./kinds";

type PlacedOrder = { number: string; paymentMethod: string | null; paymentStatus: string };

/** The placed order a message names, or null when there is none (nothing to send). */
async function placedOrder(ctx: RenderContext, orderId: string): Promise<PlacedOrder | null> {
  const [row] = await ctx.db
    .select({ number: carts.orderNumber, paymentMethod: carts.paymentMethod, paymentStatus: carts.paymentStatus })
    .from(carts)
    .where(and(eq(carts.tenantId, ctx.tenant.id), eq(carts.id, orderId), eq(carts.status, "completed")));
  return row?.number ? { ...row, number: row.number } : null;
}

/** The store's name, the order's number and its absolute link (the order page with its view key, in the message's language). */
export async function orderFacts(ctx: RenderContext, orderId: string, number: string): Promise<OrderFacts> {
  return {
    store: ctx.tenant.settings.brandName || ctx.tenant.name,
    number,
    link: await orderAddress(ctx.db, ctx.tenant, orderId, ctx.locale),
  };
}

/**
 * The text is its lines, one per line, the link last; a WhatsApp template takes the store, the
 * number and the link as its body's {{1}}, {{2}}, {{3}} (and any extra parameters after them).
 */
const message = (ctx: RenderContext, f: OrderFacts, lines: string[], extra: string[] = []): RenderedMessage => ({
  text: [...lines, linkLine(ctx.locale, f)].join("\n"),
  templateParams: [f.store, f.number, f.link, ...extra],
});

/** A message whose text is one of FIRST_LINES. */
const orderMessage =
  (line: FirstLine): Renderer<Exclude<MessageKind, "booking_reminder" | "gift_card_received" | "refund_issued">> =>
  async (ctx, { orderId }) => {
    const order = await placedOrder(ctx, orderId);
    if (!order) return null;
    const f = await orderFacts(ctx, orderId, order.number);
    return message(ctx, f, [FIRST_LINES[line][ctx.locale](f)]);
  };

const placedLine = (o: PlacedOrder): FirstLine => {
  if (o.paymentMethod === "CASH") return "order_placed_cash";
  if ((PAY_LATER_METHODS as readonly string[]).includes(o.paymentMethod ?? "")) return "order_placed_later";
  return "order_placed_paid";
};

/**
 * An order's confirmation (placed, or its transfer received): that it is confirmed and how it is
 * paid, then how it reaches the customer (the delivery address or the pickup branch the order
 * kept), then its link. Only the text carries the delivery line: a WhatsApp template's parameters
 * are fixed in number, and the link opens all of it.
 */
const confirmation =
  (line: (o: PlacedOrder) => FirstLine): Renderer<"order_placed" | "transfer_received"> =>
  async (ctx, { orderId }) => {
    const order = await placedOrder(ctx, orderId);
    if (!order) return null;
    const f = await orderFacts(ctx, orderId, order.number);
    const fulfilment = await fulfilmentLine(ctx.db, orderId, ctx.locale);
    return message(ctx, f, [FIRST_LINES[line(order)][ctx.locale](f), ...(fulfilment ? [fulfilment] : [])]);
  };

const renderRefund: Renderer<"refund_issued"> = async (ctx, { orderId, amountHalalas }) => {
  const order = await placedOrder(ctx, orderId);
  if (!order) return null;
  const f = await orderFacts(ctx, orderId, order.number);
  const amount = toSar(amountHalalas).toFixed(2);
  return message(ctx, f, [refundLine(ctx.locale, f, amount)], [amount]);
};

export const RENDERERS: { [K in MessageKind]: Renderer<K> } = {
  order_placed: confirmation(placedLine),
  order_paid: orderMessage("order_paid"),
  transfer_received: confirmation(() => "transfer_received"),
  transfer_approved: orderMessage("transfer_approved"),
  transfer_refused: orderMessage("transfer_refused"),
  booking_reminder: renderReminder,
  booking_cancelled: orderMessage("booking_cancelled"),
  booking_moved: orderMessage("booking_moved"),
  refund_issued: renderRefund,
  gift_card_received: renderGiftCard,
};
