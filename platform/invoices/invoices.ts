import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts, invoiceCounters, invoices, type Fulfilment, type InvoiceLine, type InvoiceSeller } from "../db/schema";
import { taxOn, toSar } from "../money";
import { toTenantConfig, type SettingsMap } from "@/contract/tenant-settings";
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
    .onConflictDoUpdate({
      target: invoiceCounters.tenantId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  return row.number;
}

/** The seller as the invoice names it (the settings' seller facts), or null without a VAT number (a plain receipt then). */
export function invoiceSeller(settings: SettingsMap, tenantName: string): InvoiceSeller | null {
  const { trust } = toTenantConfig(settings);
  if (!trust.vatNumber) return null;
  return {
    name: trust.legalName ?? tenantName,
    vatNumber: trust.vatNumber,
    crNumber: trust.crNumber,
    addressAr: trust.address.ar,
    addressEn: trust.address.en,
  };
}

/**
 * Issues the simplified tax invoice of an order being paid, inside the transaction that records the
 * payment (so the order, the payment and the invoice number stand or fall together). A tenant
 * without a VAT number issues none (answers false). `paid`: halalas taken now (a deposit is less
 * than the total).
 */
export async function issueInvoice(
  tx: Tx,
  order: {
    tenantId: string;
    tenantName: string;
    cartId: string;
    settings: SettingsMap;
    buyerName: string | null;
    rows: ItemRow[];
    totals: CartTotals;
    taxRate: number;
    paid: number;
    now: Date;
  },
): Promise<boolean> {
  const seller = invoiceSeller(order.settings, order.tenantName);
  if (!seller) return false;
  const lines: InvoiceLine[] = order.rows.map((r, i) => {
    const line = order.totals.lines[i];
    return {
      itemId: r.item.id,
      nameAr: r.product.nameAr,
      nameEn: r.product.nameEn,
      optionAr: r.price.nameAr || null,
      optionEn: r.price.nameEn || null,
      quantity: line.effectiveQuantity,
      unitPrice: r.price.amount,
      discount: line.discount,
      vatAmount: line.taxAmount,
      total: line.amount - line.discount + line.taxAmount,
    };
  });
  // A delivery fee is a supply of its own, with its VAT (a free delivery bills nothing).
  for (const fee of order.totals.fees) {
    if (fee.amount <= 0) continue;
    const vatAmount = taxOn(fee.amount, order.taxRate);
    lines.push({
      itemId: DELIVERY_FEE_LINE,
      nameAr: "رسوم التوصيل",
      nameEn: "Delivery fee",
      optionAr: null,
      optionEn: null,
      quantity: 1,
      unitPrice: fee.amount,
      discount: 0,
      vatAmount,
      total: fee.amount + vatAmount,
    });
  }
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
    // Excluding VAT, the fees are supplies like the lines.
    subTotal: order.totals.subTotal + order.totals.fees.reduce((s, f) => s + f.amount, 0),
    discountAmount: order.totals.discountAmount,
    vatAmount: order.totals.taxAmount,
    totalAmount: order.totals.totalAmount,
    paidAmount: order.paid,
  });
  return true;
}

/**
 * Issues a credit note against an order's invoice (the order, or one of its lines, cancelled or
 * refunded after payment), referencing it, with the next number. `only`: one line (its position
 * on the order, and what was given back for it); otherwise every line not credited yet. Nothing
 * when the order has no invoice or the lines were credited already: asked twice, issued once.
 */
