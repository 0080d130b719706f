import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/platform/db/client";
import {
  checkCard,
  maskedNumber,
  THREE_DS_FAILED,
  TIME_FRAME_EXPIRED,
  type CardBrand,
  type CardOutcome,
  type CheckedCard,
} from "@/platform/sandbox/cards";
import {
  basicUser,
  deliverWebhooks,
  formatSar,
  httpOrigin,
  json,
  randomDigits,
  readJson,
  withQuery,
} from "@/platform/sandbox/http";
import { notFoundPage, pressButton, renderHostedPage } from "@/platform/sandbox/pages";
import { findObject, insertObject, listObjects, mutateObject, transitionObject } from "@/platform/sandbox/store";

// The Moyasar sandbox (brief "Provider contracts"): API under /sandbox/moyasar/v1, the 3-D Secure
// page under /sandbox/moyasar/3ds/{id}. A key pk_test_X / sk_test_X belongs to account X.

type Key = { kind: "pk" | "sk"; account: string };

type TokenData = {
  brand: CardBrand;
  name: string;
  firstSix: string;
  lastFour: string;
  month: number;
  year: number;
  outcome: CardOutcome;
  created_at: string;
  save_only?: boolean;
};

type Source = {
  type: "creditcard" | "applepay";
  company: CardBrand;
  name: string | null;
  number: string;
  token?: string;
  message: string | null;
  transaction_url: string | null;
  gateway_id: string | null;
  reference_number: string | null;
};

export type MoyasarPaymentData = {
  id: string;
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  captured: number;
  amount_format: string;
  description: string | null;
  callback_url: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  /** manual: true ⇒ authorised only, to be captured (or voided) by the merchant. */
  manual: boolean;
  refunded_at: string | null;
  captured_at: string | null;
  voided_at: string | null;
  invoice_id: string | null;
  ip: string | null;
  source: Source;
};

const P = "moyasar" as const;

function moyasarKey(req: Request): Key | null {
  const m = /^(pk|sk)_(?:test|live)_(.+)$/.exec(basicUser(req) ?? "");
  return m ? { kind: m[1] as Key["kind"], account: m[2] } : null;
}

const unauthorized = () =>
  json(401, { type: "authentication_error", message: "Invalid authorization credentials", errors: null });
const notFound = () => json(404, { type: "api_error", message: "Object not found", errors: null });
const invalid = (errors: Record<string, string[]>) =>
  json(400, { type: "invalid_request_error", message: "Validation Failed", errors });

function zodErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join(".") || "base"] ??= []).push(issue.message);
  return errors;
}

const paymentBody = z.object({
  amount: z.number().int().min(100, "must be greater than or equal to 100"),
  currency: z.string().toUpperCase().pipe(z.literal("SAR", "is not supported")),
  description: z.string().max(255).nullish(),
  callback_url: z.string().nullish(),
  given_id: z.uuid("must be a UUID").nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  // The payment form posts its publishable key in the body rather than the Authorization header.
  publishable_api_key: z.string().optional(),
  source: z.discriminatedUnion("type", [
    z.object({ type: z.literal("token"), token: z.string().min(1), manual: z.boolean().optional() }),
    // A card sent by the merchant's own server (PCI-certified merchants and Moyasar's SDKs).
    z.looseObject({
      type: z.literal("creditcard"),
      name: z.unknown(),
      number: z.unknown(),
      month: z.unknown(),
      year: z.unknown(),
      cvc: z.unknown(),
      manual: z.boolean().optional(),
    }),
    z.object({ type: z.literal("applepay"), token: z.string().min(1) }),
  ]),
});

/** A payment as Moyasar shows it: its status, and each amount also written out (`*_format`, e.g. "1,150.00 SAR"). */
const paymentObject = (p: { status: string; data: MoyasarPaymentData }) => ({
  ...p.data,
  status: p.status,
  amount_format: formatSar(p.data.amount),
  fee_format: formatSar(p.data.fee),
  refunded_format: formatSar(p.data.refunded),
  captured_format: formatSar(p.data.captured),
});

const paymentResponse = (p: { status: string; data: MoyasarPaymentData }, httpStatus: number) =>
  json(httpStatus, paymentObject(p));

