"use client";

import { Check } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/money";
import { CHECKOUT_STAGES, canJumpToStage, stageIndex, type CheckoutStep } from "./checkout-steps";

/** The progress header: Cart, Customer info, Payment. An earlier stage is only a way back to the summary. */
export function CheckoutProgress({ step, onBackToSummary }: { step: CheckoutStep; onBackToSummary: () => void }) {
  const t = useTranslations("checkout.steps");
  const locale = useLocale();
  const current = stageIndex(step);
  return (
    <nav aria-label={t("label")} className="px-4 pb-3">
      <p className="sr-only">
        {t("current", {
          current: formatNumber(current + 1, locale),
          total: formatNumber(CHECKOUT_STAGES.length, locale),
        })}
      </p>
      <ol className="flex items-center gap-2">
        {CHECKOUT_STAGES.map((stage, index) => {
          const done = index < current;
          const label = (
            <>
              <span
                className={cn(
                  "tabular inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                  index <= current ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
                )}
              >
                {done ? <Check aria-hidden="true" className="size-3.5" /> : formatNumber(index + 1, locale)}
              </span>
              <span className="truncate">{t(stage.labelKey)}</span>
            </>
          );
          return (
            <li
              key={stage.id}
              aria-current={index === current ? "step" : undefined}
              className="flex min-w-0 flex-1 items-center gap-2 text-sm"
            >
              {canJumpToStage(index, step) ? (
                <button
                  type="button"
                  onClick={onBackToSummary}
                  className="flex min-w-0 items-center gap-2 rounded-md underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {label}
                </button>
              ) : (
                <span
                  className={cn(
                    "flex min-w-0 items-center gap-2",
                    index === current ? "font-semibold" : "text-muted-foreground",
                  )}
                >
                  {label}
                </span>
              )}
              {index < CHECKOUT_STAGES.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn("hidden h-px min-w-3 flex-1 sm:block", done ? "bg-primary" : "bg-border")}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
