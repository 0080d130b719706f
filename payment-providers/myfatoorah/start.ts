import "server-only";
import type { Db } from "@/platform/db/client";
import { PlatformError } from "@/platform/errors";
import { toHalalas } from "@/platform/money";
import { toTenantConfig, type SettingsMap } from "@/contract/tenant-settings";
import type { OnlineCheckoutInput } from "@/contract/payment-start";
import type { ExecuteCartPaymentDto, InitiateSessionDto } from "./contract";
import type { OwnerScope } from "@/platform/services/own-cart";
import {
  attemptDetails,
  closingOnFailure,
  methodNotAllowed,
  quotePayment,
  setProviderRefs,
  type PaymentRequest,
} from "@/platform/payments/attempts";
import { checkCallbackUrls } from "@/platform/payments/callback-urls";
import { accountConfig } from "@/platform/payments/provider-config";
import type { PaymentOps } from "@/platform/payments/server-part";
import { executeMyFatoorahPayment, initiateMyFatoorahSession } from "./client";
import { myfatoorahGateways } from "./gateway";

/** MyFatoorah's (and rekaz-pay's) embedded card form: a session, then the payment with its 3-D Secure page. */

/** The gateway of the store's MyFatoorah-speaking card provider (myfatoorah or rekaz-pay), else the method is not offered. */
function cardGateway(settings: SettingsMap) {
  const provider = toTenantConfig(settings).onlinePaymentProvider;
  if (provider !== "myfatoorah" && provider !== "rekaz-pay") throw methodNotAllowed("CARD");
  return myfatoorahGateways[provider];
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
  const gateway = cardGateway(quote.settings);
  if (toHalalas(input.totalAmount) !== quote.amount) {
    throw new PlatformError("SP:PaymentAmountMismatch", 400, "The amount is not what the order costs now", {
      totalAmount: input.totalAmount,
      amountToPay: quote.amount / 100,
    });
  }
  const { cfg } = await accountConfig(db, scope.tenantId, gateway);
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
  input: {
    sessionId: string;
    cartId: string;
    callbackUrl: string;
    errorCallbackUrl: string;
    checkout?: OnlineCheckoutInput;
  },
  req: PaymentRequest,
  { createLiveAttempt }: PaymentOps,
): Promise<ExecuteCartPaymentDto> {
  const urls = await checkCallbackUrls(db, scope.tenantId, {
    callbackUrl: input.callbackUrl,
    errorCallbackUrl: input.errorCallbackUrl,
  });
  const quote = await quotePayment(db, scope, input.cartId, "CARD", req, input.checkout?.expectedTotal);
  const gateway = cardGateway(quote.settings);
  const details = await attemptDetails(db, scope, input.cartId, input.checkout, req);
  const { cfg } = await accountConfig(db, scope.tenantId, gateway);
  const attempt = await createLiveAttempt(db, scope, {
    cartId: input.cartId,
    provider: gateway.name,
    method: "CARD",
    amount: quote.amount,
    details,
    sessionRef: input.sessionId,
  });
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
