import { PlatformError } from "../errors";
import type { PaymentMethod, SettingsKey, SettingsMap } from "@/contract/tenant-settings";
import { PROVIDER_CODES } from "@/payment-providers/profiles";
import type { PaymentProvider, ProviderAccount } from "../db/schema";

/**
 * What every provider client shares. Amounts cross this boundary in integer halalas
 * only; each client converts to its provider's own format inside (ARCHITECTURE decision 5).
 */

/** Where a client calls and with which key; `fetch` is injectable for tests, `timeoutMs` bounds each call. */
export type ProviderConfig = {
  baseUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Named in errors; only needed where one client serves two providers. */
  provider?: PaymentProvider;
  /** The account's own fields its gateway declares (keysFile.secretFields), e.g. when to capture. */
  fields?: Readonly<Record<string, string | undefined>>;
};

/** Spec §8's payment error codes (each provider's from its profile), with their English texts as the fallback message. */
export const PROVIDER_ERROR_TEXTS = {
  CREATE_TOKEN_ERROR: "Failed to create token",
  CREATE_PAYMENT_SESSION_ERROR: "Failed to create payment session",
  ...PROVIDER_CODES,
  /** Not in the spec: asking a provider for a payment's status failed (the settlement retries later). */
  "SP:PaymentProviderUnavailable": "The payment provider did not answer",
  /** The provider refused to refund, void, capture or cancel a payment (more than was paid, already settled…). */
  "SP:RefundRefused": "The payment provider refused to refund or release the payment",
} as const;
export type ProviderErrorCode = keyof typeof PROVIDER_ERROR_TEXTS;

/**
 * A provider call that failed: a refusal (4xx with the provider's error body, or an answer that
 * says it failed), a provider fault (5xx), a timeout or no answer. Callers of the API get the
 * code (the storefront translates it) and which provider — 422 for a refusal, 503 when the
 * provider is down or silent — never the provider's own words or status: those are kept on the
 * error (`httpStatus`, `providerMessage`) and written to the server's log.
 */
export class ProviderError extends PlatformError {
  readonly provider: PaymentProvider;
  readonly httpStatus: number | undefined;
  readonly providerMessage: string | undefined;
  /** The provider's clear "no" (a 4xx, or an answer that says it failed), as opposed to no answer or a fault on its side. */
  readonly refused: boolean;
  constructor(
    code: ProviderErrorCode,
    provider: PaymentProvider,
    info: { httpStatus?: number; providerMessage?: string; refused?: boolean } = {},
  ) {
    const refused = info.refused ?? (info.httpStatus !== undefined && info.httpStatus >= 400 && info.httpStatus < 500);
    super(code, refused ? 422 : 503, PROVIDER_ERROR_TEXTS[code], { provider });
    this.name = "ProviderError";
    this.provider = provider;
    this.httpStatus = info.httpStatus;
    this.providerMessage = info.providerMessage;
    this.refused = refused;
    console.warn(
      `[payments] ${provider} ${code}${info.httpStatus ? ` (HTTP ${info.httpStatus})` : ""}: ${info.providerMessage ?? "no message"}`,
    );
  }
}

/** Spec §3's payment method enum, as recorded on a completed order paid online. */
export type OrderPaymentMethod = Exclude<PaymentMethod, "CASH" | "BANK_TRANSFER">;

/**
 * A provider's payment as the settlement reads it, whatever the provider.
 * paid: money captured. authorized: the provider guarantees it (an authorisation, or a pay-later
 * provider's authorised order). approved: the provider approved the order and the merchant must
 * authorise it (a pay-later provider's step). pending: not decided yet. failed: refused (failureReason is spec §8's reason text when the
 * provider gave one, e.g. "INSUFFICIENT_FUNDS", "3-D Secure transaction attempt failed (DECLINED)").
 * cancelled: voided, refunded, cancelled or expired.
 */
export type PaymentState = {
  providerPaymentId: string;
  status: "paid" | "authorized" | "approved" | "pending" | "failed" | "cancelled";
  /** Halalas. */
  amount: number;
  currency: string;
  failureReason: string | null;
  method: OrderPaymentMethod | null;
};

