"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { TicketPercent } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useFailureMessage } from "@/lib/use-failure-message";
import { useSetCart } from "@/components/cart/use-cart";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutApi } from "@/lib/store-client/checkout";
import { isSessionLost, useMarkSignedOut } from "./use-checkout-session";

type Props = {
  cart: CartDto;
  signedIn: boolean;
  /** Applying needs a signed-in customer (spec §6): sign in first, then this code is applied. */
  onNeedSignIn: (code: string) => void;
  /** A code typed before signing in, applied as soon as the customer is signed in. */
  pendingCode: string | null;
  onPendingTaken: () => void;
};

/**
 * The coupon field (spec §4, §8): apply a code, remove it; the field is disabled while a coupon is
 * applied or a call is on its way; a refusal is the platform's reason in red beneath the field.
 */
export function CouponForm({ cart, signedIn, onNeedSignIn, pendingCode, onPendingTaken }: Props) {
  const t = useTranslations("checkout.coupon");
  const tv = useTranslations("validation");
  const locale = useLocale();
  const errorMessage = useFailureMessage();
  const setCart = useSetCart();
  const markSignedOut = useMarkSignedOut();
  const ids = { input: useId(), error: useId(), status: useId() };
  const [code, setCode] = useState(pendingCode ?? "");
  const [error, setError] = useState<string | null>(null);

  const apply = useMutation({
    mutationFn: (couponCode: string) => checkoutApi.applyCoupon({ body: { couponCode } }, { locale }),
    onSuccess: (next) => {
      setCart(next);
      setError(null);
    },
    onError: (err, couponCode) => {
      if (isSessionLost(err)) {
        markSignedOut();
        onNeedSignIn(couponCode);
        return;
      }
      setError(errorMessage(err));
    },
  });
  const remove = useMutation({
    mutationFn: () => checkoutApi.removeCoupon({}, { locale }),
    onSuccess: (next) => {
      setCart(next);
      setCode("");
      setError(null);
    },
    onError: (err) => setError(errorMessage(err)),
  });

  // Back from signing in with a code waiting: apply it once (a ref, so a re-run of the effect cannot apply it twice).
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingCode || !signedIn || taken.current === pendingCode) return;
    taken.current = pendingCode;
    onPendingTaken();
    apply.mutate(pendingCode);
  }, [pendingCode, signedIn, onPendingTaken, apply]);

  const applied = cart.couponCode !== null;
  const pending = apply.isPending || remove.isPending;

  const submit = () => {
    const value = code.trim();
    if (!value) {
      setError(tv("required"));
      return;
    }
    setError(null);
    if (!signedIn) onNeedSignIn(value);
    else apply.mutate(value);
  };

  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="grid gap-2"
      >
        <Label htmlFor={ids.input}>
          <TicketPercent aria-hidden="true" className="size-4 text-primary" />
          {t("label")}
        </Label>
        <div className="flex gap-2">
          <Input
            id={ids.input}
            value={applied ? (cart.couponCode ?? "") : code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            disabled={applied || pending}
            placeholder={t("placeholder")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            className="flex-1 text-start uppercase tabular rtl:text-end"
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [error ? ids.error : "", applied ? ids.status : ""].filter(Boolean).join(" ") || undefined
            }
          />
          {applied ? (
            <Button
              variant="outline"
              onClick={() => remove.mutate()}
              disabled={pending}
              aria-busy={remove.isPending || undefined}
            >
              {remove.isPending ? t("removing") : t("remove")}
            </Button>
          ) : (
            <Button type="submit" variant="secondary" disabled={pending} aria-busy={apply.isPending || undefined}>
              {apply.isPending ? t("applying") : t("apply")}
            </Button>
          )}
        </div>
        {applied ? (
          <p id={ids.status} role="status" className="text-sm font-medium text-success">
            {t("applied", { code: cart.couponCode ?? "" })}
          </p>
        ) : null}
        <FormMessage id={ids.error}>{error}</FormMessage>
        {!signedIn && !applied ? <p className="text-xs text-muted-foreground">{t("signInNote")}</p> : null}
      </form>
    </div>
  );
}
