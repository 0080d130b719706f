import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/platform/db/client";
import { bearerToken, httpOrigin, json, randomDigits, readJson, script, withQuery } from "@/platform/sandbox/http";
import { notFoundPage, PAY_LATER_BUTTONS, pressButton, quarterOf, renderHostedPage } from "@/platform/sandbox/pages";
import { tamaraWidgetScript } from "./scripts/tamara-widget";
import { findObject, insertObject, listObjects, mutateObject, transitionObject } from "@/platform/sandbox/store";

// The Tamara sandbox: API under /sandbox/tamara (checkout, orders), the hosted page
// /sandbox/tamara/hosted/{orderId} and the promo script /sandbox/tamara/widget-v2/tamara-widget.js.
// The API token is the account.

const money = z.object({ amount: z.number().nonnegative(), currency: z.literal("SAR") });

const checkoutBody = z.looseObject({
  order_reference_id: z.string().min(1),
  order_number: z.string().nullish(),
  total_amount: money,
  shipping_amount: money.optional(),
  tax_amount: money.optional(),
  items: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        quantity: z.number().int().min(1),
        reference_id: z.string().min(1),
        sku: z.string().min(1),
      }),
    )
    .min(1),
  consumer: z.looseObject({
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    phone_number: z.string().min(5),
    email: z.string().nullish(),
  }),
  country_code: z.literal("SA").default("SA"),
  description: z.string().nullish(),
  merchant_url: z.object({ success: z.url(), failure: z.url(), cancel: z.url(), notification: z.url().optional() }),
  locale: z.enum(["ar_SA", "en_US"]).default("ar_SA"),
  payment_type: z.string().default("PAY_BY_INSTALMENTS"),
});

type CheckoutInput = z.infer<typeof checkoutBody>;

export type TamaraOrderData = {
  order_id: string;
  checkout_id: string;
  order_number: string;
  order_reference_id: string;
  total_amount: CheckoutInput["total_amount"];
  shipping_amount: CheckoutInput["total_amount"] | null;
  tax_amount: CheckoutInput["total_amount"] | null;
  items: unknown[];
  consumer: CheckoutInput["consumer"];
  description: string | null;
  merchant_url: CheckoutInput["merchant_url"];
  payment_type: string;
  locale: string;
  created_at: string;
  /** Halalas captured, refunded and cancelled so far; when it was authorised. */
  captured?: number;
  refunded?: number;
  canceled?: number;
  authorised_at?: string;
  /** Each capture, refund and cancel, as the order's details list them. */
  transactions?: Partial<Record<"captures" | "refunds" | "cancels", Transaction[]>>;
};

type Transaction = {
  capture_id?: string;
  refund_id?: string;
  cancel_id?: string;
  total_amount: { amount: number; currency: "SAR" };
  comment?: string | null;
  merchant_refund_id?: string | null;
  created_at: string;
};

const P = "tamara" as const;

const failure = (status: number, message: string, errorCode: string, data?: unknown) =>
  json(status, { message, errors: [{ error_code: errorCode, ...(data === undefined ? {} : { data }) }] });

async function createCheckout(req: Request, db: Db, account: string): Promise<Response> {
  const parsed = checkoutBody.safeParse(await readJson(req));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failure(400, "Invalid request", `${issue.path.join("_") || "body"}_is_invalid`, { message: issue.message });
  }
  const input = parsed.data;
  const orderId = randomUUID();
  const data: TamaraOrderData = {
    order_id: orderId,
    checkout_id: randomUUID(),
    order_number: input.order_number ?? randomDigits(10),
    order_reference_id: input.order_reference_id,
    total_amount: input.total_amount,
    shipping_amount: input.shipping_amount ?? null,
    tax_amount: input.tax_amount ?? null,
    items: input.items,
    consumer: input.consumer,
    description: input.description ?? null,
    merchant_url: input.merchant_url,
    payment_type: input.payment_type,
    locale: input.locale,
    created_at: new Date().toISOString(),
  };
  await insertObject(db, P, "order", orderId, { account, status: "new", data });
  const checkoutUrl = `${httpOrigin(input.merchant_url.success)}/sandbox/tamara/hosted/${orderId}`;
  return json(200, { order_id: orderId, checkout_id: data.checkout_id, checkout_url: checkoutUrl, status: "new" });
}