async function createToken(req: Request, db: Db, key: Key): Promise<Response> {
  const body = await readJson(req);
  if (!body || typeof body !== "object") return invalid({ base: ["body must be a JSON object"] });
  const input = body as Record<string, unknown>;
  const checked = checkCard({
    name: input.name,
    number: input.number,
    month: input.month,
    year: input.year,
    cvc: input.cvc,
  });
  if ("errors" in checked) return invalid(checked.errors);
  const { card } = checked;
  const id = `token_${randomUUID().replace(/-/g, "")}`;
  const data: TokenData = { ...card, created_at: new Date().toISOString(), save_only: input.save_only === true };
  await insertObject(db, P, "token", id, { account: key.account, status: "initiated", data });
  return json(201, {
    id,
    status: "initiated",
    brand: card.brand,
    funding: card.brand === "mada" ? "debit" : "credit",
    country: "SA",
    last_four: card.lastFour,
    name: card.name,
    month: String(card.month),
    year: String(card.year),
    created_at: data.created_at,
    updated_at: data.created_at,
    save_only: input.save_only === true,
    verification_url: null,
  });
}

/** Apple Pay's payment token as Moyasar receives it: the card network and its display name. */
function applePaySource(token: string): Source {
  let network = "";
  let display = "";
  try {
    const parsed = JSON.parse(token) as { paymentMethod?: { network?: unknown; displayName?: unknown } };
    network = String(parsed.paymentMethod?.network ?? "").toLowerCase();
    display = String(parsed.paymentMethod?.displayName ?? "");
  } catch {
    // Not JSON: any text is a token in the sandbox.
  }
  const company: CardBrand = network === "mada" ? "mada" : network.startsWith("master") ? "master" : "visa";
  const lastFour = /(\d{4})\s*$/.exec(display)?.[1] ?? "0000";
  const declined = token.includes('"decline"');
  return {
    type: "applepay",
    company,
    name: null,
    number: `XXXX-XXXX-XXXX-${lastFour}`,
    message: declined ? "DECLINED" : "APPROVED",
    transaction_url: null,
    gateway_id: `moyasar_ap_${randomUUID().replace(/-/g, "").slice(0, 20)}`,
    reference_number: randomDigits(12),
  };
}

async function createPayment(req: Request, db: Db, keyHeard: Key | null): Promise<Response> {
  const body = await readJson(req);
  const named = /^pk_(?:test|live)_(.+)$/.exec(
    String((body as { publishable_api_key?: unknown } | undefined)?.publishable_api_key ?? ""),
  )?.[1];
  const key: Key | null = keyHeard ?? (named ? { kind: "pk", account: named } : null);
  if (!key) return unauthorized();
  const parsed = paymentBody.safeParse(body);
  if (!parsed.success) return invalid(zodErrors(parsed.error));
  const input = parsed.data;
  const id = input.given_id ?? randomUUID();
  if (input.given_id) {
    const existing = await findObject<MoyasarPaymentData>(db, P, "payment", id);
    if (existing)
      return existing.account === key.account
        ? paymentResponse(existing, 200)
        : invalid({ given_id: ["has already been taken"] });
  }
  let status: string;
  let source: Source;
  /** A card payment waits for 3-D Secure on the callback URL's host, unless the card declines at once. */
  const cardSource = (card: TokenData | CheckedCard, origin: string, token?: string): Source => ({
    type: "creditcard",
    company: card.brand,
    name: card.name,
    number: maskedNumber(card),
    ...(token ? { token } : {}),
    message: card.outcome,
    transaction_url: card.outcome ? null : `${origin}/sandbox/moyasar/3ds/${id}`,
    gateway_id: `moyasar_ap_${randomUUID().replace(/-/g, "").slice(0, 20)}`,
    reference_number: randomDigits(12),
  });
  if (input.source.type === "token" || input.source.type === "creditcard") {
    const origin = httpOrigin(input.callback_url);
    if (!origin) return invalid({ callback_url: ["must be an absolute http(s) URL"] });
    if (input.source.type === "creditcard") {
      const checked = checkCard(input.source);
      if ("errors" in checked)
        return invalid(Object.fromEntries(Object.entries(checked.errors).map(([field, e]) => [`source.${field}`, e])));
      status = checked.card.outcome ? "failed" : "initiated";
      source = cardSource(checked.card, origin);
    } else {
      const token = await findObject<TokenData>(db, P, "token", input.source.token);
      if (!token || token.account !== key.account) return invalid({ "source.token": ["is invalid"] });
      // A token made to be saved (save_only) pays once; the second payment with it is refused.
      if (
        token.data.save_only &&
        !(await transitionObject<TokenData>(db, P, "token", input.source.token, ["initiated"], { status: "used" }))
      ) {
        return invalid({ "source.token": ["has already been used"] });
      }
      status = token.data.outcome ? "failed" : "initiated";
      source = cardSource(token.data, origin, input.source.token);
    }
  } else {
    source = applePaySource(input.source.token);
    status = source.message === "APPROVED" ? "paid" : "failed";
  }
  const manual = input.source.type !== "applepay" && input.source.manual === true;
  const now = new Date().toISOString();
  const data: MoyasarPaymentData = {
    id,
    amount: input.amount,
    fee: 0,
    currency: "SAR",
    refunded: 0,
    captured: status === "paid" ? input.amount : 0,
    manual,
    refunded_at: null,
    captured_at: status === "paid" ? new Date().toISOString() : null,
    voided_at: null,
    invoice_id: null,
    ip: req.headers.get("x-forwarded-for")?.split(",").pop()?.trim() ?? null,
    amount_format: formatSar(input.amount),
    description: input.description ?? null,
    callback_url: input.callback_url ?? null,
    metadata: input.metadata ?? null,
    created_at: now,
    updated_at: now,
    source,
  };
  if (!(await insertObject(db, P, "payment", id, { account: key.account, status, data }))) {
    // The same given_id raced in: answer the one that won.
    const existing = await findObject<MoyasarPaymentData>(db, P, "payment", id);
    if (existing?.account === key.account) return paymentResponse(existing, 200);
    return invalid({ given_id: ["has already been taken"] });
  }
  return paymentResponse({ status, data }, 201);
}

