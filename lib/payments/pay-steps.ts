import "server-only";
import { z } from "zod";
import {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  TabbyEligibilityDto,
} from "@/contract/dto/payments";
import {
  executeMyfatoorahPayment,
  payWithMoyasar,
  startMyfatoorahSession,
  startPayLater,
  tabbyEligibility,
  type PayContext,
} from "./pay-bff";
import { moyasarPayBody, myfatoorahExecuteBody, myfatoorahSessionBody, payLaterBody } from "./pay-bodies";

/**
 * One step of a provider's payment as the browser calls it: what its body must be, what it
 * answers, and the work. `start` is the pay group's `start` endpoint (checkout/pay/{provider}),
 * any other step its `step` endpoint (checkout/pay/{provider}/{step}): contract/store/pay.ts.
 */
export type PayStep<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = {
  body: B;
  response: R;
  run(ctx: PayContext, body: z.output<B>): Promise<z.input<R>>;
};

const step = <B extends z.ZodType, R extends z.ZodType>(
  body: B,
  response: R,
  run: (ctx: PayContext, body: z.output<B>) => Promise<z.input<R>>,
): PayStep<B, R> => ({ body, response, run });

/** No body: the cart and the customer say it all. */
const NoBody = z.object({});

/** Every (provider, step) pair the storefront serves; a pair not here is 404 SP:RouteNotFound. */
export const PAY_STEPS = {
  moyasar: {
    /** A card token (made by the browser) or an Apple Pay token ⇒ the payment: initiated (3-D Secure URL), paid or failed. */
    start: step(moyasarPayBody, CreatePaymentDto, payWithMoyasar),
  },
  myfatoorah: {
    /** A MyFatoorah (or rekaz-pay) session for the embedded card form. */
    session: step(myfatoorahSessionBody, InitiateSessionDto, startMyfatoorahSession),
    /** Pays the session the embedded form submitted; answers the 3-D Secure page to send the shopper to. */
    execute: step(myfatoorahExecuteBody, ExecuteCartPaymentDto, executeMyfatoorahPayment),
  },
  tabby: {
    /** Tabby's hosted checkout for the cart: answers {checkout_url}. */
    start: step(payLaterBody, PayLaterSessionDto, (ctx, body) => startPayLater(ctx, "tabby", body)),
    /** Whether Tabby would approve this cart for this customer (checked when the Tabby step shows). */
    eligibility: step(NoBody, TabbyEligibilityDto, (ctx) => tabbyEligibility(ctx)),
  },
  tamara: {
    /** Tamara's hosted checkout for the cart: answers {checkout_url}. */
    start: step(payLaterBody, PayLaterSessionDto, (ctx, body) => startPayLater(ctx, "tamara", body)),
  },
} satisfies Record<string, Record<string, PayStep>>;

export type PaySteps = typeof PAY_STEPS;
