import { z } from "zod";
import { SINGLE_LINE_TEXT } from "@/rules/text";
import { PlatformError } from "../errors";

/** What every provider's webhook check shares: the refusal, and the payment id's shape. */

export const badSignature = () =>
  new PlatformError("SP:InvalidWebhookSignature", 401, "The webhook's signature is not valid");

// A provider's payment id: printable text (NUL or broken UTF-16 would fail the lookup with a 500) or an integer.
export const webhookPaymentId = z.union([
  z.string().min(1).max(200).regex(SINGLE_LINE_TEXT),
  z.number().int().transform(String),
]);

/** The body as the provider sends it, or a 400 with a code. */
export function webhookBody<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success)
    throw new PlatformError("SP:ValidationError", 400, "The webhook's body is not what this provider sends");
  return result.data;
}
