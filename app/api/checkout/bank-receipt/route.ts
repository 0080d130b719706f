import { bffRoute } from "@/lib/cart/bff";
import { submitBankTransferOrder } from "@/lib/checkout/complete-order";
import { readReceiptForm } from "@/lib/checkout/receipt-form";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/**
 * Completes the shopper's cart by bank transfer: multipart `transferorName`, `files` (the receipt)
 * and `checkout` (customer and booking notes as JSON). Answers the completed cart, pending review.
 */
export const POST = bffRoute(async (ctx) => {
  // Signed out ⇒ 401 before a 5 MB body is read.
  await requireToken(ctx);
  return submitBankTransferOrder(ctx, await readReceiptForm(ctx.req));
});
