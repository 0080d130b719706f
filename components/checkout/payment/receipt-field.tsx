"use client";

import { useRef } from "react";
import { FileUp, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { fileSize, RECEIPT_ACCEPT } from "@/lib/checkout/bank-transfer";
import { formatNumber } from "@/lib/money";

type Props = {
  inputRef: (el: HTMLInputElement | null) => void;
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  disabled: boolean;
};

/** One receipt, image or PDF: a native file input under a large target, the chosen file's name and size, and a way to remove it. */
export function ReceiptField({ inputRef, id, value, onChange, error, disabled }: Props) {
  const t = useTranslations("order.bankTransfer");
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const size = value ? fileSize(value.size) : null;
  const clear = () => {
    if (input.current) input.current.value = "";
    onChange(null);
    input.current?.focus();
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required>
        {t("receipt")}
      </Label>
      <div
        className={cn(
          "relative flex items-center gap-3 rounded-lg border border-dashed border-input bg-card px-3.5 py-3 transition-colors hover:border-primary/50",
          "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
          error && "border-destructive",
        )}
      >
        <FileUp aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1 text-sm">
          {value ? (
            <>
              <p className="truncate font-medium">
                <bdi>{value.name}</bdi>
              </p>
              <p className="text-xs text-muted-foreground">
                {size ? t(`size.${size.unit}`, { size: formatNumber(size.amount, locale) }) : null}
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">{t("chooseReceipt")}</p>
          )}
        </div>
        <input
          ref={(el) => {
            input.current = el;
            // react-hook-form focuses the field it marks (a receipt the platform refused).
            inputRef(el);
          }}
          id={id}
          type="file"
          accept={RECEIPT_ACCEPT}
          disabled={disabled}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        {value ? (
          <Button
            variant="ghost"
            size="icon-sm"
            className="relative z-10"
            aria-label={t("removeReceipt")}
            onClick={clear}
            disabled={disabled}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("receiptHint")}
      </p>
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
