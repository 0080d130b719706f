"use client";

import { useTranslations } from "next-intl";
import type { TenantConfig } from "@/contract/tenant-settings";

/** The checkout's word on who sells: the seller's name with its VAT and CR numbers (when set). */
export function SellerLine({ trust }: { trust: TenantConfig["trust"] }) {
  const t = useTranslations("common.footer");
  const parts = [
    trust.vatNumber ? { label: t("vatNumber"), value: trust.vatNumber } : null,
    trust.crNumber ? { label: t("crNumber"), value: trust.crNumber } : null,
  ].filter((p) => p !== null);
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {trust.legalName ? <span className="font-medium text-foreground">{trust.legalName} · </span> : null}
      {parts.map((p, i) => (
        <span key={p.label}>
          {i > 0 ? " · " : null}
          {p.label}{" "}
          <bdi dir="ltr" className="tabular">
            {p.value}
          </bdi>
        </span>
      ))}
    </p>
  );
}
