import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { InvoiceDocumentDto } from "@/contract/dto/account";
import { notoNaskhWoff, sfntFile } from "@/lib/fonts/woff";
import { faithfulTextLayer } from "./pdf-text-layer";

/**
 * The tax invoice (and its credit notes) as a PDF file to keep: A4, Arabic and English side by
 * side, the same facts as the invoice page (ZATCA phase 1: seller with VAT and CR numbers, number,
 * time of issue, lines with VAT, totals, the QR code of the five TLV fields).
 *
 * PDFKit lays text out left to right; fontkit shapes Arabic (joined letter forms) and turns an
 * Arabic run's glyphs right to left. So a line is cut into runs — Arabic letters and spaces, and
 * everything else (digits, Latin, punctuation) — drawn from the right edge in reverse order, each
 * in the font that has its characters: Noto Naskh Arabic (OFL, `@fontsource/noto-naskh-arabic`)
 * for Arabic, Helvetica for the rest, and the riyal sign's own small font (OFL, `fonts/` beside
 * this file) for U+20C1. An Arabic run is drawn word by word from the right (PDFKit would set a
 * run's words left to right). Digits are Latin throughout, as ZATCA's samples write them: a
 * tenant's Arabic-Indic digits are written as Latin ones (the Arabic font has no Latin digits or
 * brackets, and fontkit would turn Arabic-Indic ones right to left).
 */

export type InvoiceLabels = Record<
  | "title"
  | "creditNoteTitle"
  | "number"
  | "creditNoteNumber"
  | "forInvoice"
  | "reason"
  | "issuedAt"
  | "order"
  | "seller"
  | "vatNumber"
  | "crNumber"
  | "address"
  | "buyer"
  | "deliverTo"
  | "pickupAt"
  | "item"
  | "quantity"
  | "unitPrice"
  | "discount"
  | "vat"
  | "lineTotal"
  | "subTotal"
  | "taxable"
  | "vatTotal"
  | "total"
  | "paid"
  | "reasonCancelled"
  | "reasonRefunded",
  string
>;

const FONTS = {
  arabic: notoNaskhWoff("arabic", 400),
  arabicBold: notoNaskhWoff("arabic", 700),
  riyal: path.join(process.cwd(), "lib/orders/fonts/saudi-riyal.woff"),
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

// Arabic letters (not its digits or number separators) and the spaces between them.
const ARABIC = /[\u0600-\u065F\u066D-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const RUNS =
  /([\u0600-\u065F\u066D-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF][\u0600-\u065F\u066D-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\s]*)/;

/** Arabic-Indic digits and number signs as Latin ones. */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, ".")
    .replace(/\u066C/g, ",")
    .replace(/\u066A/g, "%");
}

type Doc = PDFKit.PDFDocument;
type Weight = "regular" | "bold";

/** The runs of a line of right-to-left text, in the order they are drawn from the right edge. */
export function rtlRuns(text: string): { text: string; arabic: boolean }[] {
  return latinDigits(text)
    .split(RUNS)
    .filter((r) => r.length > 0)
    .map((r) => ({ text: r, arabic: ARABIC.test(r) }));
}

function fontFor(doc: Doc, arabic: boolean, weight: Weight): void {
  if (arabic) doc.font(weight === "bold" ? "arabic-bold" : "arabic");
  else doc.font(weight === "bold" ? "Helvetica-Bold" : "Helvetica");
}

/**
 * The pieces of a run as placed from the right: an Arabic run's words one by one, a left-to-right
 * run whole; spaces are gaps, on the side of the run they logically follow or precede.
 */
function pieces(run: { text: string; arabic: boolean }): string[] {
  if (run.arabic) return run.text.split(/(\s+)/).filter((p) => p.length > 0);
  const [, lead, core, trail] = /^(\s*)(.*?)(\s*)$/s.exec(run.text)!;
  return [lead, core, trail].filter((p) => p.length > 0);
}

