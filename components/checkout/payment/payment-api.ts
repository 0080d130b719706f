import type { ApiEnvelope, BankAccountDto, CartDto } from "@/lib/platform-client/types";
import type { z } from "zod";
import type { checkoutDetailsInput } from "@/lib/validation/checkout";

/**
 * The payment step's calls to the checkout BFF (/api/checkout/*). The cart id lives in the
 * httpOnly cart cookie, so no call names it; the page's language travels as `?locale=`.
 */

/** A refused payment call with the platform's `SP:` code ("network" when no answer came). */
export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PaymentApiError";
  }
}

async function call<T>(locale: string, method: string, path: string, body?: BodyInit, json = false): Promise<T> {
  const headers: Record<string, string> = json ? { accept: "application/json", "content-type": "application/json" } : { accept: "application/json" };
  let res: Response;
  try {
    res = await fetch(`/api/checkout${path}?locale=${encodeURIComponent(locale)}`, { method, headers, body, credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new PaymentApiError(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload) throw new PaymentApiError(res.status, payload.error.code, payload.error.message);
  throw new PaymentApiError(res.status, "SP:BadGateway", "The store answered with no JSON");
}

/** The order's customer and notes from the customer-info step (the BFF normalises and checks them). */
export type CheckoutDetails = z.input<typeof checkoutDetailsInput>;

export type BankTransferInput = { transferorName: string; receipt: File; checkout: CheckoutDetails };

export const paymentApi = {
  /** Every rule a completion would check, now (spec: before every payment); throws the first failure. */
  validate: (locale: string) => call<{ valid: true }>(locale, "GET", "/validate"),
  submitCash: (locale: string, checkout: CheckoutDetails) =>
    call<CartDto>(locale, "POST", "/submit", JSON.stringify({ paymentMethod: "CASH", ...checkout }), true),
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