const applePayBody = z.object({
  validation_url: z.url(),
  display_name: z.string().min(1),
  domain_name: z.string().min(1),
  publishable_api_key: z.string().optional(),
});

async function initiateApplePay(req: Request, key: Key | null): Promise<Response> {
  const parsed = applePayBody.safeParse(await readJson(req));
  if (!parsed.success) return invalid(zodErrors(parsed.error));
  // The browser may name its publishable key in the body instead of the Authorization header.
  const account = key?.account ?? /^pk_(?:test|live)_(.+)$/.exec(parsed.data.publishable_api_key ?? "")?.[1];
  if (!account) return unauthorized();
  const now = Date.now();
  return json(200, {
    epochTimestamp: now,
    expiresAt: now + 60 * 60 * 1000,
    merchantSessionIdentifier: `SSH${randomUUID().replace(/-/g, "").toUpperCase()}`,
    nonce: randomUUID().slice(0, 8),
    merchantIdentifier: `merchant.sandbox.moyasar.${account}`,
    domainName: parsed.data.domain_name,
    displayName: parsed.data.display_name,
    signature: Buffer.from(`sandbox-signature:${account}:${now}`).toString("base64"),
  });
}

/** Moyasar settles a day's payments the next day: before that a payment can still be voided. */
const SETTLEMENT_MS = 24 * 60 * 60 * 1000;
/** An authorisation the issuer holds (Moyasar: up to seven days); after it, nothing can be captured. */
const AUTHORIZATION_MS = 7 * 24 * 60 * 60 * 1000;

const amountBody = z.object({ amount: z.number().int().positive().optional() }).catch({});

type Operation = (
  p: MoyasarPaymentData & { status: string },
  amount: number | undefined,
  now: string,
) => { status: string; data: Partial<MoyasarPaymentData> } | { error: string };

/**
 * Refund, void and capture, with Moyasar's rules: refund what was captured (all, or part; never
 * more than is left), void what is authorised or not yet settled, capture an authorisation that
 * has not expired (all, or part: the rest is released).
 */
const OPERATIONS: Record<string, Operation> = {
  refund: (p, amount, now) => {
    if (!["paid", "captured", "refunded"].includes(p.status))
      return { error: `Payment can not be refunded, it is ${p.status}` };
    const left = p.captured - p.refunded;
    const value = amount ?? left;
    if (value <= 0 || value > left) return { error: `Refund amount must be less than or equal to ${left}` };
    return { status: "refunded", data: { refunded: p.refunded + value, refunded_at: now } };
  },
  void: (p, _amount, now) => {
    const settled = Date.parse(now) - Date.parse(p.created_at) >= SETTLEMENT_MS;
    if (p.status === "authorized" || ((p.status === "paid" || p.status === "captured") && !settled && p.refunded === 0))
      return { status: "voided", data: { voided_at: now } };
    return {
      error:
        settled && p.status !== "voided"
          ? "Payment can not be voided, it is already settled"
          : `Payment can not be voided, it is ${p.status}`,
    };
  },
  capture: (p, amount, now) => {
    if (p.status !== "authorized") return { error: `Payment can not be captured, it is ${p.status}` };
    if (Date.parse(now) - Date.parse(p.created_at) >= AUTHORIZATION_MS)
      return { error: "Payment can not be captured, the authorization has expired" };
    const value = amount ?? p.amount;
    if (value > p.amount) return { error: `Capture amount must be less than or equal to ${p.amount}` };
    return { status: "captured", data: { captured: value, captured_at: now } };
  },
};

