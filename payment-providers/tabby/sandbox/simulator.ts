import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/platform/db/client";
import { bearerToken, deliverWebhooks, httpOrigin, json, readJson, script, withQuery } from "@/platform/sandbox/http";
import { notFoundPage, PAY_LATER_BUTTONS, pressButton, quarterOf, renderHostedPage } from "@/platform/sandbox/pages";
import { tabbyCardScript } from "./scripts/tabby-card";
import { findObject, insertObject, listObjects, mutateObject } from "@/platform/sandbox/store";

// The Tabby sandbox: /sandbox/tabby/api/v2/…, the hosted page /sandbox/tabby/hosted/{paymentId} and
// the promo script /sandbox/tabby/tabby-card.js. A secret key sk_… is its own account.

export type TabbyPaymentData = {
  id: string;
  session_id: string;
  amount: string;
  currency: string;
  description: string | null;
  buyer: { name: string; phone: string; email?: string | null };
  order: { reference_id: string; items: unknown[] };
  merchant_code: string;
  merchant_urls: { success: string; cancel: string; failure: string };
  lang: "ar" | "en";
  created_at: string;
  captures: MoneyMove[];
  refunds: MoneyMove[];
};

type MoneyMove = {
  id: string;
  amount: string;
  reference_id: string | null;
  created_at: string;
  reason?: string | null;
};

/** A registered webhook (POST /api/v1/webhooks): Tabby posts payment changes to url with header {title: value}. */
export type TabbyWebhookData = {
  id: string;
  url: string;
  merchant_code: string;
  header: { title: string; value: string } | null;
};

const P = "tabby" as const;
/** Brief "Test data": this buyer is always refused; above 5000 SAR nobody is approved. */
const REJECTED_PHONE = "500000002";
const MAX_AMOUNT = 5000;

const error = (status: number, errorType: string, message: string) =>
  json(status, { status: "error", errorType, error: message });

const amountText = z.string().regex(/^\d+(\.\d{1,2})?$/, "amount must be a decimal string like 100.00");

const checkoutBody = z.looseObject({
  payment: z.looseObject({
    amount: amountText,
    currency: z.literal("SAR"),
    description: z.string().nullish(),
    // Tabby's schema marks these required: a request without them is a 400 at Tabby, so here too.
    buyer: z.looseObject({ name: z.string().min(1), phone: z.string().min(5), email: z.email() }),
    shipping_address: z.looseObject({ city: z.string().min(1), address: z.string().min(1), zip: z.string().min(1) }),
    order: z.looseObject({
      reference_id: z.string().min(1),
      items: z
        .array(z.looseObject({ title: z.string().min(1), quantity: z.number().int().min(1), unit_price: amountText }))
        .default([]),
    }),
    buyer_history: z.looseObject({
      registered_since: z.iso.datetime({ offset: true }),
      loyalty_level: z.number().int().min(0),
    }),
    order_history: z.array(
      z.looseObject({
        purchased_at: z.iso.datetime({ offset: true }),
        amount: amountText,
        status: z.enum(["new", "processing", "complete", "refunded", "canceled", "unknown"]),
      }),
    ),
  }),
  lang: z.enum(["ar", "en"]).default("en"),
  merchant_code: z.string().min(1),
  merchant_urls: z.object({ success: z.url(), cancel: z.url(), failure: z.url() }),
});

const firstIssue = (e: z.ZodError) => {
  const issue = e.issues[0];
  return `${issue.path.join(".") || "body"}: ${issue.message}`;
};

function rejectionReason(phone: string, amount: number): string | null {
  if (phone.replace(/\D/g, "").slice(-9) === REJECTED_PHONE) return "not_available";
  if (amount > MAX_AMOUNT) return "order_amount_too_high";
  return null;
}

