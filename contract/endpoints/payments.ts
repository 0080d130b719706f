import { z } from "zod";
import { PAYMENT_PROVIDERS } from "../dto/payments";
import {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  SettlementDto,
  TabbyEligibilityDto,
} from "../dto/payments";
import { endpoint, RAW_RESPONSE } from "../endpoint";
import { CartIdParams } from "../input/ids";
import {
  CreatePaymentInput,
  ExecuteCartPaymentInput,
  ExecuteCartPaymentQuery,
  InitiateSessionQuery,
  PayLaterSessionInput,
  TabbyEligibilityInput,
} from "../input/payments";
import { ORDER_RULES } from "./checkout";

const PROVIDER_CODES = [
  "SP:PaymentProviderNotConfigured",
  "SP:PaymentProviderUnavailable",
  "SP:InvalidCallbackUrl",
  "SP:PaymentAmountMismatch",
] as const;

/**
 * Online payments on the signed-in customer's own cart: each start validates the cart first (the
 * first failing rule's code), computes the amount itself and talks to the provider. Return URLs
 * must be on the store's own hosts. Webhooks carry no token: each provider's signature is checked.
 */
export const payments = {
  moyasarSession: endpoint({
    method: "POST",
    path: "payment/moyasar/session",
    auth: "customer",
    summary: "A Moyasar payment from a browser-made card token (⇒ 3-D Secure) or an Apple Pay token (⇒ paid or failed)",
    body: CreatePaymentInput,
    response: CreatePaymentDto,
    codes: [...ORDER_RULES, ...PROVIDER_CODES, "CREATE_PAYMENT_SESSION_ERROR"],
  }),
  initiateSession: endpoint({
    method: "POST",
    path: "payment/initiate-session/:cartId",
    auth: "customer",
    summary: "A MyFatoorah (or rekaz-pay) embedded card form session for the amount to pay",
    params: CartIdParams,
    query: InitiateSessionQuery,
    response: InitiateSessionDto,
    codes: [...ORDER_RULES, ...PROVIDER_CODES, "CREATE_PAYMENT_SESSION_ERROR"],
  }),
  executeCartPayment: endpoint({
    method: "POST",
    path: "payment/execute-cart-payment",
    auth: "customer",
    summary: "Pays the session's submitted card ⇒ the provider's 3-D Secure page",
    query: ExecuteCartPaymentQuery,
    body: ExecuteCartPaymentInput,
    response: ExecuteCartPaymentDto,
    codes: [...ORDER_RULES, ...PROVIDER_CODES, "CREATE_PAYMENT_SESSION_ERROR"],
  }),
  tabbyEligibility: endpoint({
    method: "POST",
    path: "tabby/test-customer-eligibility",
    auth: "customer",
    summary: "Tabby's pre-check for the customer and the cart (its refusal translated)",
    body: TabbyEligibilityInput,
    response: TabbyEligibilityDto,
    codes: [...ORDER_RULES, ...PROVIDER_CODES, "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR"],
  }),
  tabbySession: endpoint({
    method: "POST",
    path: "tabby/session",
    auth: "customer",
    summary: "Tabby's hosted checkout for the cart",
    body: PayLaterSessionInput,
    response: PayLaterSessionDto,
    codes: [...ORDER_RULES, ...PROVIDER_CODES, "SP:TabbyNotEligible", "CREATE_TABBY_SESSION_ERROR"],
  }),
  tamaraSession: endpoint({
    method: "POST",
    path: "tamara/cart-session",
    auth: "customer",
    summary: "Tamara's hosted checkout for the cart",
    body: PayLaterSessionInput,
    response: PayLaterSessionDto,
    codes: [...ORDER_RULES, ...PROVIDER_CODES, "CREATE_TAMARA_SESSION_ERROR"],
  }),
  callback: endpoint({
    method: "POST",
    path: "payment/:cartId/callback-payment",
    auth: "customer",
    summary:
      "The done page's check: settles the cart's open attempts by asking the providers (never the redirect's query)",
    params: CartIdParams,
    response: SettlementDto,
    codes: ["SP:EntityNotFound", "SP:PaymentProviderUnavailable"],
  }),
  webhook: endpoint({
    method: "POST",
    path: "payment/webhooks/:provider",
    auth: "webhook",
    summary:
      "A provider's notification: verified by its signature, then settled like a callback; answers {received, outcome}",
    params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
    // Tamara sends its notification token here or as a bearer token.
    query: z.object({ tamaraToken: z.string().max(4000).optional() }),
    body: z.unknown(),
    response: RAW_RESPONSE,
    codes: ["SP:InvalidWebhookSignature", "SP:PaymentProviderNotConfigured"],
  }),
  applePayDomainAssociation: endpoint({
    method: "GET",
    path: "payment/apple-pay/domain-association",
    auth: "public",
    summary: "The store's Apple Pay domain-association file (served at /.well-known/…)",
    response: RAW_RESPONSE,
    codes: ["SP:EntityNotFound"],
  }),
};
