"use client";

import { GiftCardForm } from "./gift-card-form";
import { payingCart } from "@/components/cart/cart-totals";
import { useMemo, useState } from "react";
import { Banknote, CalendarClock, CreditCard, Landmark, Loader2, Smartphone, type LucideIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { SheetBody } from "@/components/cart/sheet-layout";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import {
  deviceSupportsApplePay,
  paymentMethods,
  type CheckoutMethodId,
  type PaymentMethods,
} from "@/lib/checkout/payment-methods";
import type { CartDto } from "@/contract/dto/cart";
import type { PaymentMethod, TenantConfig } from "@/contract/tenant-settings";
import { usePayLaterPrechecks, type PrecheckNote } from "./payment/pay-later-precheck";
import { StepHeading } from "./step-heading";
import { StepNav } from "./step-nav";
import { useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

const ICONS: Record<string, LucideIcon> = {
  CARD: CreditCard,
  APPLE_PAY: Smartphone,
  CASH: Banknote,
  BANK_TRANSFER: Landmark,
};
/** Every pay-later method is shown as paying over time. */
const iconOf = (id: CheckoutMethodId): LucideIcon => ICONS[id] ?? CalendarClock;

/** The methods for this cart on this device (Apple Pay only where the browser can pay with it). */
export function usePaymentMethods(config: TenantConfig, cart: CartDto): PaymentMethods {
  const [applePaySupported] = useState(deviceSupportsApplePay);
  return useMemo(
    () => paymentMethods({ config, cart: payingCart(cart), applePaySupported }),
    [config, cart, applePaySupported],
  );
}

export type MethodChoiceState = {
  methods: PaymentMethods;
  /** The prechecks of the offered pay-later methods whose provider is asked first, by method. */
  notes: Partial<Record<PaymentMethod, PrecheckNote>>;
  chosen: CheckoutMethodId | null;
  pick: (id: CheckoutMethodId) => void;
};

/**
 * The method the shopper has chosen among those they can use: the one they picked while it is
 * still offered and usable, else the first usable one (spec §4). A pay-later provider that is asked
 * first is asked at once whether it would take this cart, so a refusal shows on its card and it
 * can't be picked (spec §8).
 */
export function useMethodChoice(
  config: TenantConfig,
  cart: CartDto,
  initial: CheckoutMethodId | null,
): MethodChoiceState {
  const methods = usePaymentMethods(config, cart);
  const offered = (id: string) => methods.methods.some((m) => m.id === id);
  const { notes } = usePayLaterPrechecks(cart, config.enabledPaymentMethods);
  const [picked, pick] = useState(initial);
  const usable = (id: CheckoutMethodId) => offered(id) && notes[id as PaymentMethod]?.refusal == null;
  const chosen = picked && usable(picked) ? picked : (methods.methods.find((m) => usable(m.id))?.id ?? null);
  return { methods, notes, chosen, pick };
}

/** The methods as radio cards, with the amount the chosen one charges (spec §9: the pay-later methods the full total). */
export function MethodChoice({
  choice: { methods, notes, chosen: value, pick: onChange },
  legend,
  cart,
}: {
  choice: MethodChoiceState;
  legend: string;
  /** The cart a gift card may pay part of (the field above the methods). */
  cart: CartDto;
}) {
  const t = useTranslations("checkout.methods");
  const tRoot = useTranslations("checkout");
  const tErrors = useTranslations("errors");
  const tPayLater = useTranslations("order.payLater");
  const locale = useLocale();
  const sarStyle = useSarStyle();
  if (methods.methods.length === 0) {
    return (
      <p role="alert" className="rounded-xl bg-destructive-soft p-4 text-sm font-medium text-destructive">
        {t("none")}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <GiftCardForm cart={cart} />
      <RadioGroup legend={legend} className="grid gap-2">
        {methods.methods.map((m) => {
          const Icon = iconOf(m.id);
          const note = notes[m.id as PaymentMethod] ?? null;
          const noteId = `payment-method-${m.id}-note`;
          const refused = note?.refusal != null;
          const provider = note ? tPayLater(`provider.${note.provider}`) : "";
          return (
            <RadioCard
              key={m.id}
              name="payment-method"
              value={m.id}
              checked={value === m.id}
              disabled={refused}
              aria-describedby={note ? noteId : undefined}
              onChange={() => onChange(m.id)}
              className="min-h-14"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="grid flex-1 gap-0.5">
                <span className="font-medium">{tRoot(m.labelKey)}</span>
                {note?.checking ? (
                  <span id={noteId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <Loader2 aria-hidden="true" className="size-3 animate-spin" />
                    {tPayLater("checking", { provider })}
                  </span>
                ) : refused ? (
                  <span id={noteId} className="text-xs font-medium text-destructive">
                    {note.refusal || tPayLater("notEligible", { provider })}
                  </span>
                ) : note?.checkFailed ? (
                  // Spec §8: the check itself failed; the method's own step offers to ask again.
                  <span id={noteId} className="text-xs font-medium text-destructive">
                    {tErrors(note.failureCode)}
                  </span>
                ) : null}
              </span>
            </RadioCard>
          );
        })}
      </RadioGroup>
      {value ? (
        <div className="flex items-baseline justify-between gap-4 rounded-xl bg-card p-4 shadow-soft">
          <span className="text-sm text-muted-foreground">{t("amountToPay")}</span>
          <span className="tabular text-lg font-bold">
            <Sar amount={methods.amountToPay(value)} locale={locale} style={sarStyle} />
          </span>
        </div>
      ) : null}
    </div>
  );
}

type Props = {
  cart: CartDto;
  config: TenantConfig;
  chosen: CheckoutMethodId | null;
  onBack: () => void;
  onContinue: (method: CheckoutMethodId) => void;
};

/** Payment stage, first step: choose how to pay (spec §4: the first enabled method is preselected). */
export function PaymentMethodStep({ cart, config, chosen, onBack, onContinue }: Props) {
  const t = useTranslations("checkout.methods");
  const choice = useMethodChoice(config, cart, chosen);
  const method = choice.chosen;
  return (
    <>
      <SheetBody>
        <div className="grid gap-4 py-5">
          <StepHeading>{t("title")}</StepHeading>
          <MethodChoice choice={choice} legend={t("legend")} cart={cart} />
        </div>
      </SheetBody>
      <StepNav
        backLabel={t("back")}
        onBack={onBack}
        forwardLabel={t("continue")}
        forward={{ disabled: !method, onClick: () => method && onContinue(method) }}
      />
    </>
  );
}
