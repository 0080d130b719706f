import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { FileDown } from "lucide-react";
import { AccountGate } from "@/components/account/account-gate";
import { InvoiceDocument } from "@/components/order/invoice-document";
import { PrintButtons } from "@/components/order/print-buttons";
import { buttonVariants } from "@/components/ui/button";
import { parseCartId } from "@/lib/cookies";
import { loadOrderPage } from "@/lib/orders/order-access";
import { orNull, platform } from "@/lib/platform-client/core";
import { loadSite, type SiteParams } from "@/lib/site";
import { orderPageHref } from "@/lib/orders/order-share";
import { ordersApi } from "@/lib/store-client/orders";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<SiteParams & { id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.invoice");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * /orders/{id}/invoice: the order's simplified tax invoice and any credit notes, to read and print
 * (A4 or an 80 mm receipt). Read as the order page reads the order — its customer, or `?key=`
 * through its link. An order without an invoice (not paid yet, or a store without a VAT number) is
 * a 404: the order page offers the invoice only when there is one.
 */
export default async function InvoicePage({ params, searchParams }: Props) {
  const [p, query] = await Promise.all([params, searchParams]);
  const { tenant, locale } = await loadSite(p);
  const cartId = parseCartId(p.id);
  if (!cartId) notFound();
  const page = await loadOrderPage(tenant, query.key, {
    owner: (token) => orNull(platform({ tenant, locale, token }).account.orderInvoices({ params: { id: cartId } })),
    link: (key) => orNull(platform({ tenant, locale }).account.sharedOrderInvoices({ params: { id: cartId, key } })),
  });
  const frame = "mx-auto grid max-w-3xl gap-6 px-4 pt-8 pb-10 sm:px-6 sm:pt-12";
  if (page.status !== "ok") {
    return (
      <div className={frame}>
        <AccountGate status={page.status} />
      </div>
    );
  }
  const docs = page.data.value;
  if (!docs?.invoice) notFound();
  const t = await getTranslations("order.invoice");
  const orderHref = orderPageHref(locale, cartId, page.data.key);
  return (
    <div className={frame}>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link prefetch={false} href={orderHref} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          {t("backToOrder")}
        </Link>
        <div className="flex flex-wrap gap-2">
          <PrintButtons a4={t("printA4")} receipt={t("printReceipt")} />
          {/* The same documents as a PDF file made on the server (lib/orders/invoice-pdf.ts). */}
          <a
            href={ordersApi.invoice.href({ params: { cartId }, query: { key: page.data.key || undefined } })}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <FileDown aria-hidden="true" />
            {t("downloadPdf")}
          </a>
        </div>
      </div>
      <InvoiceDocument doc={docs.invoice} locale={locale} />
      {docs.creditNotes.map((note) => (
        <div key={note.number} className="print:break-before-page">
          <InvoiceDocument doc={note} locale={locale} />
        </div>
      ))}
    </div>
  );
}