async function operate(req: Request, db: Db, key: Key, id: string, op: string): Promise<Response> {
  const { amount } = amountBody.parse(await readJson(req));
  const now = new Date().toISOString();
  const changed = await mutateObject<MoyasarPaymentData, string | null>(db, P, "payment", id, (payment) => {
    if (payment.account !== key.account) return { refused: "not_found" };
    const next = OPERATIONS[op]({ ...payment.data, status: payment.status }, amount, now);
    if ("error" in next) return { refused: next.error };
    return { status: next.status, data: { ...next.data, updated_at: now }, result: null };
  });
  if (!changed || changed.result === "not_found") return notFound();
  if (changed.refused) return invalid({ base: [changed.result!] });
  notifyWebhooks(db, changed.object);
  return paymentResponse(changed.object, 200);
}

const ACTIONS: Record<string, { status: "paid" | "failed"; message: string }> = {
  authenticate: { status: "paid", message: "APPROVED" },
  fail: { status: "failed", message: THREE_DS_FAILED },
  expire: { status: "failed", message: TIME_FRAME_EXPIRED },
};

const returnUrl = (p: { status: string; data: MoyasarPaymentData }) =>
  withQuery(p.data.callback_url ?? "about:blank", {
    id: p.data.id,
    status: p.status,
    message: p.data.source.message ?? "",
  });

async function threeDSecure(req: Request, db: Db, id: string): Promise<Response> {
  const payment = await findObject<MoyasarPaymentData>(db, P, "payment", id);
  if (!payment || payment.data.source.type !== "creditcard" || !payment.data.callback_url)
    return notFoundPage("Moyasar");
  if (req.method === "POST") {
    const decide = (name: string) => {
      const action = ACTIONS[name];
      if (!action) return null;
      const { amount, source, manual } = payment.data;
      const now = new Date().toISOString();
      // A manual payment is only authorised here: the merchant captures it (or voids it) later.
      if (action.status === "paid" && manual)
        return { status: "authorized", data: { updated_at: now, source: { ...source, message: action.message } } };
      return {
        status: action.status,
        data: {
          updated_at: now,
          captured: action.status === "paid" ? amount : 0,
          captured_at: action.status === "paid" ? now : null,
          source: { ...source, message: action.message },
        },
      };
    };
    return pressButton<MoyasarPaymentData>(
      req,
      db,
      { provider: P, kind: "payment", id, open: ["initiated"] },
      decide,
      returnUrl,
      (moved) => notifyWebhooks(db, moved),
    );
  }
  const { data } = payment;
  return renderHostedPage({
    provider: "Moyasar",
    accent: "#1d4ed8",
    title: "3-D Secure verification",
    intro: "Your bank asks you to confirm this card payment.",
    amount: formatSar(data.amount),
    rows: [
      ["Merchant", payment.account],
      ...(data.description ? ([["Description", data.description]] as [string, string][]) : []),
      ["Card", `${data.source.company.toUpperCase()} ${data.source.number}`],
    ],
    buttons:
      payment.status === "initiated"
        ? [
            { action: "authenticate", label: "Authenticate", tone: "primary" },
            { action: "fail", label: "Fail authentication", tone: "danger" },
            { action: "expire", label: "Let it expire", tone: "secondary" },
          ]
        : undefined,
    settled:
      payment.status === "initiated"
        ? undefined
        : { message: `This payment is ${payment.status}.`, returnUrl: returnUrl(payment) },
  });
}

/** A registered webhook (POST /webhooks): Moyasar posts the events to url with shared_secret as the body's secret_token. */
export type MoyasarWebhookData = {
  id: string;
  url: string;
  shared_secret: string;
  events: string[];
  created_at: string;
};

const EVENT_OF: Record<string, string> = {
  paid: "payment_paid",
  failed: "payment_failed",
  authorized: "payment_authorized",
  captured: "payment_captured",
  refunded: "payment_refunded",
  voided: "payment_voided",
};

/** POST /webhooks (secret key): url, shared_secret and the events to send (all when none are named). */
async function registerWebhook(req: Request, db: Db, key: Key): Promise<Response> {
  const parsed = z
    .object({ url: z.url(), shared_secret: z.string().min(1), events: z.array(z.string()).optional() })
    .safeParse(await readJson(req));
  if (!parsed.success) return invalid(zodErrors(parsed.error));
  const hook: MoyasarWebhookData = {
    id: randomUUID(),
    url: parsed.data.url,
    shared_secret: parsed.data.shared_secret,
    events: parsed.data.events ?? Object.values(EVENT_OF),
    created_at: new Date().toISOString(),
  };
  await insertObject(db, P, "webhook", `${key.account}:${hook.id}`, {
    account: key.account,
    status: "active",
    data: hook,
  });
  return json(201, { id: hook.id, url: hook.url, events: hook.events, created_at: hook.created_at });
}

