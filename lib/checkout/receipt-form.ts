import "server-only";
import { BankReceiptCheckoutInput } from "@/contract/input/checkout";

/**
 * The bank-transfer request as the storefront passes it on (the form already read within its
 * limit): only the fields the platform expects. The file goes on untouched: its type is decided
 * by the platform from its bytes.
 */

function parseCheckoutField(value: FormDataEntryValue | null) {
  let json: unknown;
  try {
    json = typeof value === "string" ? JSON.parse(value) : null;
  } catch {
    json = null;
  }
  return BankReceiptCheckoutInput.parse(json);
}

export function receiptForm(received: FormData): FormData {
  const form = new FormData();
  const transferorName = received.get("transferorName");
  form.set("transferorName", typeof transferorName === "string" ? transferorName : "");
  // Every `files` entry goes on, so that the platform's "exactly one file" rule sees what was sent.
  for (const file of received.getAll("files")) form.append("files", file);
  form.set("checkout", JSON.stringify(parseCheckoutField(received.get("checkout"))));
  return form;
}
