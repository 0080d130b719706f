import type { z } from "zod";
import type { CallInput, EndpointGroup, EndpointSpec, ResponseOf } from "./endpoint";
import { PayLaterStepBody, payLaterReturnUrls } from "./payment-start";
import type { ProviderProfile } from "./provider-profile";
import type { PaymentMethod } from "./tenant-settings";

/**
 * What the storefront knows of a pay step's call, built from the request and the cart cookie,
 * never from the browser's body: the platform allows only the tenant's own hosts anyway.
 */
export type PayStepContext = {
  cartId: string;
  /** The order's done page on the host the shopper reached, in their language (spec §2). */
  done: string;
  /** The store's name, for a payment's description. */
  storeName: string;
};

/**
 * One step of a provider's payment as the browser calls it (POST checkout/pay/{provider} for
 * `start`, checkout/pay/{provider}/{step} for the others): the body the step takes, the platform
 * endpoint of the contract part it calls (whose answer it answers) and that call's input.
 */
export type PayStep<B extends z.ZodType = z.ZodType, E extends EndpointSpec = EndpointSpec> = {
  body: B;
  /** The endpoint's key in the payments group, and its declaration. */
  endpoint: string;
  spec: E;
  // Methods, not function members: a registry holds every provider's steps under one type.
  request(ctx: PayStepContext, body: z.output<B>): CallInput<E>;
  /** The answer completed the order (Apple Pay paid at once): the storefront forgets the cart cookie. */
  completes?(answer: ResponseOf<E>): boolean;
};

/** Declares a step on one of the contract part's endpoints; the step's types are the endpoint's. */
export function payStep<G extends EndpointGroup, K extends keyof G & string, B extends z.ZodType>(
  endpoints: G,
  endpoint: K,
  step: {
    body: B;
    request: (ctx: PayStepContext, body: z.output<B>) => CallInput<G[K]>;
    completes?: (answer: ResponseOf<G[K]>) => boolean;
  },
): PayStep<B, G[K]> {
  return { ...step, endpoint, spec: endpoints[endpoint] };
}

/**
 * A pay-later provider's `start` on its session endpoint (which takes a PayLaterSessionInput): its
 * hosted checkout for the cart, returning to the done page under the provider's name.
 */
export function payLaterStart<G extends EndpointGroup, K extends keyof G & string>(
  endpoints: G,
  endpoint: K,
  provider: string,
): PayStep<typeof PayLaterStepBody, G[K]> {
  return payStep(endpoints, endpoint, {
    body: PayLaterStepBody,
    request: (ctx, body) =>
      ({
        body: { reference: ctx.cartId, ...payLaterReturnUrls(ctx.done, provider), checkout: body.checkout },
      }) as CallInput<G[K]>,
  });
}

/**
 * A payment provider's contract part (payment-providers/<name>/contract.ts, docs/payments.md):
 * its profile, the spec §3 methods it serves, the platform endpoints that start its payments
 * (spec §7's paths, with their inputs and answers), the steps the browser calls them through and
 * what its notifications carry.
 */
export type ProviderContract = {
  profile: ProviderProfile;
  methods: readonly PaymentMethod[];
  /** Joined to the payments group of the platform API (contract/api.ts). */
  endpoints: EndpointGroup;
  /** By provider name, then step name (`start` is the provider's own address); a pair not here is 404. */
  pay: Readonly<Record<string, Readonly<Record<string, PayStep<z.ZodType, EndpointSpec>>>>>;
  /** Query fields its notifications may carry (payment/webhooks/<provider>), for its gateway's check. */
  webhookQuery?: Readonly<Record<string, z.ZodType>>;
};

/** Declares a contract part; the literal types are kept, so that the platform API is typed from it. */
export function defineContract<const C extends ProviderContract>(contract: C): C {
  return contract;
}