const sar = (halalas: number) => ({ amount: halalas / 100, currency: "SAR" as const });

const orderBody = ({ status, data: d }: { status: string; data: TamaraOrderData }) => ({
  order_id: d.order_id,
  order_reference_id: d.order_reference_id,
  order_number: d.order_number,
  status,
  total_amount: d.total_amount,
  shipping_amount: d.shipping_amount,
  tax_amount: d.tax_amount,
  items: d.items,
  consumer: d.consumer,
  description: d.description,
  payment_type: d.payment_type,
  created_at: d.created_at,
  captured_amount: sar(d.captured ?? 0),
  refunded_amount: sar(d.refunded ?? 0),
  canceled_amount: sar(d.canceled ?? 0),
  transactions: {
    captures: d.transactions?.captures ?? [],
    refunds: d.transactions?.refunds ?? [],
    cancels: d.transactions?.cancels ?? [],
  },
});

async function authorise(db: Db, account: string, orderId: string): Promise<Response> {
  const order = await findObject<TamaraOrderData>(db, P, "order", orderId);
  if (!order || order.account !== account) return failure(404, "Order not found", "order_not_found");
  const done = order.status !== "approved" && AUTHORISED_OR_LATER.includes(order.status);
  const moved = done
    ? order
    : await transitionObject<TamaraOrderData>(db, P, "order", orderId, ["approved"], {
        status: "authorised",
        data: { authorised_at: new Date().toISOString() },
      });
  const current = moved ?? (await findObject<TamaraOrderData>(db, P, "order", orderId))!;
  // A concurrent authorise that won the race answers the same.
  if (!AUTHORISED_OR_LATER.includes(current.status))
    return failure(400, `The order is ${current.status}, not approved`, "order_is_not_approved");
  const expiry = new Date(current.updatedAt.getTime() + 21 * 24 * 60 * 60 * 1000).toISOString();
  return json(200, {
    order_id: orderId,
    status: "authorised",
    order_expiry_time: expiry,
    payment_type: current.data.payment_type,
    auto_captured: false,
    authorized_amount: current.data.total_amount,
    capture_id: null,
  });
}

const AUTHORISED_OR_LATER = [
  "authorised",
  "partially_captured",
  "fully_captured",
  "partially_refunded",
  "fully_refunded",
];
/** Tamara captures by itself after 21 days; an authorisation older than that can no longer be captured by the merchant. */
const AUTHORISATION_DAYS = 21;

const moneyBody = z.looseObject({
  order_id: z.string().optional(),
  total_amount: money,
  comment: z.string().optional(),
  merchant_refund_id: z.string().max(255).optional(),
});
const halalasOf = (m: { amount: number }) => Math.round(m.amount * 100);

type Operation = "capture" | "cancel" | "refund";
const ANSWER_ID: Record<Operation, string> = { capture: "capture_id", cancel: "cancel_id", refund: "refund_id" };

/**
 * Capture, cancel and simplified refund as Tamara documents them, under the order's row lock: a
 * capture of an authorised order up to what is left and within its 21 days; a cancel before any
 * capture (what is left, after a partial one); a refund up to what was captured and not refunded.
 */
