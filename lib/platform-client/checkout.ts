import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { PlatformCallError, platformCall, platformFetchRaw } from "./core";
import type {
  ApiEnvelope,
  ApplyCouponInput,
  BankAccountDto,
  BankReceiptCheckoutInput,
  CartDto,
  SalesChannel,
  SubmitCartInput,
  TenantRef,
  ValidateCartDto,
} from "./types";

// Checkout calls (issue 4). Every cart call needs the signed-in owner's access token; rule
// violations throw PlatformCallError carrying the SP: code (e.g. SP:CouponExpired,
// SP:MerchandiseItemInsufficientStock, SP:CartAlreadyCompleted). Every mutation answers with the
// whole cart, totals recomputed by the platform.

const cartPath = (cartId: string, rest: string) => `cart/${encodeURIComponent(cartId)}${rest}`;

/** Applies a coupon code (case-insensitive). The storefront is the "website" channel. */
export function applyCoupon(tenant: TenantRef, locale: Locale, token: string, cartId: string, input: ApplyCouponInput, channel: SalesChannel = "website"): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "POST", cartPath(cartId, "/coupon"), { locale, token, body: input, headers: { "x-sales-channel": channel } });
}

/** Removes the cart's coupon (a cart without one answers unchanged). */
export function removeCoupon(tenant: TenantRef, locale: Locale, token: string, cartId: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "DELETE", cartPath(cartId, "/coupon"), { locale, token });
}

/** Whether the customer's prepaid package sessions pay for the items they cover. */
export function setUsePackages(tenant: TenantRef, locale: Locale, token: string, cartId: string, usePackages: boolean): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "PUT", cartPath(cartId, "/packages"), { locale, token, body: { usePackages } });
}

/** Checks every rule a submit would check, now (call it before every payment); throws the first failure. */
export function validateCart(tenant: TenantRef, locale: Locale, token: string, cartId: string): Promise<ValidateCartDto> {
  return platformCall<ValidateCartDto>(tenant, "GET", cartPath(cartId, "/validate"), { locale, token });
}

/** Completes the order (CASH). Answers the completed cart: keep its id for the done page. */
export function submitCart(tenant: TenantRef, locale: Locale, token: string, cartId: string, input: SubmitCartInput): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "POST", cartPath(cartId, "/submit"), { locale, token, body: input });
}

/** The tenant's bank accounts for transfers (public). */
export function getBankAccounts(tenant: TenantRef, locale: Locale): Promise<BankAccountDto[]> {
  return platformCall<BankAccountDto[]>(tenant, "GET", "bank-account/bank-account", { locale });
}

/**
 * The multipart form of a bank-transfer completion: `transferorName`, the receipt as `files`
 * (image or PDF, ≤ 5 MB, type sniffed from the bytes by the platform) and the order's customer
 * details as the JSON text field `checkout`.
 */
export function bankReceiptForm(input: { transferorName: string; receipt: Blob; checkout: BankReceiptCheckoutInput }): FormData {
  const form = new FormData();
  form.set("transferorName", input.transferorName);
  // The platform never uses the client's file name; "receipt" keeps the part a file part.
  form.set("files", input.receipt, "receipt");
  form.set("checkout", JSON.stringify(input.checkout));
  return form;
}

/**
 * Completes the order by bank transfer with the receipt (see bankReceiptForm for the fields; a
 * form received from the browser may be passed on as it is). Answers the completed cart, payment
 * pending review. Refusals (SP:BankReceiptRequired, SP:FileTooLarge, SP:UnsupportedFileType, …)
 * leave the cart active and unpaid.
 */
export async function uploadBankReceipt(tenant: TenantRef, locale: Locale, token: string, cartId: string, form: FormData): Promise<CartDto> {
  const res = await platformFetchRaw(tenant, "POST", cartPath(cartId, "/bank-receipt"), { locale, token, body: form });
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<CartDto> | null;
  if (!payload) throw new PlatformCallError(res.status, { code: "SP:BadGateway", message: "The platform answered with no JSON" });
  if ("error" in payload) throw new PlatformCallError(res.status, payload.error);
  return payload.data;
}
