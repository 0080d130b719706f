import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { carts } from "../db/schema";
import { notFound, PlatformError, validation } from "../errors";
import { TransferorName } from "@/contract/input/checkout";
import type { ReceiptReplacedDto } from "@/contract/dto/account";
import type { OwnerScope } from "./own-cart";
import { checkUpload, fileFromForm, checkUploadRate } from "./uploads";
import { isUuid } from "./ids";
import { storeReceipt } from "./complete-order";

/**
 * POST orders/{id}/bank-receipt (multipart `files`, optional `transferorName`): the customer
 * replaces the receipt of their bank-transfer order while the store has not reviewed it yet. The
 * new file is checked as at checkout (one image or PDF, ≤ 5 MB, type from its bytes, the hourly
 * upload cap); the old one is kept for the store's records, no longer the order's. Once reviewed
 * (paid or refused), SP:ReceiptNotReplaceable.
 */
export async function replaceBankReceipt(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  form: FormData,
): Promise<ReceiptReplacedDto> {
  if (!isUuid(cartId)) throw notFound("Order");
  const bytes = await fileFromForm(form, "files");
  const type = checkUpload(bytes);
  const name = form.get("transferorName");
  const transferor = typeof name === "string" && name.trim() !== "" ? TransferorName.safeParse(name) : null;
  if (transferor && !transferor.success)
    throw validation("The transferor's name is not valid", { field: "transferorName" });
  await checkUploadRate(db, scope);
  return db.transaction(async (tx) => {
    // The order's row, locked: two replacements at once are one after the other.
    const [order] = await tx
      .select({ paymentMethod: carts.paymentMethod, paymentStatus: carts.paymentStatus })
      .from(carts)
      .where(
        and(
          eq(carts.tenantId, scope.tenantId),
          eq(carts.id, cartId),
          eq(carts.customerId, scope.customerId),
          eq(carts.status, "completed"),
        ),
      )
      .for("update");
    if (!order) throw notFound("Order");
    if (order.paymentMethod !== "BANK_TRANSFER" || order.paymentStatus !== "pending_review") {
      throw new PlatformError("SP:ReceiptNotReplaceable", 409, "This order's receipt can no longer be replaced");
    }
    const now = new Date();
    const receiptUploadId = await storeReceipt(tx, scope, { bytes, type });
    await tx
      .update(carts)
      .set({ receiptUploadId, ...(transferor?.success ? { transferorName: transferor.data } : {}), updatedAt: now })
      .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cartId)));
    return { replacedAt: now.toISOString(), contentType: type.contentType, size: bytes.length };
  });
}