async function moveMoney(body: unknown, db: Db, account: string, orderId: string, op: Operation): Promise<Response> {
  const parsed = moneyBody.safeParse(body);
  if (!parsed.success) return failure(400, "Invalid request", "total_amount_is_invalid");
  const amount = halalasOf(parsed.data.total_amount);
  const now = new Date().toISOString();
  const list = { capture: "captures", cancel: "cancels", refund: "refunds" } as const;
  /** The order's transactions with this one added. */
  const noted = (o: TamaraOrderData, id: string) => ({
    ...o.transactions,
    [list[op]]: [
      ...(o.transactions?.[list[op]] ?? []),
      {
        [ANSWER_ID[op]]: id,
        total_amount: parsed.data.total_amount,
        ...(op === "refund"
          ? { comment: parsed.data.comment ?? null, merchant_refund_id: parsed.data.merchant_refund_id ?? null }
          : {}),
        created_at: now,
      },
    ],
  });
  const done = await mutateObject<TamaraOrderData, string>(db, P, "order", orderId, (o) => {
    if (o.account !== account) return { refused: "order_not_found" };
    const total = halalasOf(o.data.total_amount);
    const captured = o.data.captured ?? 0;
    const refunded = o.data.refunded ?? 0;
    if (amount <= 0) return { refused: "total_amount_is_invalid" };
    if (op === "capture") {
      if (o.status !== "authorised" && o.status !== "partially_captured") return { refused: "order_is_not_authorised" };
      const since = Date.parse(o.data.authorised_at ?? o.data.created_at);
      if (Date.now() - since > AUTHORISATION_DAYS * 86_400_000) return { refused: "authorisation_expired" };
      if (captured + amount > total) return { refused: "capture_amount_exceeds_remaining_amount" };
      const id = randomUUID();
      return {
        status: captured + amount === total ? "fully_captured" : "partially_captured",
        data: { captured: captured + amount, transactions: noted(o.data, id) },
        result: id,
      };
    }
    if (op === "cancel") {
      if (o.status !== "authorised" && o.status !== "partially_captured")
        return { refused: "order_can_not_be_canceled" };
      if (amount > total - captured) return { refused: "cancel_amount_exceeds_remaining_amount" };
      const id = randomUUID();
      return {
        status: captured > 0 ? "fully_captured" : "canceled",
        data: { canceled: (o.data.canceled ?? 0) + amount, transactions: noted(o.data, id) },
        result: id,
      };
    }
    if (captured === 0) return { refused: "order_is_not_captured" };
    if (refunded + amount > captured) return { refused: "refund_amount_exceeds_captured_amount" };
    const id = randomUUID();
    return {
      status: refunded + amount === captured ? "fully_refunded" : "partially_refunded",
      data: { refunded: refunded + amount, transactions: noted(o.data, id) },
      result: id,
    };
  });
  if (!done || done.result === "order_not_found") return failure(404, "Order not found", "order_not_found");
  if (done.refused) return failure(400, "The operation is not allowed", done.result);
  return json(200, {
    order_id: orderId,
    [ANSWER_ID[op]]: done.result,
    status: done.object.status,
    ...(op === "refund" ? { refunded_amount: parsed.data.total_amount } : {}),
  });
}

const DECISIONS: Record<string, { status: string; url: "success" | "failure" | "cancel"; paymentStatus: string }> = {
  approve: { status: "approved", url: "success", paymentStatus: "approved" },
  decline: { status: "declined", url: "failure", paymentStatus: "declined" },
  cancel: { status: "canceled", url: "cancel", paymentStatus: "canceled" },
};

const returnUrl = (o: { status: string; data: TamaraOrderData }) => {
  const decision =
    o.status === "declined"
      ? DECISIONS.decline
      : o.status === "canceled" || o.status === "expired"
        ? DECISIONS.cancel
        : DECISIONS.approve;
  return withQuery(o.data.merchant_url[decision.url], {
    orderId: o.data.order_id,
    paymentStatus: decision.paymentStatus,
  });
};

const riyals = (n: number) => `${n.toFixed(2)} SAR`;

