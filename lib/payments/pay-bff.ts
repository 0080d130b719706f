import "server-only";
import type { z } from "zod";
import { platformFor, type BffContext } from "@/lib/cart/bff";
import type { PlatformClient } from "@/lib/platform-client/core";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";
import { clearCartId } from "@/lib/cookies";
import { env } from "@/server/env";
import type {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  TabbyEligibilityDto,
} from "@/contract/dto/payments";
import { cardCallbackUrls, doneUrl, payLaterUrls, requestOrigin, type PayLaterProvider } from "./callback-urls";
import type { moyasarPayBody, myfatoorahExecuteBody, myfatoorahSessionBody, payLaterBody } from "./pay-bodies";

/**
 * The online payment BFF: the shopper's cart (cookie) and token (session), the return addresses
 * built here from the request, then the platform's payment routes. The platform validates the
 * cart, computes the amount and talks to the provider.
 */

const origin = (ctx: BffContext) => requestOrigin(ctx.req, env().PUBLIC_URL_SCHEME);

/** Card (token) or Apple Pay through Moyasar. An Apple Pay payment may complete the order at once: then the cart cookie is forgotten. */
export function payWithMoyasar(ctx: BffContext, body: z.output<typeof moyasarPayBody>): Promise<CreatePaymentDto> {
  return onCheckoutCart(ctx, async (cartId, token) => {
    const callbackUrl = doneUrl(origin(ctx), ctx.locale, cartId);
    const answer = await platformFor(ctx, token).payments.moyasarSession({
      body: {
        reference: cartId,
        token: body.token,
        tokenType: body.tokenType,
        callbackUrl,
        description: ctx.tenant.name,
        checkout: body.checkout,
      },
    });
    if (answer.status === "paid") await clearCartId(ctx.tenant.slug);
    return answer;
  });
}

/** MyFatoorah / rekaz-pay: a session for the embedded card form, for the amount the shopper sees. */
export function startMyfatoorahSession(
  ctx: BffContext,
  body: z.output<typeof myfatoorahSessionBody>,
): Promise<InitiateSessionDto> {
  return onCheckoutCart(ctx, (cartId, token) =>
    platformFor(ctx, token).payments.initiateSession({
      params: { cartId },
      query: { callbackUrl: doneUrl(origin(ctx), ctx.locale, cartId), totalAmount: body.amount },
    }),
  );
}

/** After the form took the card: the payment, answered with the provider's 3-D Secure page. */
export function executeMyfatoorahPayment(
  ctx: BffContext,
  body: z.output<typeof myfatoorahExecuteBody>,
): Promise<ExecuteCartPaymentDto> {
  return onCheckoutCart(ctx, (cartId, token) =>
    platformFor(ctx, token).payments.executeCartPayment({
      query: { sessionId: body.sessionId, cartId, ...cardCallbackUrls(origin(ctx), ctx.locale, cartId) },
      body: { checkout: body.checkout },
    }),
  );
}

/** Whether Tabby would take this cart from this customer; its message is already in the request's language. */
export function tabbyEligibility(ctx: BffContext): Promise<TabbyEligibilityDto> {
  return onCheckoutCart(ctx, (cartId, token) => {
    const { success_url, cancel_url, failure_url } = payLaterUrls(origin(ctx), ctx.locale, cartId, "tabby");
    return platformFor(ctx, token).payments.tabbyEligibility({
      body: { cartId, success_url, cancel_url, failure_url },
    });
  });
}

/** Each pay-later provider's session endpoint. */
const PAY_LATER_SESSION = {
  tabby: (api: PlatformClient["payments"]) => api.tabbySession,
  tamara: (api: PlatformClient["payments"]) => api.tamaraSession,
} satisfies Record<PayLaterProvider, unknown>;

/** Tabby or Tamara: their hosted checkout, returning to the done page with how the shopper left. */
export function startPayLater(
  ctx: BffContext,
  provider: PayLaterProvider,
  body: z.output<typeof payLaterBody>,
): Promise<PayLaterSessionDto> {
  return onCheckoutCart(ctx, (cartId, token) => {
    const input = {
      reference: cartId,
      ...payLaterUrls(origin(ctx), ctx.locale, cartId, provider),
      checkout: body.checkout,
    };
    return PAY_LATER_SESSION[provider](platformFor(ctx, token).payments)({ body: input });
  });
}
