"use client";

import { Minus, Plus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/money";

const LABELS = {
  quantity: { group: "quantityOf", increase: "increase", decrease: "decrease" },
  seats: { group: "seatsOf", increase: "increaseSeats", decrease: "decreaseSeats" },
} as const;

/**
 * − quantity + for a cart line: merchandise units, or the people of a slot booking. `max` is what
 * is left now (stock, free seats); the platform enforces it again, and a refused change comes back
 * as a translated toast with the number rolled back.
 */
export function QuantityStepper({
  name,
  quantity,
  onChange,
  max = null,
  kind = "quantity",
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  max?: number | null;
  kind?: keyof typeof LABELS;
}) {
  const t = useTranslations("cart.item");
  const locale = useLocale();
  const labels = LABELS[kind];
  return (
    <div
      role="group"
      aria-label={t(labels.group, { name })}
      className="inline-flex items-center rounded-lg border border-input bg-card"
    >
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t(labels.decrease, { name })}
        disabled={quantity <= 1}
        onClick={() => onChange(max !== null && quantity > max ? Math.max(1, max) : quantity - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output aria-live="polite" className="tabular min-w-8 text-center text-sm font-semibold">
        {formatNumber(quantity, locale)}
      </output>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t(labels.increase, { name })}
        disabled={max !== null && quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