/**
 * Moyasar's notification of a payment's change to every webhook the account registered for that
 * event, as Moyasar sends it: the event, the shared secret as secret_token, the payment as data.
 * Sent after the answer and never awaited, as a provider's delivery is.
 */
function notifyWebhooks(db: Db, payment: { account: string; status: string; data: MoyasarPaymentData }): void {
  const type = EVENT_OF[payment.status];
  if (!type) return;
  deliverWebhooks(async () =>
    (await listObjects<MoyasarWebhookData>(db, P, "webhook", `${payment.account}:`))
      .filter((hook) => hook.data.events.includes(type))
      .map((hook) => ({
        url: hook.data.url,
        body: {
          id: randomUUID(),
          type,
          created_at: new Date().toISOString(),
          secret_token: hook.data.shared_secret,
          account_name: payment.account,
          live: false,
          data: paymentObject(payment),
        },
      })),
  );
}

/** GET /payments?page=&per= (secret key): the account's payments, newest first, with Moyasar's paging meta. */
async function listPayments(req: Request, db: Db, key: Key): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const page = Math.max(1, Number.parseInt(q.get("page") ?? "1", 10) || 1);
  const per = Math.min(100, Math.max(1, Number.parseInt(q.get("per") ?? "20", 10) || 20));
  const all = (await listObjects<MoyasarPaymentData>(db, P, "payment", "")).filter((p) => p.account === key.account);
  all.sort((x, y) => y.data.created_at.localeCompare(x.data.created_at));
  const totalPages = Math.max(1, Math.ceil(all.length / per));
  return json(200, {
    payments: all.slice((page - 1) * per, page * per).map(paymentObject),
    meta: {
      current_page: page,
      next_page: page < totalPages ? page + 1 : null,
      prev_page: page > 1 ? page - 1 : null,
      total_pages: totalPages,
      total_count: all.length,
    },
  });
}

const updateBody = z.object({
  description: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

/** PUT /payments/{id} (secret key): description and metadata only; Moyasar answers with a message. */
async function updatePayment(req: Request, db: Db, key: Key, id: string): Promise<Response> {
  const parsed = updateBody.safeParse(await readJson(req));
  if (!parsed.success) return invalid(zodErrors(parsed.error));
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const changed = await mutateObject<MoyasarPaymentData, null>(db, P, "payment", id, (p) =>
    p.account !== key.account
      ? { refused: null }
      : { data: { ...changes, updated_at: new Date().toISOString() }, result: null },
  );
  if (!changed || changed.refused) return notFound();
  return json(200, { message: "Payment updated successfully" });
}

/** /sandbox/moyasar/<path…> */
export async function moyasarSandbox(req: Request, db: Db, path: string[]): Promise<Response> {
  const [head, a, b, c] = path;
  if (head === "3ds" && a && path.length === 2 && (req.method === "GET" || req.method === "POST"))
    return threeDSecure(req, db, a);
  if (head !== "v1") return notFound();
  const key = moyasarKey(req);
  const route = `${req.method} ${[a, b, c].filter(Boolean).length}`;
  if (a === "applepay" && b === "initiate" && route === "POST 2") return initiateApplePay(req, key);
  if (a === "payments" && route === "POST 1") return createPayment(req, db, key);
  if (!key) return unauthorized();
  if (a === "tokens" && route === "POST 1") return createToken(req, db, key);
  if (a === "payments" && b && c && route === "POST 3" && OPERATIONS[c]) {
    if (key.kind !== "sk") return unauthorized();
    return operate(req, db, key, b, c);
  }
  if (a === "webhooks" && route === "POST 1") return key.kind === "sk" ? registerWebhook(req, db, key) : unauthorized();
  if (a === "payments" && route === "GET 1") return key.kind === "sk" ? listPayments(req, db, key) : unauthorized();
  if (a === "payments" && b && route === "PUT 2")
    return key.kind === "sk" ? updatePayment(req, db, key, b) : unauthorized();
  if (a === "payments" && b && route === "GET 2") {
    if (key.kind !== "sk") return unauthorized();
    const payment = await findObject<MoyasarPaymentData>(db, P, "payment", b);
    return payment && payment.account === key.account ? paymentResponse(payment, 200) : notFound();
  }
  return notFound();
}
