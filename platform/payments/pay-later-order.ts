import "server-only";
import type { Db } from "../db/client";
import { toHalalas } from "../money";
import type { CartDto } from "@/contract/dto/cart";
import type { PayLaterSessionInput } from "@/contract/input/payments";
import type { OwnerScope } from "../services/own-cart";
import { attemptDetails, quotePayment, type PaymentRequest } from "./attempts";
import { checkCallbackUrls } from "./callback-urls";

/** What Tabby and Tamara share: the full total, paid through the provider's hosted page. */

/** The cart's lines as the providers list them (halalas; each line's own amount before tax). */
export const cartLines = (cart: CartDto) =>
  cart.items.map((item) => ({
    name: item.product.name,
    quantity: item.quantity,
    unitPrice: Math.round(toHalalas(item.amount) / Math.max(1, item.quantity)),
    referenceId: item.id,
    sku: item.product.id,
    kind: item.product.typeString,
  }));

/** The pay-later start both providers share: URLs, the dry run, the attempt. */
export async function startPayLater(db: Db, scope: OwnerScope, input: PayLaterSessionInput, req: PaymentRequest, method: "TABBY" | "TAMARA") {
  const urls = await checkCallbackUrls(db, scope.tenantId, { success_url: input.success_url, cancel_url: input.cancel_url, failure_url: input.failure_url });
  const quote = await quotePayment(db, scope, input.reference, method, req);
  const details = attemptDetails(input.checkout, req.channel);
  return { urls, quote, details };
}
