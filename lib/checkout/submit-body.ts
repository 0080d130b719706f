import { z } from "zod";
import { checkoutDetailsInput } from "@/lib/validation/checkout";

/** POST /api/checkout/submit: cash only here (bank transfer completes through the receipt upload, online methods in issue 5). */
export const submitBody = checkoutDetailsInput.extend({ paymentMethod: z.literal("CASH") });

export type SubmitBody = z.output<typeof submitBody>;
