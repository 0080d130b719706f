import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts, invoiceCounters, invoices, type InvoiceLine, type InvoiceSeller } from "../db/schema";
import { toSar } from "../money";
import { parseCrNumber, parseVatNumber, type SettingsMap } from "@/contract/tenant-settings";
import type { InvoiceDocumentDto, OrderInvoicesDto } from "@/contract/dto/account";
import type { ItemRow } from "../services/cart-pricing";
import type { CartTotals } from "../services/cart-totals";
import { zatcaQrPayload } from "./zatca-qr";

type Conn = Db | Tx;

/**
 * The tenant's next document number, without gaps: the counter row is locked by the update until
 * the transaction ends, so concurrent payments take numbers one after another, and a transaction
 * that rolls back gives its number back with everything else it did.
 */
async function nextNumber(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ tenantId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.tenantId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ number: invoiceCounters.lastNumber });
  return row.number;
}

/** The seller as the invoice names it, or null when the tenant has no VAT number (a plain receipt then). */
export function invoiceSeller(settings: SettingsMap, tenantName: string): InvoiceSeller | null {
  const vatNumber = parseVatNumber(settings.vatNumber);
  if (!vatNumber) return null;
  const text = (v: string | undefined) => v?.trim() || null;
  return { name: text(settings.legalName) ?? tenantName, vatNumber, crNumber: parseCrNumber(settings.crNumber), addressAr: text(settings.addressAr), addressEn: text(settings.addressEn) };
}

/**
 * Issues the simplified tax invoice of an order being paid, inside the transaction that records the
 * payment (so the order, the payment and the invoice number stand or fall together). A tenant
 * without a VAT number issues none. `paid`: halalas taken now (a deposit is less than the total).
 */
export async function issueInvoice(
  tx: Tx,
  order: { tenantId: string; tenantName: string; cartId: string; settings: SettingsMap; buyerName: string | null; rows: ItemRow[]; totals: CartTotals; taxRate: number; paid: number; now: Date },
): Promise<void> {
  const seller = invoiceSeller(order.settings, order.tenantName);
  if (!seller) return;
  const lines: InvoiceLine[] = order.rows.map((r, i) => {
    const line = order.totals.lines[i];
    const discount = line.discount;
    return {
      nameAr: r.product.nameAr,
      nameEn: r.product.nameEn,
      optionAr: r.price.nameAr || null,
      optionEn: r.price.nameEn || null,
      quantity: line.effectiveQuantity,
      unitPrice: r.price.amount,
      discount,
      vatAmount: line.taxAmount,
      total: line.amount - discount + line.taxAmount,
    };
  });
  await tx.insert(invoices).values({
    tenantId: order.tenantId,
    cartId: order.cartId,
    kind: "invoice",
    number: await nextNumber(tx, order.tenantId),
    issuedAt: order.now,
    seller,
    buyerName: order.buyerName,
    lines,
    vatRate: Math.round((order.taxRate - 1) * 10_000) / 100,
    subTotal: order.totals.subTotal,
    discountAmount: order.totals.discountAmount,
    vatAmount: order.totals.taxAmount,
    totalAmount: order.totals.totalAmount,
    paidAmount: order.paid,
  });
}

/**
 * Issues a credit note for the whole of an order's invoice (the order cancelled or refunded after
 * payment): the same lines and amounts, referencing the invoice, with the next number. None when
 * the order has no invoice; one only, however often it is asked for.
 */
export async function issueCreditNote(tx: Tx, tenantId: string, cartId: string, reason: string, now: Date): Promise<void> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.cartId, cartId), eq(invoices.kind, "invoice")))
    .for("update");
  if (!invoice) return;
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, "credit_note"))).limit(1);
  if (existing) return;
  const { id, number, createdAt, ...rest } = invoice;
  void number;
  void createdAt;
  await tx.insert(invoices).values({ ...rest, kind: "credit_note", invoiceId: id, number: await nextNumber(tx, tenantId), issuedAt: now, reason });
}

const documentNumber = (kind: "invoice" | "credit_note", n: number) => `${kind === "invoice" ? "INV" : "CRN"}-${String(n).padStart(6, "0")}`;

/** ZATCA's timestamp: ISO 8601 in UTC without milliseconds. */
const zatcaTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

function toDto(row: typeof invoices.$inferSelect, orderNumber: string | null, invoiceNumber: string | null): InvoiceDocumentDto {
  const sar = (h: number) => toSar(h);
  return {
    kind: row.kind,
    number: documentNumber(row.kind, row.number),
    issuedAt: row.issuedAt.toISOString(),
    orderNumber,
    seller: row.seller,
    buyerName: row.buyerName,
    vatRate: row.vatRate,
    lines: row.lines.map((l) => ({ ...l, unitPrice: sar(l.unitPrice), discount: sar(l.discount), vatAmount: sar(l.vatAmount), total: sar(l.total) })),
    subTotal: sar(row.subTotal),
    discountAmount: sar(row.discountAmount),
    vatAmount: sar(row.vatAmount),
    totalAmount: sar(row.totalAmount),
    paidAmount: sar(row.paidAmount),
    invoiceNumber,
    reason: row.reason,
    qr: zatcaQrPayload({
      sellerName: row.seller.name,
      vatNumber: row.seller.vatNumber,
      timestamp: zatcaTime(row.issuedAt),
      totalWithVat: (row.kind === "credit_note" ? -row.totalAmount / 100 : row.totalAmount / 100).toFixed(2),
      vatTotal: (row.kind === "credit_note" ? -row.vatAmount / 100 : row.vatAmount / 100).toFixed(2),
    }),
  };
}

/** An order's tax documents, oldest first; the caller has checked who may read the order. */
export async function readOrderInvoices(db: Conn, tenantId: string, cartId: string): Promise<OrderInvoicesDto> {
  const rows = await db
    .select({ doc: invoices, orderNumber: carts.orderNumber })
    .from(invoices)
    .innerJoin(carts, eq(carts.id, invoices.cartId))
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.cartId, cartId)))
    .orderBy(asc(invoices.number));
  const invoice = rows.find((r) => r.doc.kind === "invoice");
  const invoiceNumber = invoice ? documentNumber("invoice", invoice.doc.number) : null;
  return {
    invoice: invoice ? toDto(invoice.doc, invoice.orderNumber, null) : null,
    creditNotes: rows.filter((r) => r.doc.kind === "credit_note").map((r) => toDto(r.doc, r.orderNumber, invoiceNumber)),
  };
}
