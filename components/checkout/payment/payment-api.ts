import type { CartDto } from "@/contract/dto/cart";
import type { CheckoutDetailsInput } from "@/lib/validation/checkout";

/**
 * The payment step's details: the order's customer and notes from the customer-info step (the
 * storefront normalises and checks them), and the bank transfer's form. The calls themselves are
 * the storefront API's (lib/store-client/checkout.ts, pay.ts).
 */
export type CheckoutDetails = CheckoutDetailsInput;

/**
 * The details with the total the shopper confirmed: the cart's totalAmount (SAR, as the sheet
 * shows it) in halalas. A cart priced otherwise by then is refused (SP:CartTotalChanged), never
 * completed for an amount the shopper did not see.
 */
export const withConfirmedTotal = (checkout: CheckoutDetails, cart: Pick<CartDto, "totalAmount">): CheckoutDetails => ({
  ...checkout,
  expectedTotal: Math.round(cart.totalAmount * 100),
});

export type BankTransferInput = { transferorName: string; receipt: File; checkout: CheckoutDetails };

/** The bank transfer as the storefront reads it: multipart `transferorName`, `files` (the receipt) and `checkout` (JSON). */
export function bankTransferForm(input: BankTransferInput): FormData {
  const form = new FormData();
  form.set("transferorName", input.transferorName);
  form.set("files", input.receipt);
  form.set("checkout", JSON.stringify(input.checkout));
  return form;
}

export const bankAccountsQueryKey = (locale: string) => ["checkout", "bank-accounts", locale] as const;
