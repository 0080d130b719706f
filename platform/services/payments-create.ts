import "server-only";
import type { Db } from "../db/client";
import type { PaymentProvider } from "../db/schema";
import { PlatformError } from "../errors";
import { toHalalas } from "../money";
import { createMoyasarPayment, moyasarState } from "../providers/moyasar";
import { ProviderError } from "../providers/types";
import { executeMyFatoorahPayment, initiateMyFatoorahSession } from "../providers/myfatoorah";
import { toTenantConfig, type SettingsMap } from "@/contract/tenant-settings";
import type { CreatePaymentDto, ExecuteCartPaymentDto, InitiateSessionDto } from "@/contract/dto/payments";
import type { CreatePaymentInput, OnlineCheckoutInput } from "@/contract/input/payments";
import type { OwnerScope } from "./own-cart";
import { attemptDetails, closeAttempt, closingOnFailure, createAttempt, failureMessageCode, quotePayment, setProviderRefs, type PaymentRequest } from "./payments-attempts";
import { checkCallbackUrls } from "./payments-callback-urls";
import { providerConfig } from "./payments-providers";
import { applyPaymentState } from "./payments-settle";

/** Card and Apple Pay payments: Moyasar's, or MyFatoorah's (and rekaz-pay's) embedded card form. */

const notAllowed = (method: string) => new PlatformError("SP:PaymentMethodNotAllowed", 400, "This payment method is not available for this order", { paymentMethod: method });

/**
 * POST payment/moyasar/session: the payment from a browser-made card token (3-D Secure follows) or
 * an Apple Pay token (decided at once). Apple Pay is always Moyasar's; the card only when Moyasar is
 * the store's card provider.
 */
export async function createMoyasarSession(db: Db, scope: OwnerScope, input: CreatePaymentInput, req: PaymentRequest & { store: string }): Promise<CreatePaymentDto> {
  const method = input.tokenType === "applepay" ? "APPLE_PAY" : "CARD";
  const { callbackUrl } = await checkCallbackUrls(db, scope.tenantId, { callbackUrl: input.callbackUrl });
  const quote = await quotePayment(db, scope, input.reference, method, req);
  if (method === "CARD" && toTenantConfig(quote.settings).onlinePaymentProvider !== "moyasar") throw notAllowed(method);
  const details = attemptDetails(input.checkout, req.channel);
  const { cfg } = await providerConfig(db, scope.tenantId, "moyasar");
  const attempt = await createAttempt(db, scope, { cartId: input.reference, provider: "moyasar", method, amount: quote.amount, details });
  const create = () =>
    createMoyasarPayment(cfg, {
      amount: attempt.amount,
      currency: "SAR",
      description: input.description || `${req.store} #${attempt.cartId.slice(0, 8)}`,
      callbackUrl: callbackUrl.toString(),
      givenId: attempt.id,
      metadata: { cart_id: attempt.cartId, attempt_id: attempt.id },
      source: { type: input.tokenType, token: input.token },
    });
  const payment = await create().catch(async (err: unknown) => {
    // No answer, or a fault on Moyasar's side: the payment may exist all the same, and Moyasar names
    // it by its given_id. The attempt stays open under that id, for the webhook or the done page's
    // callback to settle; a clear refusal (4xx) closes it.
    if (err instanceof ProviderError) {
      if (isRefusal(err)) await closeAttempt(db, attempt, "failed", err.code);
      else await setProviderRefs(db, attempt, { providerRef: attempt.id });
    }
    throw err;
  });
  const state = moyasarState(payment);
  const created = await setProviderRefs(db, attempt, { providerRef: payment.id });
  const answer = { paymentId: payment.id, redirectUrl: null, errorMessageCode: null, failureReason: null };
  if (state.status === "pending") return { ...answer, status: "initiated", redirectUrl: payment.source?.transaction_url ?? null };
  // Decided at once (Apple Pay, a declined card): the settlement applies it like any callback.
  const settled = await applyPaymentState(db, created, state);
  if (settled.outcome === "paid") return { ...answer, status: "paid" };
  if (settled.outcome === "pending") return { ...answer, status: "initiated" };
  const reason = settled.failureReason;
  return { ...answer, status: "failed", failureReason: reason, errorMessageCode: settled.outcome === "refused" ? reason : failureMessageCode(reason) };
}

/** A provider's clear "no" (a 4xx answer), as opposed to no answer or a fault on its side. */
const isRefusal = (err: ProviderError) => {
  const status = err.details?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500;
};

/** The store's MyFatoorah-speaking card provider (myfatoorah or rekaz-pay), else the method is not offered. */
function cardProvider(settings: SettingsMap): PaymentProvider {
  const provider = toTenantConfig(settings).onlinePaymentProvider;
  if (provider !== "myfatoorah" && provider !== "rekaz-pay") throw notAllowed("CARD");
  return provider;
}

/** POST payment/initiate-session/{cartId}?callbackUrl&totalAmount: a session for the embedded card form. */
export async function initiateCardSession(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  input: { callbackUrl: string; totalAmount: number },
  req: PaymentRequest,
): Promise<InitiateSessionDto> {
  await checkCallbackUrls(db, scope.tenantId, { callbackUrl: input.callbackUrl });
  const quote = await quotePayment(db, scope, cartId, "CARD", req);
  const provider = cardProvider(quote.settings);
  if (toHalalas(input.totalAmount) !== quote.amount) {
    throw new PlatformError("SP:PaymentAmountMismatch", 400, "The amount is not what the order costs now", { totalAmount: input.totalAmount, amountToPay: quote.amount / 100 });
  }
  const { cfg } = await providerConfig(db, scope.tenantId, provider);
  const session = await initiateMyFatoorahSession(cfg, { customerIdentifier: scope.customerId });
  return { countryCode: session.countryCode, sessionId: session.sessionId };
}

/**
 * POST payment/execute-cart-payment?sessionId&cartId&callbackUrl&errorCallbackUrl: pays the
 * session's submitted card for the amount to pay now ⇒ the hosted 3-D Secure page. The attempt is
 * made here, where the order's details arrive.
 */
export async function executeCardPayment(
  db: Db,
  scope: OwnerScope,
  input: { sessionId: string; cartId: string; callbackUrl: string; errorCallbackUrl: string; checkout: OnlineCheckoutInput },
  req: PaymentRequest,
): Promise<ExecuteCartPaymentDto> {
  const urls = await checkCallbackUrls(db, scope.tenantId, { callbackUrl: input.callbackUrl, errorCallbackUrl: input.errorCallbackUrl });
  const quote = await quotePayment(db, scope, input.cartId, "CARD", req);
  const provider = cardProvider(quote.settings);
  const details = attemptDetails(input.checkout, req.channel);
  const { cfg } = await providerConfig(db, scope.tenantId, provider);
  const attempt = await createAttempt(db, scope, { cartId: input.cartId, provider, method: "CARD", amount: quote.amount, details, sessionRef: input.sessionId });
  const invoice = await closingOnFailure(db, attempt, () =>
    executeMyFatoorahPayment(cfg, {
      sessionId: input.sessionId,
      amount: attempt.amount,
      customerName: details.customerName,
      customerMobile: details.customerMobile,
      callbackUrl: urls.callbackUrl.toString(),
      errorUrl: urls.errorCallbackUrl.toString(),
      language: req.locale,
      customerReference: attempt.cartId,
      userDefinedField: attempt.id,
    }),
  );
  await setProviderRefs(db, attempt, { providerRef: invoice.invoiceId });
  return { redirectUrl: invoice.paymentUrl };
}