async function createCheckout(req: Request, db: Db, account: string): Promise<Response> {
  const parsed = checkoutBody.safeParse(await readJson(req));
  if (!parsed.success) return error(400, "bad_data", firstIssue(parsed.error));
  const input = parsed.data;
  const amount = Number(input.payment.amount).toFixed(2);
  const reason = rejectionReason(input.payment.buyer.phone, Number(amount));
  const sessionId = randomUUID();
  const paymentId = randomUUID();
  const data: TabbyPaymentData = {
    id: paymentId,
    session_id: sessionId,
    amount,
    currency: "SAR",
    description: input.payment.description ?? null,
    buyer: {
      name: input.payment.buyer.name,
      phone: input.payment.buyer.phone,
      email: input.payment.buyer.email ?? null,
    },
    order: { reference_id: input.payment.order.reference_id, items: input.payment.order.items },
    merchant_code: input.merchant_code,
    merchant_urls: input.merchant_urls,
    lang: input.lang,
    created_at: new Date().toISOString(),
    captures: [],
    refunds: [],
  };
  const status = reason ? "REJECTED" : "CREATED";
  await insertObject(db, P, "payment", paymentId, { account, status, data });
  return json(200, sessionBody({ status, data }));
}

/** A checkout session as Tabby answers it (created, or rejected with its reason), with its payment as it now is. */
function sessionBody(p: { status: string; data: TabbyPaymentData }) {
  const { data } = p;
  const reason = rejectionReason(data.buyer.phone, Number(data.amount));
  const webUrl = `${httpOrigin(data.merchant_urls.success)}/sandbox/tabby/hosted/${data.id}`;
  return {
    id: data.session_id,
    status: reason ? "rejected" : "created",
    payment: {
      id: data.id,
      amount: data.amount,
      currency: data.currency,
      description: data.description,
      status: p.status,
      is_test: true,
      created_at: data.created_at,
    },
    merchant_urls: data.merchant_urls,
    configuration: {
      currency: data.currency,
      available_products: reason
        ? {}
        : { installments: [{ web_url: webUrl, downpayment: quarterOf(Number(data.amount)), installments_count: 3 }] },
      products: { installments: { type: "installments", is_available: !reason, rejection_reason: reason } },
    },
  };
}

/** `GET /api/v2/checkout/{id}`: the session by its id. */
async function readSession(db: Db, account: string, sessionId: string): Promise<Response> {
  const payment = (await listObjects<TabbyPaymentData>(db, P, "payment", "")).find(
    (p) => p.account === account && p.data.session_id === sessionId,
  );
  return payment ? json(200, sessionBody(payment)) : error(404, "not_found", "Checkout session not found");
}

const updateBody = z.object({ order: z.object({ reference_id: z.string().min(1) }) });

/** `PUT /api/v2/payments/{id}`: the order's reference_id (the merchant's order id), and nothing else. */
async function updatePayment(req: Request, db: Db, account: string, id: string): Promise<Response> {
  const parsed = updateBody.safeParse(await readJson(req));
  if (!parsed.success) return error(400, "bad_data", firstIssue(parsed.error));
  const changed = await mutateObject<TabbyPaymentData, null>(db, P, "payment", id, (p) =>
    p.account !== account
      ? { refused: null }
      : { data: { order: { ...p.data.order, reference_id: parsed.data.order.reference_id } }, result: null },
  );
  return changed && !changed.refused
    ? json(200, paymentBody(changed.object))
    : error(404, "not_found", "Payment not found");
}

const paymentBody = (p: { status: string; data: TabbyPaymentData }) => ({
  id: p.data.id,
  created_at: p.data.created_at,
  status: p.status,
  is_test: true,
  amount: p.data.amount,
  currency: p.data.currency,
  description: p.data.description,
  buyer: p.data.buyer,
  order: p.data.order,
  captures: p.data.captures ?? [],
  refunds: p.data.refunds ?? [],
});

const DECISIONS: Record<string, { status: string }> = {
  approve: { status: "AUTHORIZED" },
  decline: { status: "REJECTED" },
  cancel: { status: "EXPIRED" },
};

const returnUrl = (p: { status: string; data: TabbyPaymentData }) => {
  const which =
    p.status === "AUTHORIZED" || p.status === "CLOSED" ? "success" : p.status === "REJECTED" ? "failure" : "cancel";
  return withQuery(p.data.merchant_urls[which], { payment_id: p.data.id });
};

