"use client";

import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/money";
import { canJumpToStep } from "./cart-step-navigation";
import type { CartStep } from "./cart-steps";

/** The progress header of a multi-step sheet; an earlier step is only a way back to the summary. */
export function CartStepProgress({ steps, current, onJump }: { steps: readonly CartStep[]; current: number; onJump: (index: number) => void }) {
  const t = useTranslations("cart");
  const locale = useLocale();
  return (
    <nav aria-label={t("steps.label")} className="px-4 pb-3">
      <p className="sr-only">{t("steps.current", { current: formatNumber(current + 1, locale), total: formatNumber(steps.length, locale) })}</p>
      <ol className="flex items-center gap-2">
        {steps.map((step, index) => {
          const jumpable = canJumpToStep(index, current);
          const label = (
            <>
              <span className={cn("tabular inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold", index <= current ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground")}>
                {formatNumber(index + 1, locale)}
              </span>
              <span className="truncate">{t(step.labelKey)}</span>
            </>
          );
          return (
            <li key={step.id} aria-current={index === current ? "step" : undefined} className="flex min-w-0 flex-1 items-center gap-2 text-sm">
              {jumpable ? (
                <button type="button" className="flex min-w-0 items-center gap-2 rounded-md underline-offset-4 hover:underline" onClick={() => onJump(index)}>
                  {label}
                </button>
              ) : (
                <span className={cn("flex min-w-0 items-center gap-2", index === current ? "font-semibold" : "text-muted-foreground")}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
