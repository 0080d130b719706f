import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import type { InvoiceDocumentDto } from "@/contract/dto/account";
import { formatInstant } from "@/lib/day-format";
import { formatNumber } from "@/lib/money";
import { getSarStyle } from "@/lib/money-server";
import { Sar } from "@/components/money/sar";

type Translate = Awaited<ReturnType<typeof getTranslations<"order.invoice">>>;

/**
 * A label in Arabic, the invoice's language, with English under it for an English reader (a Saudi
 * tax invoice is Arabic; a bilingual one keeps Arabic first).
 */
function Bi({ ar, en }: { ar: string; en: string | null }) {
  if (!en) return <>{ar}</>;
  return (
    <span className="inline-flex flex-col items-start">
      <span lang="ar" dir="rtl">
        {ar}
      </span>
      <span lang="en" dir="ltr" className="text-xs font-normal text-muted-foreground">
        {en}
      </span>
    </span>
  );
}

/**
 * A Saudi simplified tax invoice or credit note as issued (ZATCA phase 1): seller with VAT and CR
 * numbers, number, time of issue, lines with VAT, totals and the QR code of the five TLV fields.
 * On paper: A4 by default; `html[data-print="receipt"]` (the receipt button) prints it on an 80 mm
 * roll, one column (globals.css: the `receipt` page and variant).
 */