function pieceWidth(doc: Doc, piece: string, arabic: boolean, weight: Weight): number {
  fontFor(doc, arabic, weight);
  return doc.widthOfString(piece);
}

function runWidth(doc: Doc, run: { text: string; arabic: boolean }, weight: Weight): number {
  return pieces(run).reduce((w, p) => w + pieceWidth(doc, p, run.arabic, weight), 0);
}

/** Width of a line of Arabic text as drawArabic draws it. */
function arabicWidth(doc: Doc, text: string, weight: Weight): number {
  return rtlRuns(text).reduce((w, r) => w + runWidth(doc, r, weight), 0);
}

/** One line of Arabic text ending at `right` (right-aligned), shrunk to fit `maxWidth` if needed. */
function drawArabic(
  doc: Doc,
  text: string,
  right: number,
  y: number,
  size: number,
  weight: Weight = "regular",
  maxWidth = Infinity,
  color = INK,
): void {
  doc.fontSize(size);
  const width = arabicWidth(doc, text, weight);
  const fitted = width > maxWidth ? (size * maxWidth) / width : size;
  doc.fontSize(fitted);
  let x = right;
  doc.fillColor(color);
  // Runs in different fonts share one baseline (their ascents differ).
  const baseline = y + fitted * 1.1;
  for (const run of rtlRuns(text)) {
    for (const piece of pieces(run)) {
      const w = pieceWidth(doc, piece, run.arabic, weight);
      x -= w;
      if (piece.trim() !== "") doc.text(piece, x, baseline, { lineBreak: false, baseline: "alphabetic" });
    }
  }
  doc.fontSize(size);
}

/** One line of Latin text from `x`, in at most `width` (ellipsis beyond). */
function drawLatin(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  size: number,
  opts: { weight?: Weight; width?: number; align?: "left" | "right"; color?: string } = {},
): void {
  const line = latinDigits(text);
  doc
    .font(opts.weight === "bold" ? "Helvetica-Bold" : "Helvetica")
    .fontSize(size)
    .fillColor(opts.color ?? INK);
  const natural = doc.widthOfString(line);
  if (opts.width && natural > opts.width) doc.fontSize((size * opts.width) / natural);
  const w = doc.widthOfString(line);
  doc.text(line, opts.align === "right" && opts.width ? x + opts.width - w : x, y, { lineBreak: false });
  doc.fontSize(size);
}

const amount = (sar: number) => sar.toFixed(2);

/** An amount with the riyal sign before it, right-aligned at `right`. */
function drawMoney(doc: Doc, sar: number, right: number, y: number, size: number, weight: Weight = "regular"): void {
  const text = amount(sar);
  doc.font(weight === "bold" ? "Helvetica-Bold" : "Helvetica").fontSize(size);
  const w = doc.widthOfString(text);
  doc.fillColor(INK).text(text, right - w, y, { lineBreak: false });
  doc.font("riyal").fontSize(size);
  const sign = doc.widthOfString("\u20C1");
  doc.text("\u20C1", right - w - sign - size * 0.3, y, { lineBreak: false });
}

/** Riyadh time, as ZATCA's issue time is read: "2026-11-26 10:15". */
const riyadhTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 16).replace("T", " ");

/** A row of label (English on the left, Arabic on the right) and a value in the middle. */
function factRow(
  doc: Doc,
  y: number,
  en: string,
  ar: string,
  value: string | null,
  opts: { arabicValue?: boolean } = {},
): number {
  if (!value) return y;
  drawLatin(doc, en, MARGIN, y, 9, { color: MUTED, width: 130 });
  drawArabic(doc, ar, RIGHT, y - 2, 9, "regular", 130, MUTED);
  if (opts.arabicValue) drawArabic(doc, value, RIGHT - 140, y - 2, 10, "regular", A4.width - 2 * MARGIN - 280);
  else drawLatin(doc, value, MARGIN + 140, y, 10, { width: A4.width - 2 * MARGIN - 280 });
  return y + 18;
}

