"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { LoaderCircle, Minus, Plus, ShoppingBag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { cn } from "@/lib/cn";
import { publishPromoAmount } from "@/components/product/promo-amount";
import { parseDigits } from "@/lib/digits";
import { formatNumber, withTax } from "@/lib/money";
import type { PriceDto } from "@/contract/dto/catalog";
import { useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

/** What every purchase widget receives from the product page (server-rendered, serializable). */
export type WidgetProps = {
  productId: string;
  prices: PriceDto[];
  locale: string;
  taxRate: number;
};

/** The price options as cards; nothing to choose (and nothing shown) when there is one price. */
export function PriceChoice({
  prices,
  value,
  onChange,
  locale,
  taxRate,
  unit,
}: {
  prices: PriceDto[];
  value: string;
  onChange: (id: string) => void;
  locale: string;
  taxRate: number;
  unit?: string;
}) {
  const sarStyle = useSarStyle();
  const t = useTranslations("product.widget");
  const name = useId();
  if (prices.length < 2) return null;
  return (
    <RadioGroup legend={t("option")}>
      <div className="grid gap-2">
        {prices.map((p) => (
          <RadioCard
            key={p.id}
            name={name}
            value={p.id}
            checked={value === p.id}
            onChange={() => onChange(p.id)}
            className="justify-between"
          >
            <span className="font-medium">{p.name}</span>
            <span className="tabular text-muted-foreground">
              <Sar amount={withTax(p.amount, taxRate)} locale={locale} style={sarStyle} />
              {unit ? <span className="text-xs"> {unit}</span> : null}
            </span>
          </RadioCard>
        ))}
      </div>
    </RadioGroup>
  );
}

/**
 * − [n] + with a typeable number (in the page's digits). `max` stops the buttons only: a typed number above it is kept,
 * so that the platform's own refusal (with its translated reason) is what the shopper sees.
 */
export function QuantityStepper({
  label,
  value,
  onChange,
  min = 1,
  max,
  locale,
  hint,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  min?: number;
  max?: number;
  locale: string;
  hint?: ReactNode;
}) {
  const t = useTranslations("product.widget");
  const id = useId();
  const hintId = `${id}-hint`;
  // A number typed over the limit (the stock, the seats) is brought down to it, and said so.
  const [clampedTo, setClampedTo] = useState<number | null>(null);
  const type = (typed: number) => {
    const over = max !== undefined && typed > max;
    setClampedTo(over ? max : null);
    onChange(over ? max : typed);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      {/* The number field has no outline of its own: the pill shows its focus, with the solid
          outline its − and + buttons show (a faint ring on a pill this small is hard to see). */}
      <div className="inline-flex items-center rounded-full border border-input bg-card p-1 transition-[border-color] has-[input:focus-visible]:border-primary has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring">
        <Button
          variant="ghost"
          size="icon-sm"
          className="rounded-full"
          aria-label={t("decrease")}
          disabled={value <= min}
          onClick={() => type(Math.max(min, value - 1))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value > 0 ? formatNumber(value, locale) : ""}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => type(parseDigits(e.target.value))}
          className="tabular w-12 bg-transparent text-center text-base font-semibold focus-visible:outline-none"
        />
        <Button
          variant="ghost"
          size="icon-sm"
          className="rounded-full"
          aria-label={t("increase")}
          disabled={max !== undefined && value >= max}
          onClick={() => type(Math.max(min, value + 1))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {formatNumber(value, locale)}
      </span>
      {clampedTo !== null ? (
        <p role="status" className="basis-full text-sm text-accent-foreground">
          {t("clamped", { n: formatNumber(clampedTo, locale), count: clampedTo })}
        </p>
      ) : null}
    </div>
  );
}

/** The total (VAT included when the tenant charges it), an optional note, and the add button. */
export function PurchaseFooter({
  total,
  locale,
  taxRate,
  note,
  disabled,
  pending,
  onAdd,
  label,
}: {
  total: number | null;
  locale: string;
  taxRate: number;
  note?: ReactNode;
  disabled?: boolean;
  pending: boolean;
  onAdd: () => void;
  label?: string;
}) {
  const t = useTranslations("product");
  const sarStyle = useSarStyle();
  // The promo widgets under the price follow this total (quantity, people, nights, price).
  useEffect(() => publishPromoAmount(total), [total]);
  return (
    <div className="mt-1 border-t border-border pt-4">
      <div className="mb-3 flex items-end justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{t("widget.total")}</p>
          {taxRate > 1 ? <p className="text-xs text-muted-foreground">{t("price.vatIncluded")}</p> : null}
        </div>
        <p className={cn("tabular text-xl font-bold", total === null && "text-muted-foreground")} aria-live="polite">
          {total === null ? "—" : <Sar amount={total} locale={locale} style={sarStyle} />}
        </p>
      </div>
      {note ? <div className="mb-3 text-sm text-muted-foreground">{note}</div> : null}
      {/* While adding, the button is aria-disabled rather than disabled: a disabled button drops the
          keyboard focus, and the cart sheet that opens next could not give it back here on close. */}
      <Button
        size="lg"
        className="w-full"
        disabled={disabled}
        aria-disabled={pending || undefined}
        aria-busy={pending}
        onClick={pending ? undefined : onAdd}
      >
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShoppingBag aria-hidden="true" />}
        {pending ? t("widget.adding") : (label ?? t("widget.addToCart"))}
      </Button>
    </div>
  );
}

/** The line total the platform will compute: unit price × quantity × units, plus VAT. */
export function lineTotal(
  price: PriceDto | undefined,
  quantity: number,
  units: number,
  taxRate: number,
): number | null {
  if (!price || !(quantity > 0) || !(units > 0)) return null;
  return withTax(Math.round(price.amount * 100 * quantity * units) / 100, taxRate);
}
