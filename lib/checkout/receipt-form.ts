import "server-only";
import { BffError } from "@/lib/cart/bff";
import { readBodyLimited } from "@/lib/http/read-body-limited";
import { RECEIPT_MAX_BODY_BYTES, RECEIPT_MAX_BYTES } from "./bank-transfer";
import { checkoutDetailsInput } from "@/lib/validation/checkout";

/**
 * The bank-transfer request as the BFF passes it on: size-guarded before anything is parsed
 * (the declared length first, then the stream itself, since a chunked body declares none), then
 * only the fields the platform expects. The file goes on untouched: its type is decided by the
 * platform from its bytes.
 */

const tooLarge = () => new BffError(413, "SP:FileTooLarge", "The file is larger than 5 MB", { maxBytes: RECEIPT_MAX_BYTES });
const malformed = () => new BffError(400, "SP:MalformedMultipart", "The request body is not a valid multipart form");

function parseCheckoutField(value: FormDataEntryValue | null) {
  let json: unknown;
  try {
    json = typeof value === "string" ? JSON.parse(value) : null;
  } catch {
    json = null;
  }
  return checkoutDetailsInput.parse(json);
}

export async function readReceiptForm(req: Request): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw malformed();
  const body = await readBodyLimited(req, RECEIPT_MAX_BODY_BYTES, tooLarge);
  let received: FormData;
  try {
    received = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw malformed();
  }
  const form = new FormData();
  const transferorName = received.get("transferorName");
  form.set("transferorName", typeof transferorName === "string" ? transferorName : "");
  // Every `files` entry goes on, so that the platform's "exactly one file" rule sees what was sent.
  for (const file of received.getAll("files")) form.append("files", file);
  form.set("checkout", JSON.stringify(parseCheckoutField(received.get("checkout"))));
  return form;
}