async function drawDocument(doc: Doc, d: InvoiceDocumentDto, en: InvoiceLabels, ar: InvoiceLabels): Promise<void> {
  const credit = d.kind === "credit_note";
  let y = MARGIN;
  // Title, both languages, and the QR code on the right under it.
  drawLatin(doc, credit ? en.creditNoteTitle : en.title, MARGIN, y + 4, 16, { weight: "bold" });
  drawArabic(doc, credit ? ar.creditNoteTitle : ar.title, RIGHT, y, 18, "bold");
  y += 40;
  const qr = await QRCode.toBuffer(d.qr, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 256 });
  const qrSize = 104;
  doc.image(qr, RIGHT - qrSize, y, { width: qrSize, height: qrSize });
  const facts = (rows: [string, string, string | null][]) => {
    for (const [e, a, v] of rows) {
      if (!v) continue;
      drawLatin(doc, e, MARGIN, y, 9, { color: MUTED, width: 120 });
      drawLatin(doc, v, MARGIN + 125, y, 10, { width: 160 });
      drawArabic(doc, a, RIGHT - qrSize - 16, y - 2, 9, "regular", 120, MUTED);
      y += 18;
    }
  };
  facts([
    [credit ? en.creditNoteNumber : en.number, credit ? ar.creditNoteNumber : ar.number, d.number],
    [en.forInvoice, ar.forInvoice, credit ? d.invoiceNumber : null],
    [en.issuedAt, ar.issuedAt, riyadhTime(d.issuedAt)],
    [en.order, ar.order, d.orderNumber],
  ]);
  if (credit && d.reason) {
    const known = d.reason === "cancelled" || d.reason === "refunded";
    drawLatin(doc, en.reason, MARGIN, y, 9, { color: MUTED, width: 120 });
    drawLatin(
      doc,
      known ? (d.reason === "cancelled" ? en.reasonCancelled : en.reasonRefunded) : d.reason,
      MARGIN + 125,
      y,
      10,
      { width: 160 },
    );
    drawArabic(
      doc,
      known ? (d.reason === "cancelled" ? ar.reasonCancelled : ar.reasonRefunded) : ar.reason,
      RIGHT - qrSize - 16,
      y - 2,
      9,
      "regular",
      120,
    );
    y += 18;
  }
  y = Math.max(y, MARGIN + 40 + qrSize) + 14;

  // The seller (and the customer).
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).strokeColor(RULE).lineWidth(0.5).stroke();
  y += 10;
  const sellerArabic = ARABIC.test(d.seller.name);
  y = factRow(doc, y, en.seller, ar.seller, d.seller.name, { arabicValue: sellerArabic });
  y = factRow(doc, y, en.vatNumber, ar.vatNumber, d.seller.vatNumber);
  y = factRow(doc, y, en.crNumber, ar.crNumber, d.seller.crNumber);
  y = factRow(doc, y, en.address, ar.address, d.seller.addressAr, { arabicValue: true });
  y = factRow(doc, y, "", "", d.seller.addressEn);
  if (d.buyerName) y = factRow(doc, y, en.buyer, ar.buyer, d.buyerName, { arabicValue: ARABIC.test(d.buyerName) });
  if (d.fulfilment) {
    const { kind, ar: whereAr, en: whereEn } = d.fulfilment;
    const [labelEn, labelAr] = kind === "delivery" ? [en.deliverTo, ar.deliverTo] : [en.pickupAt, ar.pickupAt];
    y = factRow(doc, y, labelEn, labelAr, whereAr, { arabicValue: ARABIC.test(whereAr) });
    if (whereEn !== whereAr) y = factRow(doc, y, "", "", whereEn, { arabicValue: ARABIC.test(whereEn) });
  }
  y += 6;

  // The lines: item (both names), quantity, unit price, discount, VAT, total.
  // Right edges of the number columns (the item takes the rest on the left).
  const cols = { qty: 262, unit: 330, discount: 395, vat: 470, total: RIGHT };
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  y += 6;
  const rate = `${d.vatRate}`;
  const head = (e: string, a: string, right: number, width: number) => {
    drawLatin(doc, e, right - width, y, 8, { color: MUTED, width, align: "right" });
    drawArabic(doc, a, right, y + 10, 8, "regular", width, MUTED);
  };
  drawLatin(doc, en.item, MARGIN, y, 8, { color: MUTED });
  drawArabic(doc, ar.item, cols.qty - 40, y + 10, 8, "regular", 150, MUTED);
  head(en.quantity, ar.quantity, cols.qty, 30);
  head(en.unitPrice, ar.unitPrice, cols.unit, 60);
  head(en.discount, ar.discount, cols.discount, 58);
  head(en.vat.replace("{rate}", rate), ar.vat.replace("{rate}", rate), cols.vat, 68);
  head(en.lineTotal, ar.lineTotal, cols.total, 78);
  y += 30;
  for (const l of d.lines) {
    if (y > A4.height - 200) {
      doc.addPage();
      y = MARGIN;
    }
    const nameEn = [l.nameEn, l.optionEn].filter(Boolean).join(" - ");
    const nameAr = [l.nameAr, l.optionAr].filter(Boolean).join(" - ");
    drawLatin(doc, nameEn, MARGIN, y, 9, { width: cols.qty - MARGIN - 40 });
    drawArabic(doc, nameAr, cols.qty - 40, y + 12, 9, "regular", cols.qty - MARGIN - 40);
    drawLatin(doc, String(l.quantity), cols.qty - 30, y, 9, { width: 30, align: "right" });
    drawMoney(doc, l.unitPrice, cols.unit, y, 9);
    drawMoney(doc, l.discount, cols.discount, y, 9);
    drawMoney(doc, l.vatAmount, cols.vat, y, 9);
    drawMoney(doc, l.total, cols.total, y, 9, "bold");
    y += 34;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(RIGHT, y - 6)
      .strokeColor(RULE)
      .stroke();
  }

  // The totals, right column.
  y += 6;
  const totals: [string, string, number, boolean][] = [
    [en.subTotal, ar.subTotal, d.subTotal, false],
    [en.discount, ar.discount, d.discountAmount, false],
    [en.taxable, ar.taxable, d.subTotal - d.discountAmount, false],
    [en.vatTotal.replace("{rate}", rate), ar.vatTotal.replace("{rate}", rate), d.vatAmount, false],
    [en.total, ar.total, d.totalAmount, true],
    [en.paid, ar.paid, d.paidAmount, false],
  ];
  for (const [e, a, value, strong] of totals) {
    if (!strong && value === 0 && e === en.discount) continue;
    const size = strong ? 11 : 9;
    drawLatin(doc, e, 300, y, size, { weight: strong ? "bold" : "regular" });
    drawArabic(doc, a, 300 - 10, y - 2, size, strong ? "bold" : "regular", 240);
    drawMoney(doc, value, RIGHT, y, size, strong ? "bold" : "regular");
    y += strong ? 22 : 18;
  }
}

/** The invoice and then each credit note, one A4 page (or more) each, as PDF bytes. */
export async function invoicePdf(
  docs: InvoiceDocumentDto[],
  labels: { en: InvoiceLabels; ar: InvoiceLabels },
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: { Title: docs.map((d) => d.number).join(", "), Producer: "storefront" },
  });
  // The fonts' tables inflated once per process, not per invoice (lib/fonts/woff.ts).
  doc.registerFont("arabic", sfntFile(FONTS.arabic));
  doc.registerFont("arabic-bold", sfntFile(FONTS.arabicBold));
  doc.registerFont("riyal", sfntFile(FONTS.riyal));
  faithfulTextLayer(doc, "arabic");
  faithfulTextLayer(doc, "arabic-bold");
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const [i, d] of docs.entries()) {
    if (i > 0) doc.addPage();
    await drawDocument(doc, d, labels.en, labels.ar);
  }
  doc.end();
  return done;
}
