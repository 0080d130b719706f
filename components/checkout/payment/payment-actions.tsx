"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

type Props = {
  onBack: () => void;
  busy: boolean;
  disabled?: boolean;
  submitLabel: string;
  type?: "submit" | "button";
  onSubmit?: () => void;
};

/** Back and the pay button, at the end of every payment view; the pay button says when it is working. */
export function PaymentActions({ onBack, busy, disabled = false, submitLabel, type = "button", onSubmit }: Props) {
  const t = useTranslations("order.payment");
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onBack} disabled={busy}>
        {t("back")}
      </Button>
      <Button type={type} size="lg" onClick={onSubmit} disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy ? t("processing") : submitLabel}
      </Button>
    </div>
  );
}
