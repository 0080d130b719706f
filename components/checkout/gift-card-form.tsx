"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useFailureMessage } from "@/lib/use-failure-message";
import { forgetGiftCardLink, linkedGiftCard } from "@/lib/gift-card-link";
import { useSetCart } from "@/components/cart/use-cart";
import { Sar } from "@/components/money/sar";
import { useSarStyle } from "@/components/money/sar-style";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutApi } from "@/lib/store-client/checkout";

/**
 * The gift card field of the payment step: a code pays what its balance allows (the platform's
 * answer says how much), any method pays the rest. A code carried from the card's page is applied
 * once on arrival. Refusals (not found, expired, empty, a gift in the cart) show beneath the field.
 */
export function GiftCardForm({ cart }: { cart: CartDto }) {
  const t = useTranslations("checkout.giftCard");
  const tv = useTranslations("validation");
  const locale = useLocale();
  const sarStyle = useSarStyle();
  const errorMessage = useFailureMessage();
  const setCart = useSetCart();
  const ids = { input: useId(), error: useId(), status: useId() };
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const card = cart.giftCard;

  const apply = useMutation({
    mutationFn: (value: string) => checkoutApi.applyGiftCard({ body: { code: value } }, { locale }),
    onSuccess: (next) => {
      setCart(next);
      setError(null);
      forgetGiftCardLink();
    },
    onError: (err) => {
      forgetGiftCardLink();
      setError(errorMessage(err));
    },
  });
  const remove = useMutation({
    mutationFn: () => checkoutApi.removeGiftCard({}, { locale }),
    onSuccess: (next) => {
      setCart(next);
      setCode("");
      setError(null);
    },
    onError: (err) => setError(errorMessage(err)),
  });

  // A code from the card's page: applied once (a ref, so a re-run of the effect cannot apply it twice).
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current || card) return;
    const linked = linkedGiftCard();
    if (!linked) return;
    taken.current = true;
    apply.mutate(linked);
  }, [card, apply]);

  const pending = apply.isPending || remove.isPending;
  const submit = () => {
    const value = code.trim();
    if (!value) {
      setError(tv("required"));
      return;
    }
    apply.mutate(value);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="grid gap-2 rounded-xl border border-border bg-card p-4"
    >
      <Label htmlFor={ids.input}>
        <Gift aria-hidden="true" className="size-4 text-primary" />
        {t("label")}
      </Label>
      <div className="flex gap-2">
        <Input
          id={ids.input}
          value={card ? card.code : code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          disabled={!!card || pending}
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          className="flex-1 text-start uppercase tabular rtl:text-end"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? ids.error : "", card ? ids.status : ""].filter(Boolean).join(" ") || undefined}
        />
        {card ? (
          <Button
            variant="outline"
            onClick={() => remove.mutate()}
            disabled={pending}
            aria-busy={remove.isPending || undefined}
          >
            {t("remove")}
          </Button>
        ) : (
          <Button type="submit" variant="secondary" disabled={pending} aria-busy={apply.isPending || undefined}>
            {t("apply")}
          </Button>
        )}
      </div>
      {card ? (
        <p id={ids.status} role="status" className="text-sm font-medium text-success">
          {t.rich("applied", {
            amount: () => <Sar amount={card.amount} locale={locale} style={sarStyle} />,
            balance: () => <Sar amount={card.balance} locale={locale} style={sarStyle} />,
          })}
        </p>
      ) : null}
      <FormMessage id={ids.error}>{error}</FormMessage>
    </form>
  );
}