async function hostedPage(req: Request, db: Db, id: string): Promise<Response> {
  const payment = await findObject<TabbyPaymentData>(db, P, "payment", id);
  if (!payment) return notFoundPage("Tabby");
  if (req.method === "POST")
    return pressButton<TabbyPaymentData>(
      req,
      db,
      { provider: P, kind: "payment", id, open: ["CREATED"] },
      (a) => DECISIONS[a] ?? null,
      returnUrl,
      (moved) => notifyWebhooks(db, moved),
    );
  const quarter = quarterOf(Number(payment.data.amount));
  const open = payment.status === "CREATED";
  return renderHostedPage({
    provider: "Tabby",
    accent: "#3bffc1",
    accentText: "#111827",
    title: "Pay in 4. No interest, no fees.",
    intro: `Split your purchase into 4 payments of ${quarter} SAR.`,
    amount: `${payment.data.amount} SAR`,
    rows: [
      ["Merchant", payment.data.merchant_code],
      ["Order", payment.data.order.reference_id],
      ["Buyer", `${payment.data.buyer.name} · ${payment.data.buyer.phone}`],
      ["Today", `${quarter} SAR`],
    ],
    buttons: open ? PAY_LATER_BUTTONS : undefined,
    settled: open
      ? undefined
      : { message: `This payment is ${payment.status.toLowerCase()}.`, returnUrl: returnUrl(payment) },
  });
}

const halalas = (amount: string) => Math.round(Number(amount) * 100);
const sum = (moves: MoneyMove[]) => moves.reduce((n, m) => n + halalas(m.amount), 0);
const asAmount = (h: number) => (h / 100).toFixed(2);

const moveBody = z.looseObject({
  amount: amountText,
  reference_id: z.string().nullish(),
  reason: z.string().nullish(),
});

type Operation = "captures" | "refunds" | "close";

/**
 * Captures, refunds and close as Tabby documents them, under the payment's row lock (two at once
 * queue): a capture only of an AUTHORIZED payment and never above what is left (all of it ⇒
 * CLOSED); a refund only of what was captured and not refunded yet; close ends an AUTHORIZED
 * payment (without a capture it is a cancellation: the shopper pays nothing).
 */
async function moveMoney(req: Request, db: Db, account: string, id: string, op: Operation): Promise<Response> {
  const parsed = op === "close" ? null : moveBody.safeParse(await readJson(req));
  if (parsed && !parsed.success) return error(400, "bad_data", firstIssue(parsed.error));
  const input = parsed?.data;
  const now = new Date().toISOString();
  const done = await mutateObject<TabbyPaymentData, string | null>(db, P, "payment", id, (p) => {
    if (p.account !== account) return { refused: "not_found" };
    const captured = sum(p.data.captures ?? []);
    const refunded = sum(p.data.refunds ?? []);
    const authorised = halalas(p.data.amount);
    if (op === "close") {
      if (p.status !== "AUTHORIZED") return { refused: `A ${p.status} payment cannot be closed` };
      return { status: "CLOSED", result: null };
    }
    const amount = halalas(input!.amount);
    if (amount <= 0) return { refused: "amount must be above zero" };
    const move: MoneyMove = {
      id: randomUUID(),
      amount: asAmount(amount),
      reference_id: input!.reference_id ?? null,
      created_at: now,
      ...(op === "refunds" ? { reason: input!.reason ?? null } : {}),
    };
    if (op === "captures") {
      if (p.status !== "AUTHORIZED") return { refused: `A ${p.status} payment cannot be captured` };
      if (captured + amount > authorised) return { refused: "Capture amount is above the amount left to capture" };
      const captures = [...(p.data.captures ?? []), move];
      return {
        status: captured + amount === authorised ? "CLOSED" : "AUTHORIZED",
        data: { captures },
        result: move.id,
      };
    }
    // A refund's reference_id is its idempotency key: the same one again answers the payment as it is.
    const again = input!.reference_id && p.data.refunds?.find((r) => r.reference_id === input!.reference_id);
    if (again) return { result: again.id };
    if (captured === 0) return { refused: "Nothing was captured: close the payment instead" };
    if (refunded + amount > captured) return { refused: "Refund amount is above the captured amount" };
    return { data: { refunds: [...(p.data.refunds ?? []), move] }, result: move.id };
  });
  if (!done || done.result === "not_found") return error(404, "not_found", "Payment not found");
  if (done.refused) return error(400, "bad_data", done.result ?? "refused");
  notifyWebhooks(db, done.object);
  return json(200, paymentBody(done.object));
}

