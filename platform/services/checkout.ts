import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { bankAccounts, carts, customers } from "../db/schema";
import { PlatformError, validation } from "../errors";
import { normalizeMobile } from "@/rules/phone";
import type { Locale } from "@/contract/tenant-settings";
import type { BankAccountDto, ValidateCartDto } from "@/contract/dto/checkout";
import type { CartDto } from "@/contract/dto/cart";
import type { SalesChannel } from "@/contract/input/checkout";
import { BankReceiptCheckoutInput, TransferorName, type SubmitCartInput } from "@/contract/input/checkout";
import type { ClientContext } from "@/server/client-ip";
import { readCart } from "./cart";
import { completeOrder, quoteOrder, type OrderDetails, type Payment } from "./complete-order";
import { orderTracking } from "../notify/conversion-context";
import { setOwnCart, type OwnerScope } from "./own-cart";
import { checkUpload } from "./uploads";
import { isUuid } from "./ids";

/** Where the call comes from: the sales channel (coupon rules) and the reader's language. */
type CheckoutRequest = { channel: SalesChannel; locale: Locale; now?: Date; client?: ClientContext };

/** GET bank-account/bank-account (public): the tenant's accounts for transfers, in display order. */
export async function listBankAccounts(db: Db, tenantId: string): Promise<BankAccountDto[]> {
  return db
    .select({
      id: bankAccounts.id,
      bank: bankAccounts.bank,
      holderName: bankAccounts.holderName,
      iban: bankAccounts.iban,
      accountNumber: bankAccounts.accountNumber,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.tenantId, tenantId))
    .orderBy(asc(bankAccounts.sortOrder), asc(bankAccounts.id));
}

/** PUT cart/{id}/packages: whether the customer's package sessions pay for the items they cover. */
export function setUsePackages(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  usePackages: boolean,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  return setOwnCart(db, scope, cartId, locale, now, { usePackages });
}

/**
 * GET cart/{id}/validate: runs the completion itself — every check, lock and conditional update —
 * and rolls it back, so that it answers exactly what a submit would now (the first failing rule's
 * code), payment method aside.
 */
export async function validateCart(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  req: CheckoutRequest,
): Promise<ValidateCartDto> {
  await quoteOrder(db, scope, cartId, { channel: req.channel, locale: req.locale, now: req.now ?? new Date() });
  return { valid: true };
}

/**
 * The order's customer snapshot from a checkout form (mobile normalised to E.164), with the
 * browser's tracking context and the request's `client` only when the shopper consented.
 */
export function orderDetails(input: BankReceiptCheckoutInput, client?: ClientContext): OrderDetails {
  const customerMobile = normalizeMobile(input.customer.mobileNumber);
  if (!customerMobile)
    throw new PlatformError("SP:InvalidMobileNumber", 400, "The mobile number is not valid", {
      field: "customer.mobileNumber",
    });
  return {
    customerName: input.customer.name,
    customerMobile,
    bookingNotes: input.bookingNotes,
    utm: input.utm ?? null,
    tracking: orderTracking(input.tracking, client),
  };
}

/**
 * The order's details when the request carries none (spec §7's request shapes): the signed-in
 * customer's record as the CustomerInfo step saved it, and the cart's notes. A record without a
 * name is refused: the order must name its customer.
 */
export async function savedOrderDetails(db: Db, scope: OwnerScope, cartId: string): Promise<OrderDetails> {
  const [row] = await db
    .select({ name: customers.name, mobile: customers.mobileNumber })
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, scope.customerId)))
    .limit(1);
  if (!row || !row.name.trim())
    throw validation("Save the customer's name before paying", { "customer.name": "Required" });
  const [cart] = isUuid(cartId)
    ? await db
        .select({ notes: carts.bookingNotes })
        .from(carts)
        .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cartId)))
        .limit(1)
    : [];
  return { customerName: row.name.trim(), customerMobile: row.mobile, bookingNotes: cart?.notes ?? null, utm: null };
}

/** `expectedTotal`: the total (halalas) the shopper confirmed, when the client sent it. */
async function complete(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  payment: Payment,
  req: CheckoutRequest,
  expectedTotal: number | undefined,
): Promise<CartDto> {
  const now = req.now ?? new Date();
  return db.transaction(async (tx) => {
    await completeOrder(tx, scope, cartId, { payment, channel: req.channel, locale: req.locale, now, expectedTotal });
    return readCart(tx, scope, cartId, req.locale, now);
  });
}

const receiptRequired = () => new PlatformError("SP:BankReceiptRequired", 400, "Upload the bank transfer receipt");

/** POST cart/{id}/submit: cash (or confirm booking for a zero total). Bank transfer needs its receipt. */
export function submitCart(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  input: SubmitCartInput,
  req: CheckoutRequest,
): Promise<CartDto> {
  if (input.paymentMethod === "BANK_TRANSFER") throw receiptRequired();
  return complete(
    db,
    scope,
    cartId,
    { method: "CASH", details: orderDetails(input, req.client) },
    req,
    input.expectedTotal,
  );
}

/**
 * POST cart/{id}/bank-receipt (multipart): `files` (one image or PDF, ≤ 5 MB, type sniffed from
 * the bytes), `transferorName`, and optionally `checkout` (JSON: customer, bookingNotes; without
 * it, the customer's saved record). Every check runs
 * before anything is written; the receipt is stored in the completion's transaction.
 */
export async function completeWithBankTransfer(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  form: FormData,
  req: CheckoutRequest,
): Promise<CartDto> {
  const files = form.getAll("files").filter((f) => !(typeof f === "string" && f === ""));
  if (files.length > 1) throw validation("Send one receipt", { field: "files" });
  const file = files[0];
  if (!(file instanceof Blob) || file.size === 0) throw receiptRequired();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = checkUpload(bytes);

  const transferor = TransferorName.safeParse(form.get("transferorName") ?? "");
  if (!transferor.success) throw validation("The transferor's name is required", { field: "transferorName" });
  // Spec §7's upload is the cart, the transferor and the files: `checkout` is ours and optional.
  const sent = form.get("checkout");
  let input: BankReceiptCheckoutInput | null = null;
  if (sent !== null) {
    try {
      input = BankReceiptCheckoutInput.parse(JSON.parse(String(sent)));
    } catch (err) {
      if (err instanceof SyntaxError) throw validation("checkout must be JSON", { field: "checkout" });
      throw err;
    }
  }
  const details = input ? orderDetails(input, req.client) : await savedOrderDetails(db, scope, cartId);
  return complete(
    db,
    scope,
    cartId,
    { method: "BANK_TRANSFER", details, receipt: { transferorName: transferor.data, bytes, type } },
    req,
    input?.expectedTotal,
  );
}
