import { readMultipartBody } from "@/server/body";
import { bffRoute, platformFor } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import type { ReceiptReplacedDto } from "@/contract/dto/account";

export const dynamic = "force-dynamic";

/**
 * POST: replaces the receipt of the shopper's bank-transfer order while the store has not reviewed
 * it (multipart `files`, optional `transferorName`). Signed out ⇒ 401 before the body is read; the
 * body is size-guarded as it is read, and only those fields go on (the platform sniffs the file).
 */
export const POST = bffRoute<ReceiptReplacedDto, { cartId: string }>(async (ctx, { cartId }) => {
  const token = await requireToken(ctx);
  const received = await readMultipartBody(ctx.req);
  const form = new FormData();
  for (const file of received.getAll("files")) form.append("files", file);
  const transferorName = received.get("transferorName");
  if (typeof transferorName === "string") form.set("transferorName", transferorName);
  return platformFor(ctx, token).account.replaceBankReceipt({ params: { id: cartId }, body: form });
});
