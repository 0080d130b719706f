import "server-only";
import type { PayStep } from "@/contract/provider-contract";
import { pay } from "@/contract/store/pay";
import { PAY_STEPS } from "@/payment-providers/contract";
import { doneUrl } from "@/lib/payments/callback-urls";
import type { PlatformClient } from "@/lib/platform-client/core";
import { checked, handlers, StoreRefusal, type StoreContext } from "../context";

const steps: Readonly<Record<string, Readonly<Record<string, PayStep>>>> = PAY_STEPS;

type StepCall = StoreContext<(typeof pay)["step"]>;
/** Every step answers an object; which one, its endpoint says (and the browser's payApi types it from there). */
type StepAnswer = Record<string, unknown>;

/**
 * The (provider, step) pair of the providers' pay steps: its body read by the step's schema, the
 * platform endpoint called with what the storefront adds (the cart, the return addresses built
 * from the request), its answer checked like an endpoint's.
 */
async function runStep(ctx: Omit<StepCall, "params">, provider: string, name: string): Promise<StepAnswer> {
  const found = Object.hasOwn(steps, provider) && Object.hasOwn(steps[provider], name) ? steps[provider][name] : null;
  // A step answers JSON: an endpoint that answers a raw response is not one.
  if (!found || typeof found.spec.response === "string")
    throw new StoreRefusal(404, "SP:RouteNotFound", "No such endpoint");
  const response = found.spec.response;
  const cartId = ctx.cart.id;
  const request = found.request(
    { cartId, done: doneUrl(ctx.origin, ctx.locale, cartId), storeName: ctx.tenant.name },
    found.body.parse(ctx.body),
  );
  // The endpoint is one of the payments group's (the contract part's own): its client takes that call's input.
  const call = ctx.platform().payments[found.endpoint as keyof PlatformClient["payments"]] as (
    input: typeof request,
  ) => Promise<unknown>;
  const answer = checked(response, await call(request), `pay ${provider}/${name}`) as StepAnswer;
  if (found.completes?.(answer as never)) await ctx.cart.forget();
  return answer;
}

export const payHandlers = handlers(pay, {
  endpoints: (ctx) => ctx.tenant.payments,
  start: (ctx) => runStep(ctx, ctx.params.provider, "start"),
  // "start" is the provider's own address, never a step's.
  step: (ctx) => runStep(ctx, ctx.params.provider, ctx.params.step === "start" ? "" : ctx.params.step),
});
