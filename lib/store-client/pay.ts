import type { z } from "zod";
import type { pay } from "@/contract/store/pay";
import { payRoutes } from "@/contract/store/routes/pay";
import type { PayStep, PaySteps } from "@/lib/payments/pay-steps";
import { apiClient, type CallOptions } from "./client";

const group = apiClient<typeof pay>(payRoutes);

/** A provider's step as the pay map declares it: what it takes and what it answers. */
type StepOf<P extends keyof PaySteps, S extends keyof PaySteps[P]> =
  PaySteps[P][S] extends PayStep<infer B, infer R> ? { body: z.input<B>; answer: z.output<R> } : never;

/** Online payments: the providers' browser-safe addresses, and each provider's steps. */
export const payApi = {
  endpoints: group.endpoints,
  /**
   * One step of a provider's payment, typed by the pay map (lib/payments/pay-steps.ts): `start`
   * is POST checkout/pay/{provider}, any other step POST checkout/pay/{provider}/{step}.
   */
  step: <P extends keyof PaySteps, S extends keyof PaySteps[P] & string>(
    provider: P,
    step: S,
    body: StepOf<P, S>["body"],
    options?: CallOptions,
  ) => {
    // Each step's own schema reads the body on the server; the pair's types are the map's.
    const input = { params: { provider, step }, body: body as Record<string, unknown> };
    return (step === "start" ? group.start(input, options) : group.step(input, options)) as Promise<
      StepOf<P, S>["answer"]
    >;
  },
};