async function hostedPage(req: Request, db: Db, orderId: string): Promise<Response> {
  const order = await findObject<TamaraOrderData>(db, P, "order", orderId);
  if (!order) return notFoundPage("Tamara");
  if (req.method === "POST")
    return pressButton<TamaraOrderData>(
      req,
      db,
      { provider: P, kind: "order", id: orderId, open: ["new"] },
      (a) => DECISIONS[a] ?? null,
      returnUrl,
    );
  const total = order.data.total_amount.amount;
  const open = order.status === "new";
  return renderHostedPage({
    provider: "Tamara",
    accent: "#8b3dff",
    title: "Split in 4 payments",
    intro: `Pay ${quarterOf(total)} SAR today and the rest over 3 months. No interest, no late fees.`,
    amount: riyals(total),
    rows: [
      ["Order", order.data.order_reference_id],
      [
        "Customer",
        `${order.data.consumer.first_name} ${order.data.consumer.last_name} · ${order.data.consumer.phone_number}`,
      ],
      ["Today", `${quarterOf(total)} SAR`],
    ],
    buttons: open ? PAY_LATER_BUTTONS : undefined,
    settled: open ? undefined : { message: `This order is ${order.status}.`, returnUrl: returnUrl(order) },
  });
}

/**
 * `GET /merchants/orders/{order_id}` and `GET /merchants/orders/reference-id/{order_reference_id}`
 * (the latest order of that reference): the order's details, with what was captured, refunded and
 * cancelled and each transaction.
 */
async function orderDetails(db: Db, account: string, details: string[]): Promise<Response> {
  const order =
    details.length === 1
      ? await findObject<TamaraOrderData>(db, P, "order", details[0])
      : (await listObjects<TamaraOrderData>(db, P, "order", ""))
          .filter((o) => o.account === account && o.data.order_reference_id === details[1])
          .sort((x, y) => y.data.created_at.localeCompare(x.data.created_at))[0];
  return order && order.account === account
    ? json(200, orderBody(order))
    : failure(404, "Order not found", "order_not_found");
}

/** /sandbox/tamara/<path…> */
export async function tamaraSandbox(req: Request, db: Db, path: string[]): Promise<Response> {
  const [head, a, b] = path;
  if (head === "widget-v2" && a === "tamara-widget.js" && path.length === 2 && req.method === "GET")
    return script(tamaraWidgetScript);
  if (head === "hosted" && a && path.length === 2 && (req.method === "GET" || req.method === "POST"))
    return hostedPage(req, db, a);
  const account = bearerToken(req);
  const operation =
    head === "payments" && a === "capture" && path.length === 2
      ? "capture"
      : head === "payments" && a === "simplified-refund" && b && path.length === 3
        ? "refund"
        : head === "orders" && a && b === "cancel" && path.length === 3
          ? "cancel"
          : null;
  const details = head === "merchants" && a === "orders" ? path.slice(2) : null;
  const known =
    operation ||
    (details && (details.length === 1 || (details.length === 2 && details[0] === "reference-id"))) ||
    (head === "checkout" && path.length === 1) ||
    (head === "orders" && a && (path.length === 2 || (path.length === 3 && b === "authorise")));
  if (!known) return failure(404, "Not found", "not_found");
  if (!account) return failure(401, "Unauthorized", "unauthorized");
  if (operation && req.method === "POST") {
    const body = (await readJson(req)) as { order_id?: unknown } | undefined;
    // A capture names its order in the body; cancel and refund in the path.
    const orderId = operation === "capture" ? body?.order_id : operation === "refund" ? b : a;
    return typeof orderId === "string"
      ? moveMoney(body, db, account, orderId, operation)
      : failure(400, "Invalid request", "order_id_is_required");
  }
  if (head === "checkout" && req.method === "POST") return createCheckout(req, db, account);
  if (details && req.method === "GET") return orderDetails(db, account, details);
  if (head === "orders" && path.length === 2 && req.method === "GET") {
    const order = await findObject<TamaraOrderData>(db, P, "order", a);
    return order && order.account === account
      ? json(200, orderBody(order))
      : failure(404, "Order not found", "order_not_found");
  }
  if (head === "orders" && b === "authorise" && req.method === "POST") return authorise(db, account, a);
  return failure(405, "Method not allowed", "method_not_allowed");
}