export async function issueCreditNote(
  tx: Tx,
  tenantId: string,
  cartId: string,
  reason: string,
  now: Date,
  only?: { itemId: string; index: number; paid: number },
): Promise<void> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.cartId, cartId), eq(invoices.kind, "invoice")))
    .for("update");
  if (!invoice) return;
  const notes = await tx
    .select({ lines: invoices.lines, paid: invoices.paidAmount })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, "credit_note")));
  // A line without an id on a note: the note credited the whole invoice.
  const credited = new Set(notes.flatMap((n) => n.lines.map((l) => l.itemId ?? "*")));
  if (credited.has("*")) return;
  const { id, createdAt, ...issued } = invoice;
  void createdAt;
  const next = { kind: "credit_note" as const, invoiceId: id, issuedAt: now, reason };
  if (!only && notes.length === 0) {
    // The invoice as it was issued, under a number, time and reason of its own.
    await tx.insert(invoices).values({ ...issued, ...next, number: await nextNumber(tx, tenantId) });
    return;
  }
  const named = invoice.lines.map((l, i) => ({
    ...l,
    itemId: l.itemId ?? (only && i === only.index ? only.itemId : undefined),
  }));
  const lines = named.filter((l) =>
    only ? l.itemId === only.itemId : l.itemId === undefined || !credited.has(l.itemId),
  );
  if (lines.length === 0 || lines.some((l) => l.itemId && credited.has(l.itemId))) return;
  const sum = (f: (l: InvoiceLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  await tx.insert(invoices).values({
    ...issued,
    ...next,
    number: await nextNumber(tx, tenantId),
    lines,
    subTotal: sum((l) => l.unitPrice * l.quantity),
    discountAmount: sum((l) => l.discount),
    vatAmount: sum((l) => l.vatAmount),
    totalAmount: sum((l) => l.total),
    paidAmount: only ? only.paid : Math.max(0, invoice.paidAmount - notes.reduce((s, n) => s + n.paid, 0)),
  });
}

const documentNumber = (kind: "invoice" | "credit_note", n: number) =>
  `${kind === "invoice" ? "INV" : "CRN"}-${String(n).padStart(6, "0")}`;

/** ZATCA's timestamp: ISO 8601 in UTC without milliseconds. */
const zatcaTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** ZATCA's amounts: SAR with two decimals, negative on a credit note. */
const qrAmount = (row: typeof invoices.$inferSelect, halalas: number) =>
  toSar(row.kind === "credit_note" ? -halalas : halalas).toFixed(2);

/** The id of an invoice's delivery fee line: it bills no line of the order. */
const DELIVERY_FEE_LINE = "delivery-fee";

function fulfilmentFact(f: Fulfilment | null): InvoiceDocumentDto["fulfilment"] {
  if (!f) return null;
  if (f.kind === "delivery") return { kind: "delivery", ar: f.addressLine, en: f.addressLine };
  const join = (name: string, address: string, comma: string) => (address ? `${name}${comma}${address}` : name);
  return { kind: "pickup", ar: join(f.nameAr, f.addressAr, "، "), en: join(f.nameEn, f.addressEn, ", ") };
}

function toDto(
  row: typeof invoices.$inferSelect,
  orderNumber: string | null,
  invoiceNumber: string | null,
  fulfilment: Fulfilment | null,
): InvoiceDocumentDto {
  return {
    kind: row.kind,
    number: documentNumber(row.kind, row.number),
    issuedAt: row.issuedAt.toISOString(),
    orderNumber,
    seller: row.seller,
    buyerName: row.buyerName,
    fulfilment: fulfilmentFact(fulfilment),
    vatRate: row.vatRate,
    lines: row.lines.map((l) => ({
      nameAr: l.nameAr,
      nameEn: l.nameEn,
      optionAr: l.optionAr,
      optionEn: l.optionEn,
      quantity: l.quantity,
      unitPrice: toSar(l.unitPrice),
      discount: toSar(l.discount),
      vatAmount: toSar(l.vatAmount),
      total: toSar(l.total),
    })),
    subTotal: toSar(row.subTotal),
    discountAmount: toSar(row.discountAmount),
    vatAmount: toSar(row.vatAmount),
    totalAmount: toSar(row.totalAmount),
    paidAmount: toSar(row.paidAmount),
    invoiceNumber,
    reason: row.reason,
    qr: zatcaQrPayload({
      sellerName: row.seller.name,
      vatNumber: row.seller.vatNumber,
      timestamp: zatcaTime(row.issuedAt),
      totalWithVat: qrAmount(row, row.totalAmount),
      vatTotal: qrAmount(row, row.vatAmount),
    }),
  };
}

/** An order's tax documents, oldest first; the caller has checked who may read the order. */
export async function readOrderInvoices(db: Conn, tenantId: string, cartId: string): Promise<OrderInvoicesDto> {
  const rows = await db
    .select({ doc: invoices, orderNumber: carts.orderNumber, fulfilment: carts.fulfilment })
    .from(invoices)
    .innerJoin(carts, eq(carts.id, invoices.cartId))
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.cartId, cartId)))
    .orderBy(asc(invoices.number));
  const invoice = rows.find((r) => r.doc.kind === "invoice");
  const invoiceNumber = invoice ? documentNumber("invoice", invoice.doc.number) : null;
  return {
    invoice: invoice ? toDto(invoice.doc, invoice.orderNumber, null, invoice.fulfilment) : null,
    creditNotes: rows
      .filter((r) => r.doc.kind === "credit_note")
      .map((r) => toDto(r.doc, r.orderNumber, invoiceNumber, r.fulfilment)),
  };
}
