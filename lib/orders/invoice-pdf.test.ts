import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { inflateSync } from "node:zlib";
import type { InvoiceDocumentDto } from "@/contract/dto/account";
import en from "@/messages/en/order.json";
import ar from "@/messages/ar/order.json";
import { invoicePdf, latinDigits, rtlRuns, type InvoiceLabels } from "./invoice-pdf";

const labels = (m: typeof en.invoice): InvoiceLabels => ({
  ...m,
  reasonCancelled: m.reasons.cancelled,
  reasonRefunded: m.reasons.refunded,
});

const invoice: InvoiceDocumentDto = {
  kind: "invoice",
  number: "INV-000042",
  issuedAt: "2026-11-26T07:15:00.000Z",
  orderNumber: "K7P2QX",
  seller: {
    name: "شركة رمال للعافية",
    vatNumber: "310123456700003",
    crNumber: "1010654321",
    addressAr: "طريق الملك فهد، الرياض ١٢٢١١",
    addressEn: "King Fahd Road, Riyadh 12211",
  },
  buyerName: "Reem Alotaibi",
  fulfilment: null,
  vatRate: 15,
  lines: [
    {
      nameAr: "مساج استرخاء ٦٠ دقيقة",
      nameEn: "60-minute relaxing massage",
      optionAr: null,
      optionEn: null,
      quantity: 1,
      unitPrice: 250,
      discount: 0,
      vatAmount: 37.5,
      total: 287.5,
    },
  ],
  subTotal: 250,
  discountAmount: 0,
  vatAmount: 37.5,
  totalAmount: 287.5,
  paidAmount: 287.5,
  invoiceNumber: null,
  reason: null,
  qr: "AQ==",
};

/** The text drawn in Helvetica (PDFKit writes it as hex of its WinAnsi codes), page by page. */
function latinText(pdf: Buffer): string {
  const streams = [...pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const raw = Buffer.from(m[1], "latin1");
    try {
      return inflateSync(raw).toString("latin1");
    } catch {
      return raw.toString("latin1");
    }
  });
  return streams
    .flatMap((s) =>
      [...s.matchAll(/\[([^\]]*)\] TJ/g)].map((m) =>
        [...m[1].matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1], "hex").toString("latin1")).join(""),
      ),
    )
    .join(" ");
}

describe("the tax invoice as a PDF", () => {
  it("cuts a right-to-left line into Arabic runs and the rest, and writes digits as Latin ones", () => {
    expect(rtlRuns("مساج ٦٠ دقيقة - Swedish")).toEqual([
      { text: "مساج ", arabic: true },
      { text: "60 ", arabic: false },
      { text: "دقيقة ", arabic: true },
      { text: "- Swedish", arabic: false },
    ]);
    expect(latinDigits("٢٨٧٫٥٠ ٪١٥")).toBe("287.50 %15");
  });

  it("is an A4 page per document with the invoice's facts, the Arabic font embedded, the credit note after it", async () => {
    const credit: InvoiceDocumentDto = {
      ...invoice,
      kind: "credit_note",
      number: "CRN-000043",
      invoiceNumber: "INV-000042",
      reason: "cancelled",
    };
    const pdf = await invoicePdf([invoice, credit], { en: labels(en.invoice), ar: labels(ar.invoice) });
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(text).toContain("/MediaBox [0 0 595.28 841.89]");
    expect(text).toContain("NotoNaskhArabic");
    const drawn = latinText(pdf);
    for (const fact of [
      "INV-000042",
      "CRN-000043",
      "310123456700003",
      "1010654321",
      "K7P2QX",
      "287.50",
      "37.50",
      "2026-11-26 10:15",
      "Order cancelled",
      "Simplified tax invoice",
      "Credit note",
    ]) {
      expect(drawn, fact).toContain(fact);
    }
  });

  // What copy, search and a screen reader get: Poppler's pdftotext reads the text layer through
  // each font's ToUnicode map, as they do (scripts/test.mjs installs poppler-utils).
  it("reads back, from its text layer, the Arabic words it draws", async () => {
    const pdftotext = "/usr/bin/pdftotext";
    expect(existsSync(pdftotext), "pdftotext is missing: apt-get install -y poppler-utils").toBe(true);
    const pdf = await invoicePdf([{ ...invoice, buyerName: "ريم العتيبي" }], {
      en: labels(en.invoice),
      ar: labels(ar.invoice),
    });
    const read = spawnSync(pdftotext, ["-", "-"], { input: pdf, encoding: "utf8" });
    expect(read.status, read.stderr).toBe(0);
    const text = read.stdout.normalize("NFC");
    for (const words of [
      "شركة رمال للعافية",
      "ريم العتيبي",
      "طريق الملك فهد",
      "مساج استرخاء",
      "دقيقة",
      ar.invoice.title,
      ar.invoice.vatNumber,
      ar.invoice.crNumber,
      ar.invoice.unitPrice,
      ar.invoice.paid,
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it("says where the merchandise goes: Deliver to the address line, or Pickup at the branch", async () => {
    const both = { en: labels(en.invoice), ar: labels(ar.invoice) };
    const read = (doc: InvoiceDocumentDto) =>
      invoicePdf([doc], both).then((pdf) => {
        const out = spawnSync("/usr/bin/pdftotext", ["-", "-"], { input: pdf, encoding: "utf8" });
        expect(out.status, out.stderr).toBe(0);
        return out.stdout.normalize("NFC");
      });
    const address = "حي الروضة، شارع الأمير سلطان، مبنى ١٢";
    const delivery = await read({ ...invoice, fulfilment: { kind: "delivery", ar: address, en: address } });
    for (const words of ["Deliver to", ar.invoice.deliverTo, "شارع الأمير سلطان"])
      expect(delivery, words).toContain(words);
    expect(delivery).not.toContain("Pickup at");
    const pickup = await read({
      ...invoice,
      fulfilment: { kind: "pickup", ar: "محمصة بُن، جدة", en: "Bunn Roastery, Tahlia Street, Jeddah" },
    });
    for (const words of ["Pickup at", ar.invoice.pickupAt, "Bunn Roastery, Tahlia Street, Jeddah"])
      expect(pickup, words).toContain(words);
    expect(pickup).not.toContain("Deliver to");
  });

  // A shopper's invoice is drawn on the server's one thread, between everyone else's requests: its
  // fonts are inflated once per process (lib/fonts/woff.ts), not by fontkit's JavaScript per invoice.
  it("takes the server's thread for a fraction of a second, not a second", async () => {
    const both = { en: labels(en.invoice), ar: labels(ar.invoice) };
    await invoicePdf([invoice], both);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await invoicePdf([invoice], both);
      times.push(performance.now() - started);
    }
    expect(times.sort((a, b) => a - b)[2]).toBeLessThan(400);
  });
});
