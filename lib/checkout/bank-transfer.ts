import { z } from "zod";
import { UPLOAD_FILE_LIMIT } from "@/contract/limits";
import { SINGLE_LINE_TEXT } from "@/rules/text";

/**
 * Bank transfer rules shared by the payment step and the BFF (spec §5, §9): the receipt form's
 * schema, the browser's quick pre-checks of the receipt, and IBAN display. The platform checks
 * the receipt again from its bytes; these checks only spare the shopper a 5 MB upload to learn
 * it was refused.
 */

/** Spec §9: one receipt of at most 5 MB (5242880 bytes), the limit of every upload. */
export const RECEIPT_MAX_BYTES = UPLOAD_FILE_LIMIT;

/** What the platform accepts (sniffed there from the bytes): images and PDF. */
export const RECEIPT_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;
const RECEIPT_EXTENSIONS = /\.(png|jpe?g|gif|webp|pdf)$/i;
/** The file picker's `accept`: the same list, so the picker offers only what would pass. */
export const RECEIPT_ACCEPT = [...RECEIPT_TYPES, ".png", ".jpg", ".jpeg", ".gif", ".webp", ".pdf"].join(",");

/**
 * A chosen file's size in the unit people read it in (order.bankTransfer.size): bytes under a
 * kilobyte (an empty file is 0, not rounded up), kilobytes under a megabyte, then megabytes, to
 * one decimal.
 */
export function fileSize(bytes: number): { unit: "bytes" | "kb" | "mb"; amount: number } {
  const tenths = (n: number) => Math.round(n * 10) / 10;
  if (bytes < 1024) return { unit: "bytes", amount: bytes };
  if (bytes < 1024 * 1024) return { unit: "kb", amount: tenths(bytes / 1024) };
  return { unit: "mb", amount: tenths(bytes / (1024 * 1024)) };
}

/** Each maps to a message key: validation.uplaodBankReceipt or errors.SP_FileTooLarge / SP_UnsupportedFileType. */
export type ReceiptProblem = "required" | "tooLarge" | "unsupportedType";

/**
 * The browser's verdict on a chosen file, or null when it may be sent. The type is judged from
 * the declared type, else the extension (a browser may declare none); the platform's byte sniff
 * is the one that counts.
 */
export function receiptProblem(
  file: { size: number; type: string; name: string } | null | undefined,
): ReceiptProblem | null {
  if (!file || file.size === 0) return "required";
  if (file.size > RECEIPT_MAX_BYTES) return "tooLarge";
  const declared = file.type.toLowerCase();
  const typeOk = declared
    ? (RECEIPT_TYPES as readonly string[]).includes(declared)
    : RECEIPT_EXTENSIONS.test(file.name);
  return typeOk ? null : "unsupportedType";
}

/** The bank-transfer form: transferor name (spec §5: at least 1 character after trimming) and one receipt. */
export const bankTransferSchema = z.object({
  transferorName: z
    .string()
    .trim()
    .min(1, "validation.required")
    .max(100, "validation.invalid")
    .regex(SINGLE_LINE_TEXT, "validation.invalid"),
  receipt: z.custom<File | null>().superRefine((file, ctx) => {
    const problem = receiptProblem(file);
    if (problem) ctx.addIssue({ code: "custom", message: receiptProblemMessage[problem] });
  }),
});

export type BankTransferValues = z.input<typeof bankTransferSchema>;

/** Message keys (namespace.key) of each receipt problem. */
export const receiptProblemMessage: Record<ReceiptProblem, string> = {
  required: "validation.uplaodBankReceipt",
  tooLarge: "errors.SP_FileTooLarge",
  unsupportedType: "errors.SP_UnsupportedFileType",
};

/** An IBAN as banks print it: spaces and case normalised, groups of four ("SA03 8000 0000 …"). */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, "$1 ");
}

/** What goes to the clipboard: the IBAN without spaces, which every banking app accepts when pasted. */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, "").toUpperCase();
}
