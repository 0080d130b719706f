import type { OnlineNext } from "@/components/checkout/payment/use-online-pay";
import type { CreatePaymentDto } from "@/contract/dto/payments";
import { StoreApiError } from "@/lib/client-fetch";

/**
 * A Moyasar answer as the next step: initiated ⇒ its 3-D Secure page; paid ⇒ the done page with
 * status=paid; failed ⇒ a refusal coded with spec §8's reason, so the toast names it.
 */
export function nextAfterMoyasar(answer: CreatePaymentDto): OnlineNext {
  if (answer.status === "paid") return { done: "?status=paid" };
  if (answer.status === "initiated" && answer.redirectUrl) return { redirect: answer.redirectUrl };
  throw moyasarRefusal(answer);
}

/**
 * Apple Pay's answer (spec §4): only Paid completes the sheet with success and goes to the done
 * page; anything else — "initiated" too, which has no 3-D Secure page to send an Apple Pay payer
 * to — is a refusal that aborts the sheet.
 */
export function afterApplePay(answer: CreatePaymentDto): OnlineNext {
  if (answer.status === "paid") return { done: "?status=paid" };
  throw moyasarRefusal(answer);
}

function moyasarRefusal(answer: CreatePaymentDto): StoreApiError {
  const reason = answer.errorMessageCode ?? answer.failureReason ?? "Payment:Error:Unknown";
  return new StoreApiError(402, reason, answer.failureReason ?? reason);
}
