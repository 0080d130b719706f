import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { platformCall } from "./core";
import type {
  CreatePaymentDto,
  CreatePaymentInput,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  OnlineCheckoutInput,
  PayLaterSessionDto,
  PayLaterSessionInput,
  SettlementDto,
  TabbyEligibilityDto,
  TenantRef,
} from "./types";

// Online payment calls (issue 5), all with the cart owner's access token. Each validates the cart
// first and throws PlatformCallError with the first failing rule's SP: code; return URLs off the
// store's own hosts are SP:InvalidCallbackUrl. Amounts are SAR, as in CartDto.

/** Moyasar: a card token made by the browser (⇒ initiated + redirectUrl) or an Apple Pay token (⇒ paid or failed at once). */
export function createMoyasarPayment(tenant: TenantRef, locale: Locale, token: string, input: CreatePaymentInput): Promise<CreatePaymentDto> {
  return platformCall<CreatePaymentDto>(tenant, "POST", "payment/moyasar/session", { locale, token, body: input });
}

/** MyFatoorah / rekaz-pay embedded form session; `totalAmount` must be the cart's amountToBePaid (else SP:PaymentAmountMismatch). */
export function initiateCardSession(tenant: TenantRef, locale: Locale, token: string, cartId: string, query: { callbackUrl: string; totalAmount: number }): Promise<InitiateSessionDto> {
  return platformCall<InitiateSessionDto>(tenant, "POST", `payment/initiate-session/${encodeURIComponent(cartId)}`, { locale, token, query });
}

/** Pays the session's submitted card ⇒ the provider's 3-D Secure page. */
export function executeCardPayment(
  tenant: TenantRef,
  locale: Locale,
  token: string,
  query: { sessionId: string; cartId: string; callbackUrl: string; errorCallbackUrl: string },
  checkout: OnlineCheckoutInput,
): Promise<ExecuteCartPaymentDto> {
  return platformCall<ExecuteCartPaymentDto>(tenant, "POST", "payment/execute-cart-payment", { locale, token, query, body: { checkout } });
}

/** Tabby's pre-check for the signed-in customer and the cart; `message` is Tabby's text in `locale` when not eligible. */
export function testTabbyEligibility(
  tenant: TenantRef,
  locale: Locale,
  token: string,
  cartId: string,
  urls?: { success_url: string; cancel_url: string; failure_url: string },
): Promise<TabbyEligibilityDto> {
  return platformCall<TabbyEligibilityDto>(tenant, "POST", "tabby/test-customer-eligibility", { locale, token, body: { cartId, ...urls } });
}

/** Tabby's hosted page; a rejection is SP:TabbyNotEligible (message translated). */
export function createTabbySession(tenant: TenantRef, locale: Locale, token: string, input: PayLaterSessionInput): Promise<PayLaterSessionDto> {
  return platformCall<PayLaterSessionDto>(tenant, "POST", "tabby/session", { locale, token, body: input });
}

/** Tamara's hosted page. */
export function createTamaraSession(tenant: TenantRef, locale: Locale, token: string, input: PayLaterSessionInput): Promise<PayLaterSessionDto> {
  return platformCall<PayLaterSessionDto>(tenant, "POST", "tamara/cart-session", { locale, token, body: input });
}

/** The done page's check: settles the cart's open payments by asking the providers. Same answer on every call. */
export function settleCartPayment(tenant: TenantRef, locale: Locale, token: string, cartId: string): Promise<SettlementDto> {
  return platformCall<SettlementDto>(tenant, "POST", `payment/${encodeURIComponent(cartId)}/callback-payment`, { locale, token });
}
