import { getTranslations } from "next-intl/server";
import { BffError, bffRoute, platformFor } from "@/lib/cart/bff";
import { getSessionToken } from "@/lib/session/session";
import { invoicePdf, type InvoiceLabels } from "@/lib/orders/invoice-pdf";
import { OrderLinkKey } from "@/contract/input/ids";

export const dynamic = "force-dynamic";

async function labels(locale: "ar" | "en"): Promise<InvoiceLabels> {
  const t = await getTranslations({ locale, namespace: "order.invoice" });
  const keys = [
    "title",
    "creditNoteTitle",
    "number",
    "creditNoteNumber",
    "forInvoice",
    "reason",
    "issuedAt",
    "order",
    "seller",
    "vatNumber",
    "crNumber",
    "address",
    "buyer",
    "item",
    "quantity",
    "unitPrice",
    "discount",
    "lineTotal",
    "subTotal",
    "taxable",
    "total",
    "paid",
  ] as const;
  const plain = Object.fromEntries(keys.map((k) => [k, t(k)]));
  // {rate} is filled in by the PDF, per document.
  return {
    ...plain,
    vat: t("vat", { rate: "{rate}" }),
    vatTotal: t("vatTotal", { rate: "{rate}" }),
    reasonCancelled: t("reasons.cancelled"),
    reasonRefunded: t("reasons.refunded"),
  } as InvoiceLabels;
}

/**
 * GET: the order's tax invoice and credit notes as a PDF file (A4, Arabic and English), read as
 * the invoice page reads them: its customer, or whoever holds the order's link (`key`). No
 * invoice (not paid online, a store without a VAT number), another customer's order, a key that
 * does not match: not found.
 */
export const GET = bffRoute<Response, { cartId: string }>(async (ctx, { cartId }) => {
  const key = new URL(ctx.req.url).searchParams.get("key");
  const docs = await (key === null
    ? platformFor(ctx, (await getSessionToken(ctx.tenant)) ?? undefined).account.orderInvoices({
        params: { id: cartId },
      })
    : OrderLinkKey.safeParse(key).success
      ? platformFor(ctx).account.sharedOrderInvoices({ params: { id: cartId, key } })
      : null);
  if (!docs?.invoice) throw new BffError(404, "SP:EntityNotFound", "This order has no tax invoice");
  const [en, ar] = await Promise.all([labels("en"), labels("ar")]);
  const pdf = await invoicePdf([docs.invoice, ...docs.creditNotes], { en, ar });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${docs.invoice.number.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
});