/** POST /api/v1/webhooks (X-Merchant-Code): registers where Tabby notifies payment changes, and under which header. */
async function registerWebhook(req: Request, db: Db, account: string): Promise<Response> {
  const merchantCode = req.headers.get("x-merchant-code");
  if (!merchantCode) return error(400, "bad_data", "X-Merchant-Code header is required");
  const parsed = z
    .object({
      url: z.url(),
      is_test: z.boolean().optional(),
      header: z.object({ title: z.string().min(1), value: z.string().min(1) }).optional(),
    })
    .safeParse(await readJson(req));
  if (!parsed.success) return error(400, "bad_data", firstIssue(parsed.error));
  const hook: TabbyWebhookData = {
    id: randomUUID(),
    url: parsed.data.url,
    merchant_code: merchantCode,
    header: parsed.data.header ?? null,
  };
  await insertObject(db, P, "webhook", `${account}:${merchantCode}:${hook.id}`, {
    account,
    status: "active",
    data: hook,
  });
  return json(200, { id: hook.id, url: hook.url, is_test: true, header: hook.header });
}

/**
 * Tabby notifies every webhook its merchant registered of a payment's change (the payment as
 * GET answers it, the header as registered). Sent after the answer, never awaited: a merchant
 * that is down does not fail the payment, as at Tabby.
 */
function notifyWebhooks(db: Db, payment: { account: string; status: string; data: TabbyPaymentData }): void {
  deliverWebhooks(async () =>
    (await listObjects<TabbyWebhookData>(db, P, "webhook", `${payment.account}:${payment.data.merchant_code}:`)).map(
      (hook) => ({
        url: hook.data.url,
        headers: hook.data.header ? { [hook.data.header.title]: hook.data.header.value } : {},
        body: paymentBody(payment),
      }),
    ),
  );
}

/** /sandbox/tabby/<path…> */
export async function tabbySandbox(req: Request, db: Db, path: string[]): Promise<Response> {
  const [head, a, b, c] = path;
  if (head === "tabby-card.js" && path.length === 1 && req.method === "GET") return script(tabbyCardScript);
  if (head === "hosted" && a && path.length === 2 && (req.method === "GET" || req.method === "POST"))
    return hostedPage(req, db, a);
  if (head !== "api" || (a !== "v2" && a !== "v1")) return error(404, "not_found", "Not found");
  const key = bearerToken(req);
  if (!key || !/^sk_/.test(key)) return error(401, "unauthorized", "Invalid secret key");
  if (a === "v1")
    return b === "webhooks" && path.length === 3 && req.method === "POST"
      ? registerWebhook(req, db, key)
      : error(404, "not_found", "Not found");
  const d = path[4];
  if (
    b === "payments" &&
    c &&
    path.length === 5 &&
    req.method === "POST" &&
    (d === "captures" || d === "refunds" || d === "close")
  )
    return moveMoney(req, db, key, c, d);
  if (b === "checkout" && path.length === 3 && req.method === "POST") return createCheckout(req, db, key);
  if (b === "checkout" && c && path.length === 4 && req.method === "GET") return readSession(db, key, c);
  if (b === "payments" && c && path.length === 4 && req.method === "PUT") return updatePayment(req, db, key, c);
  if (b === "payments" && c && path.length === 4 && req.method === "GET") {
    const payment = await findObject<TabbyPaymentData>(db, P, "payment", c);
    return payment && payment.account === key
      ? json(200, paymentBody(payment))
      : error(404, "not_found", "Payment not found");
  }
  return error(404, "not_found", "Not found");
}