export async function InvoiceDocument({ doc, locale }: { doc: InvoiceDocumentDto; locale: string }) {
  const [ar, en] = await Promise.all([
    getTranslations({ locale: "ar", namespace: "order.invoice" }),
    getTranslations({ locale: "en", namespace: "order.invoice" }),
  ]);
  const label = (key: Parameters<Translate>[0], values?: Record<string, string | number>) => (
    <Bi ar={ar(key, values)} en={locale === "en" ? en(key, values) : null} />
  );
  const sarStyle = getSarStyle();
  const money = (amount: number) => (
    <span className="tabular whitespace-nowrap">
      <Sar amount={amount} locale={locale} style={sarStyle} />
    </span>
  );
  const rate = { rate: doc.vatRate };
  const credit = doc.kind === "credit_note";
  // The QR code as SVG made here from the document's own payload (no script, no external image).
  const qr = await QRCode.toString(doc.qr, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  const taxable = doc.subTotal - doc.discountAmount;
  const row = (
    key: Parameters<Translate>[0],
    value: React.ReactNode,
    strong = false,
    values?: Record<string, string | number>,
  ) => (
    <div
      className={
        strong
          ? "flex items-baseline justify-between gap-4 border-t border-border pt-2 text-base font-bold"
          : "flex items-baseline justify-between gap-4"
      }
    >
      <dt>{label(key, values)}</dt>
      <dd>{value}</dd>
    </div>
  );
  /** One fact of the document: its label, and its value (`code`: a number read left to right). */
  const fact = (
    key: Parameters<Translate>[0],
    value: React.ReactNode,
    opts: { code?: "mono" | "digits"; testId?: string } = {},
  ) =>
    value ? (
      <>
        <dt className="text-muted-foreground">{label(key)}</dt>
        {opts.code ? (
          <dd
            dir="ltr"
            className={opts.code === "mono" ? "font-mono text-start rtl:text-end" : "tabular text-start rtl:text-end"}
            data-testid={opts.testId}
          >
            {value}
          </dd>
        ) : (
          <dd>{value}</dd>
        )}
      </>
    ) : null;
  return (
    <article
      data-print-document
      aria-labelledby={`doc-${doc.number}`}
      className="grid gap-5 rounded-xl border border-border bg-card p-5 text-sm shadow-soft break-inside-avoid-page print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 receipt:flex-col receipt:items-center receipt:text-center">
        <div className="grid gap-2">
          <h1 id={`doc-${doc.number}`} className="text-xl font-bold sm:text-2xl">
            {label(credit ? "creditNoteTitle" : "title")}
          </h1>
          <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
            {fact(credit ? "creditNoteNumber" : "number", doc.number, { code: "mono", testId: "invoice-number" })}
            {credit ? fact("forInvoice", doc.invoiceNumber, { code: "mono" }) : null}
            {fact("issuedAt", formatInstant(doc.issuedAt, locale))}
            {fact("order", doc.orderNumber, { code: "mono" })}
            {credit && doc.reason
              ? fact(
                  "reason",
                  doc.reason === "cancelled" || doc.reason === "refunded" ? label(`reasons.${doc.reason}`) : doc.reason,
                )
              : null}
          </dl>
        </div>
        <div
          role="img"
          aria-label={locale === "en" ? en("qrLabel") : ar("qrLabel")}
          data-testid="invoice-qr"
          className="size-36 shrink-0 bg-white [&_svg]:size-full receipt:size-32"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      </header>

      <section aria-label={locale === "en" ? en("seller") : ar("seller")} className="grid gap-1">
        <h2 className="font-sans text-sm font-semibold">{label("seller")}</h2>
        <p className="font-semibold">
          <bdi>{doc.seller.name}</bdi>
        </p>
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
          {fact("vatNumber", doc.seller.vatNumber, { code: "digits" })}
          {fact("crNumber", doc.seller.crNumber, { code: "digits" })}
          {fact(
            "address",
            doc.seller.addressAr || doc.seller.addressEn ? (
              <Bi ar={doc.seller.addressAr ?? ""} en={locale === "en" ? doc.seller.addressEn : null} />
            ) : null,
          )}
          {fact("buyer", doc.buyerName ? <bdi>{doc.buyerName}</bdi> : null)}
          {doc.fulfilment
            ? fact(
                doc.fulfilment.kind === "delivery" ? "deliverTo" : "pickupAt",
                <bdi>{locale === "en" ? doc.fulfilment.en : doc.fulfilment.ar}</bdi>,
              )
            : null}
        </dl>
      </section>

      <div className="-mx-5 overflow-x-auto px-5 print:mx-0 print:px-0">
        <table className="w-full border-collapse text-start text-xs sm:text-sm">
          <thead>
            <tr className="border-b border-border text-xs text-muted-foreground [&>th]:px-1.5 [&>th]:py-2 [&>th]:text-start [&>th]:align-bottom [&>th]:font-medium">
              <th scope="col">{label("item")}</th>
              <th scope="col">{label("quantity")}</th>
              <th scope="col" className="receipt:hidden">
                {label("unitPrice")}
              </th>
              {doc.discountAmount > 0 ? (
                <th scope="col" className="receipt:hidden">
                  {label("discount")}
                </th>
              ) : null}
              <th scope="col" className="receipt:hidden">
                {label("vat", rate)}
              </th>
              <th scope="col">{label("lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l, i) => (
              <tr key={i} className="border-b border-border align-top [&>td]:px-1.5 [&>td]:py-2">
                <td>
                  <Bi
                    ar={[l.nameAr, l.optionAr].filter(Boolean).join(" — ")}
                    en={locale === "en" ? [l.nameEn, l.optionEn].filter(Boolean).join(" — ") : null}
                  />
                </td>
                <td className="tabular">{formatNumber(l.quantity, locale)}</td>
                <td className="receipt:hidden">{money(l.unitPrice)}</td>
                {doc.discountAmount > 0 ? <td className="receipt:hidden">{money(l.discount)}</td> : null}
                <td className="receipt:hidden">{money(l.vatAmount)}</td>
                <td className="font-semibold">{money(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ms-auto grid w-full max-w-sm gap-1.5 receipt:max-w-none">
        {row("subTotal", money(doc.subTotal))}
        {doc.discountAmount > 0 ? row("discount", money(-doc.discountAmount)) : null}
        {doc.discountAmount > 0 ? row("taxable", money(taxable)) : null}
        {row("vatTotal", money(doc.vatAmount), false, rate)}
        {row("total", money(doc.totalAmount), true)}
        {!credit ? row("paid", money(doc.paidAmount)) : null}
        {!credit && doc.totalAmount > doc.paidAmount ? row("remaining", money(doc.totalAmount - doc.paidAmount)) : null}
      </dl>
    </article>
  );
}