/** A payment's refunds as its provider reports them: the total (halalas) and the refunds' keys it keeps (none where its API keeps none). */
export type RefundsSeen = { total: number; keys: readonly string[] };

/** A notification as a provider sends it: body, headers and the query (its contract's webhookQuery fields). */
export type WebhookRequest = {
  body: unknown;
  headers: Headers;
  query: Readonly<Record<string, string | undefined>>;
};

/**
 * A provider a store holds an account with: where its API is, which fields of its keys file are
 * public, how to ask it about a payment and how to check its notifications, and what the operator
 * does differently for it. Everything the settlement, the webhooks and the operator CLI need,
 * whatever the provider (payment-providers/<name>/gateway.ts).
 */
export type PaymentGateway = {
  name: PaymentProvider;
  /** The live API's base and this app's sandbox of it (ARCHITECTURE decision 8). */
  api: { live: string; sandboxPath: string };
  /**
   * The operator's keys file: public fields (they reach the browser, so they go into the settings
   * map under these keys) and any other secret field the account keeps besides secretKey and
   * webhookSecret.
   */
  keysFile: {
    publicFields: Partial<Record<string, SettingsKey>>;
    secretFields?: readonly string[];
    /** A secret field that takes one of a few values (when to capture). */
    choices?: Partial<Record<string, readonly [string, ...string[]]>>;
    /** A public key that must be of the secret key's mode (both live or both test: `pk_live_…` with `sk_live_…`). */
    pairedWithSecret?: string;
  };
  /** What the operator sets up before the account takes live money (the CLI prints it). */
  goLive: string;
  /** The platform sends the notification URL with each payment: there is nothing to register. */
  sendsWebhookUrl?: true;
  /**
   * Registers the store's notification URL through the provider's API, where it has such a call
   * (else the operator sets it in the provider's dashboard); answers the header title the
   * notifications will carry the secret under, if the provider lets the merchant choose one.
   */
  registerWebhook?(
    cfg: ProviderConfig,
    hook: { url: string; secret: string; account: ProviderAccount; settings: SettingsMap },
  ): Promise<{ header: string | null }>;
  /**
   * The provider's own word on a payment (never the shopper's URL); `expected` is what the attempt
   * charges. Where the merchant's own call takes the money (a capture, an authorisation), verifying
   * makes it — unless `take` is false: a superseded attempt is only looked at, so that it can be
   * released instead.
   */
  verify(
    cfg: ProviderConfig,
    ref: string,
    expected: { amount: number; currency: string },
    opts?: { take?: boolean },
  ): Promise<PaymentState>;
  /** The provider's id of the payment a notification names, once its signature holds (else SP:InvalidWebhookSignature). */
  webhookRef(secret: string, req: WebhookRequest, account: ProviderAccount): Promise<string>;
  /**
   * Gives money back after settlement, in full or in part (halalas); a refusal is SP:RefundRefused.
   * `key` names this one refund and is the same on every retry of it: it goes as the provider's
   * idempotency key or reference where its API takes one (platform/payments/refunds.ts).
   */
  refund(
    cfg: ProviderConfig,
    ref: string,
    amount: number,
    reason: string,
    key: string,
  ): Promise<{ refundId: string; amount: number }>;
  /**
   * What the provider has given back of a payment so far, read from the provider itself: the total
   * (halalas) and the keys its refunds carry, where its API keeps them. It tells a refund whose
   * answer was lost from one that never happened.
   */
  refunded(cfg: ProviderConfig, ref: string): Promise<RefundsSeen>;
  /** Releases a payment before it settles (a void, a close, a cancel), where the provider has such a call. */
  void?(cfg: ProviderConfig, ref: string, amount: number): Promise<void>;
  /** Takes money the shopper authorised (a manual card payment, a pay-later order), in full or in part. */
  capture?(cfg: ProviderConfig, ref: string, amount: number): Promise<PaymentState>;
};
