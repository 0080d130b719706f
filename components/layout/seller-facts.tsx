import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";

/** wa.me takes the number's digits only. */
const whatsappLink = (number: string) => `https://wa.me/${number.replace(/\D/g, "")}`;

/**
 * Who sells (Saudi e-commerce law: the seller's CR and VAT numbers, address and contact in sight),
 * as the tenant's settings say; nothing is shown for what is unset. Numbers read left to right.
 */
export async function SellerFacts({ trust, locale }: { trust: TenantConfig["trust"]; locale: Locale }) {
  const t = await getTranslations("common.footer");
  const address = trust.address[locale] ?? trust.address.ar ?? trust.address.en;
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  if (trust.vatNumber) rows.push({ key: "vat", label: t("vatNumber"), value: <bdi dir="ltr">{trust.vatNumber}</bdi> });
  if (trust.crNumber) rows.push({ key: "cr", label: t("crNumber"), value: <bdi dir="ltr">{trust.crNumber}</bdi> });
  if (address) rows.push({ key: "address", label: t("address"), value: address });
  if (trust.phone)
    rows.push({
      key: "phone",
      label: t("phone"),
      value: (
        <a dir="ltr" href={`tel:${trust.phone.replace(/[^\d+]/g, "")}`}>
          {trust.phone}
        </a>
      ),
    });
  if (trust.whatsapp)
    rows.push({
      key: "whatsapp",
      label: t("whatsapp"),
      value: (
        <a dir="ltr" href={whatsappLink(trust.whatsapp)} rel="noopener noreferrer" target="_blank">
          {trust.whatsapp}
        </a>
      ),
    });
  if (trust.email)
    rows.push({ key: "email", label: t("email"), value: <a href={`mailto:${trust.email}`}>{trust.email}</a> });
  if (rows.length === 0) return null;
  return (
    <section aria-label={t("trustLabel")} className="text-sm">
      {trust.legalName ? <p className="mb-2 font-medium">{trust.legalName}</p> : null}
      {/* The values' and links' classes once, on the list: every page carries this twice (HTML and flight data). */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground [&_a]:underline-offset-4 [&_a]:hover:underline [&_dd]:tabular-nums [&_dd]:min-w-0 [&_dd]:break-words [&_dd]:text-foreground">
        {rows.flatMap((r) => [<dt key={`${r.key}:label`}>{r.label}</dt>, <dd key={r.key}>{r.value}</dd>])}
      </dl>
    </section>
  );
}
