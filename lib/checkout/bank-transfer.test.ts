import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import {
  bankTransferSchema,
  compactIban,
  fileSize,
  formatIban,
  RECEIPT_MAX_BYTES,
  receiptProblem,
} from "./bank-transfer";

const file = (size: number, type: string, name = "receipt") => ({ size, type, name });

describe("IBAN display", () => {
  it("groups in fours, upper-case, whatever spacing it was stored with", () => {
    expect(formatIban("SA0380000000608010167519")).toBe("SA03 8000 0000 6080 1016 7519");
    expect(formatIban(" sa44 1000 0001234567891234 ")).toBe("SA44 1000 0001 2345 6789 1234");
    // A length that is not a multiple of four ends with a short group, never a trailing space.
    expect(formatIban("GB82WEST12345698765432")).toBe("GB82 WEST 1234 5698 7654 32");
    expect(formatIban("")).toBe("");
  });

  it("copies without spaces", () => {
    expect(compactIban("SA03 8000 0000 6080 1016 7519")).toBe("SA0380000000608010167519");
  });
});

describe("receipt pre-checks in the browser (spec §5: one image or PDF, ≤ 5 MB)", () => {
  it("asks for a receipt when none or an empty file is chosen", () => {
    expect(receiptProblem(null)).toBe("required");
    expect(receiptProblem(undefined)).toBe("required");
    expect(receiptProblem(file(0, "image/png"))).toBe("required");
  });

  it("accepts images and PDF up to exactly 5 MB", () => {
    expect(RECEIPT_MAX_BYTES).toBe(5_242_880);
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "IMAGE/PNG"])
      expect(receiptProblem(file(1000, type)), type).toBeNull();
    expect(receiptProblem(file(RECEIPT_MAX_BYTES, "application/pdf"))).toBeNull();
  });

  it("refuses more than 5 MB before looking at the type", () => {
    expect(receiptProblem(file(RECEIPT_MAX_BYTES + 1, "application/pdf"))).toBe("tooLarge");
    expect(receiptProblem(file(RECEIPT_MAX_BYTES + 1, "application/x-msdownload"))).toBe("tooLarge");
  });

  it("refuses other declared types, and judges an undeclared type by the extension", () => {
    expect(receiptProblem(file(10, "application/x-msdownload", "setup.exe"))).toBe("unsupportedType");
    expect(receiptProblem(file(10, "image/svg+xml", "logo.svg"))).toBe("unsupportedType");
    expect(receiptProblem(file(10, "text/plain", "receipt.pdf"))).toBe("unsupportedType");
    expect(receiptProblem(file(10, "", "receipt.PDF"))).toBeNull();
    expect(receiptProblem(file(10, "", "scan.jpeg"))).toBeNull();
    expect(receiptProblem(file(10, "", "setup.exe"))).toBe("unsupportedType");
  });
});

describe("bank transfer form", () => {
  const receipt = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], "r.pdf", { type: "application/pdf" });

  it("needs a transferor name of at least one character after trimming", () => {
    const blank = bankTransferSchema.safeParse({ transferorName: "   ", receipt });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ["transferorName"], message: "validation.required" });
    expect(bankTransferSchema.parse({ transferorName: "  Sara  ", receipt }).transferorName).toBe("Sara");
  });

  it("uses validation.uplaodBankReceipt (the spec's spelling) when the receipt is missing", () => {
    const missing = bankTransferSchema.safeParse({ transferorName: "Sara", receipt: null });
    expect(missing.error?.issues[0]).toMatchObject({ path: ["receipt"], message: "validation.uplaodBankReceipt" });
  });

  it("names the platform's codes for a receipt too large or of another type", () => {
    const big = new File([new Uint8Array(RECEIPT_MAX_BYTES + 1)], "big.pdf", { type: "application/pdf" });
    expect(bankTransferSchema.safeParse({ transferorName: "Sara", receipt: big }).error?.issues[0].message).toBe(
      "errors.SP_FileTooLarge",
    );
    const exe = new File([new Uint8Array([0x4d, 0x5a])], "setup.exe", { type: "application/x-msdownload" });
    expect(bankTransferSchema.safeParse({ transferorName: "Sara", receipt: exe }).error?.issues[0].message).toBe(
      "errors.SP_UnsupportedFileType",
    );
  });
});

describe("a chosen receipt's size", () => {
  it.each([
    [0, { unit: "bytes", amount: 0 }],
    [900, { unit: "bytes", amount: 900 }],
    [1024, { unit: "kb", amount: 1 }],
    [250_000, { unit: "kb", amount: 244.1 }],
    [RECEIPT_MAX_BYTES, { unit: "mb", amount: 5 }],
  ])("%d bytes ⇒ %j (an empty file is not rounded up to 1 KB)", (bytes, expected) => {
    expect(fileSize(bytes)).toEqual(expected);
  });

  it("is spelled one way in each language: the Arabic texts write megabyte as ميجابايت everywhere", () => {
    const arabic = readdirSync("messages/ar")
      .map((f) => readFileSync(`messages/ar/${f}`, "utf8"))
      .join("\n");
    expect(arabic).not.toMatch(/ميغابايت|م\.ب/);
    expect(arabic).toMatch(/ميجابايت/);
  });
});
