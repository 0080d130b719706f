import { z } from "zod";
import { SubmitCartInput } from "@/contract/input/checkout";

/** POST /api/checkout/submit: the contract's body, cash only here (bank transfer completes through the receipt upload). */
export const submitBody = SubmitCartInput.extend({ paymentMethod: z.literal("CASH") });

export type SubmitBody = z.output<typeof submitBody>;
