"use client";

import { useEffect, useId, useRef, useState } from "react";
import Link from "next/link";
import { Plus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { CouponForm } from "@/components/checkout/coupon-form";
import { PackageSection } from "@/components/checkout/package-section";
import { BackArrow, ForwardArrow } from "@/components/checkout/step-nav";
import { Button, buttonVariants } from "@/components/ui/button";
import { isBelowCartMinimum } from "@/lib/checkout/cart-minimum";
import type { CartDto } from "@/contract/dto/cart";
import { localePath } from "@/lib/site-routing";
import type { TenantConfig } from "@/contract/tenant-settings";
import { CartLine } from "./cart-line";
import { closeCartSheet } from "./cart-sheet-state";
import { everyLineFits } from "./cart-item-details";
import { hasDeposit } from "./cart-totals";
import { SellerLine } from "./seller-line";
import { CartTotalsList } from "./cart-totals-list";
import { SheetBody, SheetFooter } from "./sheet-layout";
import { useResetCart } from "./cart-mutations";
import { useCartChanging } from "./use-cart";
import { useFormatSar, useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

/** Empties the cart after an inline confirmation (a second modal over the sheet would be heavy). */
function EmptyCartButton() {
  const t = useTranslations("cart.clear");
  const reset = useResetCart();
  const [confirming, setConfirming] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // "Keep items" disappears with the question: give focus back to the button that asked it.
    if (wasConfirming.current && !confirming) actionRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (!confirming) {
    return (
      <Button
        ref={actionRef}
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        onClick={() => setConfirming(true)}
      >
        {t("action")}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={t("confirm")}
      className="flex flex-wrap items-center gap-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm"
    >
      <span className="me-auto">{t("confirm")}</span>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} autoFocus>
        {t("no")}
      </Button>
      <Button
        variant="destructive"
        size="sm"
        onClick={() => {
          setConfirming(false);
          reset.mutate();
        }}
      >
        {t("yes")}
      </Button>
    </div>
  );
}

/** The cart's lines and a way to empty it: the summary's list, and the quick checkout's order list. */
export function CartItemList({ cart }: { cart: CartDto }) {
  const t = useTranslations("cart");
  return (
    <div>
      <h3 className="sr-only">{t("item.list")}</h3>
      <ul className="divide-y divide-border">
        {cart.cartItems.map((item) => (
          <CartLine key={item.id} item={item} />
        ))}
      </ul>
      <div className="flex justify-end">
        <EmptyCartButton />
      </div>
    </div>
  );
}

/** What is due now (the deposit's amount when one applies). */
export function AmountDue({ cart }: { cart: CartDto }) {
  const sarStyle = useSarStyle();
  const t = useTranslations("cart.footer");
  const locale = useLocale();
  const partly = hasDeposit(cart) || (cart.giftCard?.amount ?? 0) > 0;
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-4">
      <p className="text-sm text-muted-foreground">{partly ? t("dueNow") : t("total")}</p>
      <p className="tabular text-lg font-bold">
        <Sar amount={partly ? cart.amountToBePaid : cart.totalAmount} locale={locale} style={sarStyle} />
      </p>
    </div>
  );
}

/** Spec §5: the minimum order, when the cart is below it (Continue is disabled meanwhile). */
export function CartMinimumNotice({
  config,
  cart,
  id,
}: {
  config: Pick<TenantConfig, "cartMinimumAmount" | "taxRate">;
  cart: CartDto;
  id?: string;
}) {
  const sar = useFormatSar();
  const t = useTranslations("checkout.summary");
  if (!isBelowCartMinimum(config, cart) || config.cartMinimumAmount === null) return null;
  return (
    <p id={id} role="status" className="rounded-lg bg-accent-soft px-3 py-2 text-sm font-medium text-accent-foreground">
      {t("minimumAmount", { amount: sar(config.cartMinimumAmount) })}
    </p>
  );
}

/** Lines that no longer fit what is left (sold out, fewer left, a time taken): checkout waits until they are changed. */
export function CartFitNotice({ cart, id }: { cart: CartDto; id?: string }) {
  const t = useTranslations("checkout.summary");
  if (everyLineFits(cart.cartItems)) return null;
  return (
    <p id={id} role="status" className="rounded-lg bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
      {t("linesDontFit")}
    </p>
  );
}

/** Why checkout can't go on now (below the minimum, lines that don't fit), as ids for the button's description. */
export function checkoutBlocks(
  config: Pick<TenantConfig, "cartMinimumAmount" | "taxRate">,
  cart: CartDto,
  ids: { minimum: string; fit: string },
) {
  const reasons = [
    isBelowCartMinimum(config, cart) ? ids.minimum : null,
    everyLineFits(cart.cartItems) ? null : ids.fit,
  ].filter((r) => r !== null);
  return { blocked: reasons.length > 0, describedBy: reasons.length > 0 ? reasons.join(" ") : undefined };
}

// Two buttons side by side on a 360 px phone: long labels wrap instead of pushing out of the sheet.
const WRAPPING = "h-auto min-h-12 min-w-0 py-2 leading-tight whitespace-normal";

type SummaryProps = {
  cart: CartDto;
  config: TenantConfig;
  signedIn: boolean;
  onContinue: () => void;
  onCouponNeedsSignIn: (code: string) => void;
  pendingCoupon: string | null;
  onPendingCouponTaken: () => void;
};

/**
 * The Cart stage's summary (spec §2): items, the customer's packages, the coupon, the amounts, and
 * Continue, with a way back to the store (add another product, or Back when one cart is all a
 * shopper may have).
 */
export function SummaryStep({
  cart,
  config,
  signedIn,
  onContinue,
  onCouponNeedsSignIn,
  pendingCoupon,
  onPendingCouponTaken,
}: SummaryProps) {
  const t = useTranslations("checkout.summary");
  const locale = useLocale();
  const updating = useCartChanging();
  const minimumId = useId();
  const fitId = useId();
  const blocks = checkoutBlocks(config, cart, { minimum: minimumId, fit: fitId });
  return (
    <>
      <SheetBody>
        <div className="space-y-4 pb-4">
          <CartItemList cart={cart} />
          <PackageSection cart={cart} />
          <CouponForm
            cart={cart}
            signedIn={signedIn}
            onNeedSignIn={onCouponNeedsSignIn}
            pendingCode={pendingCoupon}
            onPendingTaken={onPendingCouponTaken}
          />
          <CartTotalsList cart={cart} updating={updating} />
          <SellerLine trust={config.trust} />
        </div>
      </SheetBody>
      <SheetFooter className="grid gap-3">
        <CartMinimumNotice config={config} cart={cart} id={minimumId} />
        <CartFitNotice cart={cart} id={fitId} />
        <AmountDue cart={cart} />
        <div className="grid grid-cols-2 gap-2">
          {config.disableMultiCart ? (
            <Button variant="outline" size="lg" className={WRAPPING} onClick={closeCartSheet}>
              <BackArrow />
              {t("back")}
            </Button>
          ) : (
            <Link
              prefetch={false}
              href={localePath(locale, "/products")}
              onClick={closeCartSheet}
              className={buttonVariants({ variant: "outline", size: "lg", className: WRAPPING })}
            >
              <Plus aria-hidden="true" />
              {t("addProduct")}
            </Link>
          )}
          <Button
            size="lg"
            className={WRAPPING}
            disabled={blocks.blocked || updating}
            aria-describedby={blocks.describedBy}
            onClick={onContinue}
          >
            {t("continue")}
            <ForwardArrow />
          </Button>
        </div>
      </SheetFooter>
    </>
  );
}
