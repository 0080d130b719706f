import "server-only";
import type { Db } from "@/platform/db/client";
import { toTenantConfig } from "@/contract/tenant-settings";
import type { CreatePaymentDto, CreatePaymentInput } from "./contract";
import type { OwnerScope } from "@/platform/services/own-cart";
import {
  attemptDetails,
  closeAttempt,
  failureMessageCode,
  methodNotAllowed,
  quotePayment,
  setProviderRefs,
  type PaymentRequest,
} from "@/platform/payments/attempts";
import { checkCallbackUrls } from "@/platform/payments/callback-urls";
import { ProviderError } from "@/platform/payments/provider";
import { accountConfig } from "@/platform/payments/provider-config";
import type { PaymentOps } from "@/platform/payments/server-part";
import { createMoyasarPayment, moyasarState } from "./client";
import { moyasarGateway } from "./gateway";

/** Moyasar: card payments (3-D Secure follows) and Apple Pay (decided at once). */

/**
 * POST payment/moyasar/session: the payment from a browser-made card token (3-D Secure follows) or
 * an Apple Pay token (decided at once). Apple Pay is always Moyasar's; the card only when Moyasar is
 * the store's card provider.
 */
export async function createMoyasarSession(
  db: Db,
  scope: OwnerScope,
  input: CreatePaymentInput,
  req: PaymentRequest & { store: string },
  { createLiveAttempt, applyPaymentState }: PaymentOps,
): Promise<CreatePaymentDto> {
  const method = input.tokenType === "applepay" ? "APPLE_PAY" : "CARD";
  const { callbackUrl } = await checkCallbackUrls(db, scope.tenantId, { callbackUrl: input.callbackUrl });
  const quote = await quotePayment(db, scope, input.reference, method, req, input.checkout?.expectedTotal);
  if (method === "CARD" && toTenantConfig(quote.settings).onlinePaymentProvider !== "moyasar")
    throw methodNotAllowed(method);
  const details = await attemptDetails(db, scope, input.reference, input.checkout, req);
  const { cfg } = await accountConfig(db, scope.tenantId, moyasarGateway);
  const attempt = await createLiveAttempt(db, scope, {
    cartId: input.reference,
    provider: "moyasar",
    method,
    amount: quote.amount,
    details,
  });
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
      if (err.refused) await closeAttempt(db, attempt, "failed", err.code);
      else await setProviderRefs(db, attempt, { providerRef: attempt.id });
    }
    throw err;
  });
  const state = moyasarState(payment);
  const created = await setProviderRefs(db, attempt, { providerRef: payment.id });
  const answer = { paymentId: payment.id, redirectUrl: null, errorMessageCode: null, failureReason: null };
  if (state.status === "pending")
    return { ...answer, status: "initiated", redirectUrl: payment.source?.transaction_url ?? null };
  // Decided at once (Apple Pay, a declined card): the settlement applies it like any callback.
  const settled = await applyPaymentState(db, created, state);
  if (settled.outcome === "paid") return { ...answer, status: "paid" };
  if (settled.outcome === "pending") return { ...answer, status: "initiated" };
  const reason = settled.failureReason;
  return {
    ...answer,
    status: "failed",
    failureReason: reason,
    errorMessageCode: settled.outcome === "refused" ? reason : failureMessageCode(reason),
  };
}
