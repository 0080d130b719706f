import "server-only";
import type { z } from "zod";
import type { PlatformClient } from "@/lib/platform-client/core";
import type { CartCookie, StoreCall } from "@/lib/store-api/context";
import type {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  TabbyEligibilityDto,
} from "@/contract/dto/payments";
import { cardCallbackUrls, doneUrl, payLaterUrls, type PayLaterProvider } from "./callback-urls";
import type { moyasarPayBody, myfatoorahExecuteBody, myfatoorahSessionBody, payLaterBody } from "./pay-bodies";

/**
 * The online payment steps on the storefront's side: the shopper's cart (cookie) and token
 * (session), the return addresses built here from the request, then the platform's payment
 * routes. The platform validates the cart, computes the amount and talks to the provider.
 */

/** A payment step's context: the signed-in customer's call on the cart cookie's cart. */
export type PayContext = StoreCall & { token: string; cart: CartCookie & { readonly id: string } };

/** Card (token) or Apple Pay through Moyasar. An Apple Pay payment may complete the order at once: then the cart cookie is forgotten. */
export async function payWithMoyasar(
  ctx: PayContext,
  body: z.output<typeof moyasarPayBody>,
): Promise<CreatePaymentDto> {
  const cartId = ctx.cart.id;
  const answer = await ctx.platform().payments.moyasarSession({
    body: {
      reference: cartId,
      token: body.token,
      tokenType: body.tokenType,
      callbackUrl: doneUrl(ctx.origin, ctx.locale, cartId),
      description: ctx.tenant.name,
      checkout: body.checkout,
    },
  });
  if (answer.status === "paid") await ctx.cart.forget();
  return answer;
}

/** MyFatoorah / rekaz-pay: a session for the embedded card form, for the amount the shopper sees. */
export function startMyfatoorahSession(
  ctx: PayContext,
  body: z.output<typeof myfatoorahSessionBody>,
): Promise<InitiateSessionDto> {
  const cartId = ctx.cart.id;
  return ctx.platform().payments.initiateSession({
    params: { cartId },
    query: { callbackUrl: doneUrl(ctx.origin, ctx.locale, cartId), totalAmount: body.amount },
  });
}

/** After the form took the card: the payment, answered with the provider's 3-D Secure page. */
export function executeMyfatoorahPayment(
  ctx: PayContext,
  body: z.output<typeof myfatoorahExecuteBody>,
): Promise<ExecuteCartPaymentDto> {
  const cartId = ctx.cart.id;
  return ctx.platform().payments.executeCartPayment({
    query: { sessionId: body.sessionId, cartId, ...cardCallbackUrls(ctx.origin, ctx.locale, cartId) },
    body: { checkout: body.checkout },
  });
}

/** Whether Tabby would take this cart from this customer; its message is already in the request's language. */
export function tabbyEligibility(ctx: PayContext): Promise<TabbyEligibilityDto> {
  const cartId = ctx.cart.id;
  const { success_url, cancel_url, failure_url } = payLaterUrls(ctx.origin, ctx.locale, cartId, "tabby");
  return ctx.platform().payments.tabbyEligibility({ body: { cartId, success_url, cancel_url, failure_url } });
}

/** Each pay-later provider's session endpoint. */
const PAY_LATER_SESSION = {
  tabby: (api: PlatformClient["payments"]) => api.tabbySession,
  tamara: (api: PlatformClient["payments"]) => api.tamaraSession,
} satisfies Record<PayLaterProvider, unknown>;

/** Tabby or Tamara: their hosted checkout, returning to the done page with how the shopper left. */
export function startPayLater(
  ctx: PayContext,
  provider: PayLaterProvider,
  body: z.output<typeof payLaterBody>,
): Promise<PayLaterSessionDto> {
  const cartId = ctx.cart.id;
  const input = {
    reference: cartId,
    ...payLaterUrls(ctx.origin, ctx.locale, cartId, provider),
    checkout: body.checkout,
  };
  return PAY_LATER_SESSION[provider](ctx.platform().payments)({ body: input });
}
