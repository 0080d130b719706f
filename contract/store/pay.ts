import { z } from "zod";
import { PaymentEndpoints } from "../dto/tenants";
import { JSON_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { payRoutes } from "./routes/pay";

/**
 * One step of a provider's payment: a JSON object that the step's own schema reads, and the
 * step's answer. Which (provider, step) pairs exist, what each takes and answers, are the
 * providers' pay steps (their contract parts, payment-providers/contract.ts's PAY_STEPS); a pair
 * they do not have is 404 SP:RouteNotFound.
 */
const StepBody = z.looseObject({});
const StepAnswer = z.looseObject({});

/**
 * Online payments on the cart cookie's cart, as the signed-in customer: the return addresses are
 * built from the request, never taken from the body; the platform validates the cart, computes
 * the amount and talks to the provider.
 */
export const pay = storeGroup(payRoutes, {
  endpoints: {
    summary:
      "The browser-safe provider addresses (token API, card form and promo scripts); no secret ever travels here",
    session: "none",
    response: PaymentEndpoints,
    codes: [],
  },
  start: {
    summary: "Starts a provider's payment (its `start` pay step: a card or wallet token, or its hosted page)",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    params: z.object({ provider: z.string() }),
    body: StepBody,
    limit: JSON_BODY_LIMIT,
    response: StepAnswer,
    codes: codesOf("SP:RouteNotFound"),
  },
  step: {
    summary: "Another of a provider's pay steps (an embedded form's session, a pay-later precheck)",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    params: z.object({ provider: z.string(), step: z.string() }),
    body: StepBody,
    limit: JSON_BODY_LIMIT,
    response: StepAnswer,
    codes: codesOf("SP:RouteNotFound"),
  },
});
