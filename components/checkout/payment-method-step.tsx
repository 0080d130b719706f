"use client";

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
import type { TenantConfig } from "@/contract/tenant-settings";
import { useTabbyEligibility } from "./payment/tabby-eligibility";
import { StepHeading } from "./step-heading";
import { StepNav } from "./step-nav";
import { useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

const ICONS: Record<CheckoutMethodId, LucideIcon> = {
  CARD: CreditCard,
  APPLE_PAY: Smartphone,
  TABBY: CalendarClock,
  TAMARA: CalendarClock,
  CASH: Banknote,
  BANK_TRANSFER: Landmark,
};

/** The methods for this cart on this device (Apple Pay only where the browser can pay with it). */
export function usePaymentMethods(config: TenantConfig, cart: CartDto): PaymentMethods {
  const [applePaySupported] = useState(deviceSupportsApplePay);
  return useMemo(() => paymentMethods({ config, cart, applePaySupported }), [config, cart, applePaySupported]);
}

/** Tabby's answer while the methods show: still asking, or refused with Tabby's own words. */
/** Tabby's eligibility on its card: being checked, refused (Tabby's message), or the check itself failed. */
export type TabbyNote = { checking: boolean; refusal: string | null; checkFailed: boolean } | null;

export type MethodChoiceState = {
  methods: PaymentMethods;
  tabby: TabbyNote;
  chosen: CheckoutMethodId | null;
  pick: (id: CheckoutMethodId) => void;
};

/**
 * The method the shopper has chosen among those they can use: the one they picked while it is
 * still offered and usable, else the first usable one (spec §4). Tabby is asked at once whether it
 * would take this cart, so a refusal shows on its card and it can't be picked (spec §8).
 */
export function useMethodChoice(
  config: TenantConfig,
  cart: CartDto,
  initial: CheckoutMethodId | null,
): MethodChoiceState {
  const methods = usePaymentMethods(config, cart);
  const offersTabby = methods.methods.some((m) => m.id === "TABBY");
  const eligibility = useTabbyEligibility(cart, offersTabby);
  const [picked, pick] = useState(initial);
  const tabbyRefused = offersTabby && eligibility.data?.eligible === false;
  const usable = (id: CheckoutMethodId) =>
    methods.methods.some((m) => m.id === id) && !(id === "TABBY" && tabbyRefused);
  const chosen = picked && usable(picked) ? picked : (methods.methods.find((m) => usable(m.id))?.id ?? null);
  const tabby = offersTabby
    ? {
        checking: eligibility.isPending,
        refusal: tabbyRefused ? (eligibility.data?.message ?? "") : null,
        checkFailed: eligibility.isError,
      }
    : null;
  return { methods, tabby, chosen, pick };
}

/** The methods as radio cards, with the amount the chosen one charges (spec §9: Tabby and Tamara the full total). */
export function MethodChoice({
  choice: { methods, tabby, chosen: value, pick: onChange },
  legend,
}: {
  choice: MethodChoiceState;
  legend: string;
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
      <RadioGroup legend={legend} className="grid gap-2">
        {methods.methods.map((m) => {
          const Icon = ICONS[m.id];
          const note = m.id === "TABBY" ? tabby : null;
          const noteId = `payment-method-${m.id}-note`;
          const refused = note?.refusal != null;
          const provider = tPayLater("provider.tabby");
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
                  // Spec §8: the check itself failed (TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR); Tabby's step offers to ask again.
                  <span id={noteId} className="text-xs font-medium text-destructive">
                    {tErrors("TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR")}
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
          <MethodChoice choice={choice} legend={t("legend")} />
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
