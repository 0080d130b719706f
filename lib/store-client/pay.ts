import type { z } from "zod";
import type { ResponseOf } from "@/contract/endpoint";
import type { PayLaterPrecheckDto, PayLaterSessionDto, PayLaterStepBody } from "@/contract/payment-start";
import type { PayStep } from "@/contract/provider-contract";
import type { pay } from "@/contract/store/pay";
import { payRoutes } from "@/contract/store/routes/pay";
import type { PaySteps } from "@/payment-providers/contract";
import { apiClient, type CallOptions } from "./client";

const group = apiClient<typeof pay>(payRoutes);

/** A provider's step as its contract part declares it: what it takes and what its endpoint answers. */
type StepOf<P extends keyof PaySteps, S extends keyof PaySteps[P]> =
  PaySteps[P][S] extends PayStep<infer B, infer E> ? { body: z.input<B>; answer: ResponseOf<E> } : never;

/** Online payments: the providers' browser-safe addresses, and each provider's steps. */
export const payApi = {
  endpoints: group.endpoints,
  /**
   * One step of a provider's payment, typed by its contract part's pay steps: `start` is POST
   * checkout/pay/{provider}, any other step POST checkout/pay/{provider}/{step}.
   */
  step: <P extends keyof PaySteps, S extends keyof PaySteps[P] & string>(
    provider: P,
    step: S,
    body: StepOf<P, S>["body"],
    options?: CallOptions,
  ) => {
    // Each step's own schema reads the body on the server; the pair's types are the contract's.
    const input = { params: { provider, step }, body: body as Record<string, unknown> };
    return (step === "start" ? group.start(input, options) : group.step(input, options)) as unknown as Promise<
      StepOf<P, S>["answer"]
    >;
  },
  /** A pay-later provider's hosted checkout: every such provider's `start` takes the order's details and answers it. */
  payLater: (provider: string, body: PayLaterStepBody, options?: CallOptions) =>
    group.start({ params: { provider }, body }, options) as Promise<PayLaterSessionDto>,
  /** A pay-later provider's precheck: the pay step its profile names, which takes no body. */
  precheck: (provider: string, step: string, options?: CallOptions) =>
    group.step({ params: { provider, step }, body: {} }, options) as Promise<PayLaterPrecheckDto>,
};
