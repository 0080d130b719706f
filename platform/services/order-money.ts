import "server-only";
import { and, eq, inArray, sum } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paymentAttempts, payments, type Fulfilment } from "../db/schema";
import { toSar } from "../money";
import { riyadhDay } from "../time";
import type { DueMoment, MoneyStatus, OrderMoneyDto } from "@/contract/dto/cart";
import { lineDeposit, lineGross, type CartTotals } from "./cart-totals";
import type { ItemRow } from "./cart-pricing";

type Conn = Db | Tx;

/** A line as its money is counted: what it costs (halalas), whether it was cancelled, what went back. */
export type MoneyLine = {
  gross: number;
  deposit: number;
  cancelled: boolean;
  refunded: number;
  kind: "stay" | "appointment" | "merchandise" | "other";
  /** A booking's first instant. */
  startsAt: Date | null;
};

export type MoneyOrder = {
  /** False for a cart not ordered yet. */
  placed: boolean;
  paymentMethod: string | null;
  paymentStatus: string;
  /** The placed order's total (halalas), cancelled lines included. */
  total: number;
  lines: MoneyLine[];
  /** Halalas an online payment of the order took (null: no payment recorded). */
  paidOnline: number | null;
  /** What the order's checkout asked to pay now (halalas): an online order's payment when none is recorded. */
  amountToBePaid: number;
  /** Its merchandise is collected at a branch: paid there, not on delivery. */
  pickup?: boolean;
  /** Halalas a gift card paid when the order was placed. */
  paidByGiftCard?: number;
};

const OFFLINE = new Set(["CASH", "BANK_TRANSFER"]);

/**
 * When what remains is due, by the lines still standing: a stay on arrival, a timed booking at its
 * appointment (the first one's day), merchandise on delivery (at the store when collected there),
 * anything else at the store.
 */
function dueOf(lines: MoneyLine[], pickup: boolean): { due: DueMoment; dueOn: string | null } {
  const booked = lines
    .filter((l) => l.startsAt && (l.kind === "stay" || l.kind === "appointment"))
    .sort((a, b) => a.startsAt!.getTime() - b.startsAt!.getTime());
  const first = booked[0];
  if (first) return { due: first.kind === "stay" ? "arrival" : "appointment", dueOn: riyadhDay(first.startsAt!) };
  return { due: !pickup && lines.some((l) => l.kind === "merchandise") ? "delivery" : "visit", dueOn: null };
}

/**
 * The order's money (halalas in, SAR out), the one place that says what is paid, refunded and still
 * to pay. Money received: an online payment's amount; cash and transfers once the store recorded
 * them (the lines still standing, as it bills them). Cancelled lines cost nothing and are never due.
 */
export function orderMoney(order: MoneyOrder): OrderMoneyDto {
  const live = order.lines.filter((l) => !l.cancelled);
  const allCancelled = order.lines.length > 0 && live.length === 0;
  const cancelled = order.lines.filter((l) => l.cancelled).reduce((s, l) => s + l.gross, 0);
  const total = allCancelled ? 0 : Math.max(0, order.total - cancelled);
  const deposit = live.reduce((s, l) => s + l.deposit, 0);
  const refunded = order.lines.reduce((s, l) => s + l.refunded, 0);
  const offline = OFFLINE.has(order.paymentMethod ?? "");
  const card = order.paidByGiftCard ?? 0;
  const paid = !order.placed
    ? 0
    : offline
      ? order.paymentStatus === "paid"
        ? total
        : card
      : card +
        (order.paidOnline ??
          (order.paymentStatus === "paid"
            ? order.total - card
            : order.paymentStatus === "deposit_paid"
              ? order.amountToBePaid
              : 0));
  const inReview = order.paymentStatus === "pending_review";
  const remaining = allCancelled ? 0 : Math.max(0, total - (paid - refunded));
  let status: MoneyStatus;
  if (!order.placed) status = "unpaid";
  else if (allCancelled) status = refunded > 0 ? "refunded" : "cancelled";
  else if (order.total <= 0 && paid === 0) status = "nothingDue";
  else if (inReview) status = "pendingReview";
  else if (remaining === 0) status = refunded > 0 ? "partlyRefunded" : "paid";
  else if (paid - refunded > 0) status = "depositPaid";
  else if (order.paymentStatus === "pay_on_site") status = "payOnSite";
  else status = "unpaid";
  const due = remaining > 0 && !inReview ? dueOf(live, order.pickup === true) : { due: null, dueOn: null };
  return {
    status,
    total: toSar(total),
    cancelled: toSar(cancelled),
    deposit: toSar(deposit),
    afterDeposit: toSar(deposit > 0 ? total - deposit : 0),
    paid: toSar(paid),
    refunded: toSar(refunded),
    remaining: toSar(remaining),
    ...due,
  };
}

/** A priced line's money: its cost and deposit, its kind and first instant, whether it was cancelled and refunded. */
function moneyLine(row: Pick<ItemRow, "item" | "product">, line: CartTotals["lines"][number]): MoneyLine {
  const gross = lineGross(line);
  const { product, item } = row;
  return {
    gross,
    deposit: lineDeposit(gross, product.depositPercent),
    cancelled: item.cancelledAt !== null,
    refunded: item.refundedAmount + item.giftCardReturned,
    kind:
      product.typeString === "reservation"
        ? product.isFullDayBooking
          ? "stay"
          : "appointment"
        : product.typeString === "merchandise"
          ? "merchandise"
          : "other",
    startsAt: item.reservationDateFrom,
  };
}

/**
 * The row condition (payments joined to their attempts) of the online payment that paid the order:
 * captured, or authorised by a pay-later provider, and not a duplicate another tab paid and that
 * was given back (its attempt is refunded).
 */
export const paymentThatPaid = (tenantId: string, cartId: string) =>
  and(
    eq(payments.tenantId, tenantId),
    eq(payments.cartId, cartId),
    inArray(payments.status, ["paid", "authorized"]),
    eq(paymentAttempts.state, "paid"),
  );

/**
 * Halalas the order's online payment took: the attempt that paid it (captured, or authorised by a
 * pay-later provider), not a duplicate another tab paid and that was given back (its attempt is refunded).
 */
async function paidOnline(conn: Conn, tenantId: string, cartId: string): Promise<number | null> {
  const [row] = await conn
    .select({ amount: sum(payments.amount).mapWith(Number) })
    .from(payments)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, payments.attemptId))
    .where(paymentThatPaid(tenantId, cartId));
  return row?.amount ?? null;
}

/** The money of a cart as read (its row, priced lines and totals): asks for its online payment once it is an order paid online. */
export async function readOrderMoney(
  conn: Conn,
  cart: {
    id: string;
    tenantId: string;
    status: string;
    paymentMethod: string | null;
    paymentStatus: string;
    fulfilment: Fulfilment | null;
  },
  rows: Pick<ItemRow, "item" | "product">[],
  totals: CartTotals,
): Promise<OrderMoneyDto> {
  const placed = cart.status === "completed";
  const online = placed && cart.paymentMethod !== null && !OFFLINE.has(cart.paymentMethod);
  return orderMoney({
    placed,
    paymentMethod: cart.paymentMethod,
    paymentStatus: cart.paymentStatus,
    total: totals.totalAmount,
    amountToBePaid: totals.amountToBePaid,
    paidByGiftCard: totals.giftCardAmount,
    lines: rows.map((r, i) => moneyLine(r, totals.lines[i])),
    paidOnline: online ? await paidOnline(conn, cart.tenantId, cart.id) : null,
    pickup: cart.fulfilment?.kind === "pickup",
  });
}
