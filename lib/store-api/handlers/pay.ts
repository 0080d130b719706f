import "server-only";
import { pay } from "@/contract/store/pay";
import type { PayContext } from "@/lib/payments/pay-bff";
import { PAY_STEPS, type PayStep } from "@/lib/payments/pay-steps";
import { checked, handlers, StoreRefusal } from "../context";

const steps: Record<string, Record<string, PayStep>> = PAY_STEPS;

/** Every step answers an object; which one, the pay map says (and the browser's payApi types it from there). */
type StepAnswer = Record<string, unknown>;

/** The (provider, step) pair from the pay map: its body parsed by the step's schema, its answer checked like an endpoint's. */
async function runStep(ctx: PayContext & { body: unknown }, provider: string, name: string): Promise<StepAnswer> {
  const found = Object.hasOwn(steps, provider) && Object.hasOwn(steps[provider], name) ? steps[provider][name] : null;
  if (!found) throw new StoreRefusal(404, "SP:RouteNotFound", "No such endpoint");
  const answer = await found.run(ctx, found.body.parse(ctx.body));
  return checked(found.response, answer, `pay ${provider}/${name}`) as StepAnswer;
}

export const payHandlers = handlers(pay, {
  endpoints: (ctx) => ctx.tenant.payments,
  start: (ctx) => runStep(ctx, ctx.params.provider, "start"),
  // "start" is the provider's own address, never a step's.
  step: (ctx) => runStep(ctx, ctx.params.provider, ctx.params.step === "start" ? "" : ctx.params.step),
});
