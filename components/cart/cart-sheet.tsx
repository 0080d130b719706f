"use client";

import { useState } from "react";
import { X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Drawer } from "vaul";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/money";
import { CartEmpty } from "./cart-empty";
import { nextStepIndex, previousStepIndex, showsProgress } from "./cart-step-navigation";
import { CartStepProgress } from "./cart-step-progress";
import { CART_STEPS, type CartStepProps } from "./cart-steps";
import { cartItemCount } from "./cart-totals";
import { closeCartSheet, restoreFocusAfterSheet, setCartSheetOpen, useCartSheetOpen } from "./cart-sheet-state";
import { useCart } from "./use-cart";

function LoadingBody() {
  const t = useTranslations("cart.sheet");
  return (
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
  );
}

function ErrorBody({ retry }: { retry: () => void }) {
  const t = useTranslations("cart.sheet");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <p className="max-w-sm text-sm text-muted-foreground">{t("loadError")}</p>
      <Button variant="outline" onClick={retry}>
        {t("retry")}
      </Button>
    </div>
  );
}

/**
 * The cart as a bottom sheet (spec §2: 95% of the screen's height; a centred column on wide
 * screens). It is the summary step that the checkout grows into: each step brings a body and a
 * footer, and the progress header appears once there is more than one step.
 */
export function CartSheet() {
  const t = useTranslations("cart.sheet");
  const locale = useLocale();
  const open = useCartSheetOpen();
  const { data: cart, isPending, isError, refetch } = useCart();
  const [stepIndex, setStepIndex] = useState(0);
  const step = CART_STEPS[stepIndex];
  const count = cartItemCount(cart);
  const hasItems = !!cart && cart.cartItems.length > 0;

  const stepProps: CartStepProps | null = cart
    ? {
        cart,
        close: closeCartSheet,
        next: () => setStepIndex((i) => nextStepIndex(i, CART_STEPS.length)),
        back: () => setStepIndex((i) => previousStepIndex(i)),
        goToSummary: () => setStepIndex(0),
      }
    : null;

  let body;
  if (isPending) body = <LoadingBody />;
  else if (isError && !cart) body = <ErrorBody retry={() => void refetch()} />;
  else if (!stepProps || !hasItems) body = <CartEmpty />;
  else body = <step.Body {...stepProps} />;

  return (
    <Drawer.Root
      open={open}
      // vaul leaves focus on the trigger by default, and then nothing is trapped: move it in.
      autoFocus
      onOpenChange={(next) => {
        setCartSheetOpen(next);
        // A reopened sheet starts from the summary.
        if (!next) setStepIndex(0);
      }}
    >
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <Drawer.Content
          // The sheet has no Radix trigger, so Radix would drop focus on close; return it ourselves.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocusAfterSheet();
          }}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex h-[95dvh] max-w-2xl flex-col rounded-t-2xl bg-background shadow-lift outline-none">
          <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-12 shrink-0 rounded-full bg-border" />
          <header className="flex items-center gap-3 px-4 pt-2 pb-3">
            <div className="min-w-0 flex-1">
              <Drawer.Title className="text-lg font-bold">{t("title")}</Drawer.Title>
              <Drawer.Description className={count > 0 ? "text-sm text-muted-foreground" : "sr-only"}>
                {count > 0 ? t("itemCount", { count, formatted: formatNumber(count, locale) }) : t("description")}
              </Drawer.Description>
            </div>
            <Drawer.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("close")}>
                <X aria-hidden="true" />
              </Button>
            </Drawer.Close>
          </header>
          {hasItems && showsProgress(CART_STEPS.length) && <CartStepProgress steps={CART_STEPS} current={stepIndex} onJump={setStepIndex} />}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-border px-4">{body}</div>
          {hasItems && stepProps && (
            <footer className="border-t border-border bg-card px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <step.Footer {...stepProps} />
            </footer>
          )}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
