"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

/** The sheet's scrolling middle: each step renders its body here and its actions in SheetFooter. */
export function SheetBody({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-border px-4", className)}>
      {children}
    </div>
  );
}

/** The sheet's fixed bottom bar (safe-area aware on phones). */
export function SheetFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <footer
      className={cn(
        "border-t border-border bg-card px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]",
        className,
      )}
    >
      {children}
    </footer>
  );
}

/** A body still waiting for what it shows (the cart, the store's settings, a step's code). */
export function SheetLoading() {
  const t = useTranslations("cart.sheet");
  return (
    <SheetBody>
      <div role="status" className="space-y-4 py-4">
        <span className="sr-only">{t("loading")}</span>
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-16 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    </SheetBody>
  );
}
