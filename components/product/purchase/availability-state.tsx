"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { codeMessageKey } from "@/lib/error-key";

type State = { isLoading: boolean; errorCode?: string; retry: () => void };

/** Loading placeholders, the translated failure with a retry, the empty text, or the content. */
export function AvailabilityState({
  state,
  isEmpty,
  emptyText,
  children,
}: {
  state: State;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const t = useTranslations();
  if (state.isLoading) {
    return (
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" role="status" aria-label={t("product.widget.loading")}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-14 rounded-lg" />
        ))}
      </div>
    );
  }
  if (state.errorCode) {
    const key = `errors.${codeMessageKey(state.errorCode)}`;
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-destructive-soft px-3.5 py-3 text-sm text-destructive"
      >
        <span>{t.has(key) ? t(key) : t("product.widget.availabilityError")}</span>
        <Button variant="outline" size="sm" onClick={state.retry}>
          <RotateCw aria-hidden="true" />
          {t("product.widget.retry")}
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className="rounded-lg bg-muted px-3.5 py-3 text-sm text-muted-foreground">{emptyText}</p>;
  return <>{children}</>;
}
