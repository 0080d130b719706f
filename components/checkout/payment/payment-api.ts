import { fetchEnvelope } from "@/lib/client-fetch";
import { CodedError } from "@/contract/coded-error";
import type { BankAccountDto } from "@/contract/dto/checkout";
import type { CartDto } from "@/contract/dto/cart";
import type { CheckoutDetailsInput } from "@/lib/validation/checkout";

/**
 * The payment step's calls to the checkout BFF (/api/checkout/*). The cart id lives in the
 * httpOnly cart cookie, so no call names it; the page's language travels as Accept-Language.
 */

/** A refused payment call with the platform's `SP:` code ("network" when no answer came). */
export class PaymentApiError extends CodedError {
  override name = "PaymentApiError";
}

const call = <T>(locale: string, method: string, path: string, body?: unknown) =>
  fetchEnvelope<T>(PaymentApiError, method, `/api/checkout${path}`, body, locale);

/** The order's customer and notes from the customer-info step (the BFF normalises and checks them). */
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

export const paymentApi = {
  /** Every rule a completion would check, now (spec: before every payment); throws the first failure. */
  validate: (locale: string) => call<{ valid: true }>(locale, "GET", "/validate"),
  submitCash: (locale: string, checkout: CheckoutDetails) =>
    call<CartDto>(locale, "POST", "/submit", { paymentMethod: "CASH", ...checkout }),
  submitBankTransfer: (locale: string, input: BankTransferInput) => {
    const form = new FormData();
    form.set("transferorName", input.transferorName);
    form.set("files", input.receipt);
    form.set("checkout", JSON.stringify(input.checkout));
    return call<CartDto>(locale, "POST", "/bank-receipt", form);
  },
  bankAccounts: (locale: string) => call<BankAccountDto[]>(locale, "GET", "/bank-accounts"),
};

export const bankAccountsQueryKey = (locale: string) => ["checkout", "bank-accounts", locale] as const;
