"use client";

import { Minus, Plus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/money";

/**
 * − quantity + for a merchandise line. The stock limit is the platform's to enforce: a refused
 * increase comes back as a translated toast and the number rolls back.
 */
export function QuantityStepper({ name, quantity, onChange }: { name: string; quantity: number; onChange: (quantity: number) => void }) {
  const t = useTranslations("cart.item");
  const locale = useLocale();
  return (
    <div role="group" aria-label={t("quantityOf", { name })} className="inline-flex items-center rounded-lg border border-input bg-card">
      <Button variant="ghost" size="icon-sm" aria-label={t("decrease", { name })} disabled={quantity <= 1} onClick={() => onChange(quantity - 1)}>
        <Minus aria-hidden="true" />
      </Button>
      <output aria-live="polite" className="tabular min-w-8 text-center text-sm font-semibold">
        {formatNumber(quantity, locale)}
      </output>
      <Button variant="ghost" size="icon-sm" aria-label={t("increase", { name })} onClick={() => onChange(quantity + 1)}>
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
