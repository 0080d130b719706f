"use client";

import { useMemo, useState } from "react";
import { Banknote, CalendarClock, CreditCard, Landmark, Smartphone, type LucideIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { SheetBody } from "@/components/cart/sheet-layout";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { deviceSupportsApplePay, paymentMethods, type CheckoutMethodId, type PaymentMethods } from "@/lib/checkout/payment-methods";
import { formatSar } from "@/lib/money";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantConfig } from "@/contract/tenant-settings";
import { StepHeading } from "./step-heading";
import { StepNav } from "./step-nav";

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

/** The methods as radio cards, with the amount the chosen one charges (spec §9: Tabby and Tamara the full total). */
export function MethodChoice({ methods, value, onChange, legend }: { methods: PaymentMethods; value: CheckoutMethodId | null; onChange: (id: CheckoutMethodId) => void; legend: string }) {
  const t = useTranslations("checkout.methods");
  const tRoot = useTranslations("checkout");
  const locale = useLocale();
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
          return (
            <RadioCard key={m.id} name="payment-method" value={m.id} checked={value === m.id} onChange={() => onChange(m.id)} className="min-h-14">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="flex-1 font-medium">{tRoot(m.labelKey)}</span>
            </RadioCard>
          );
        })}
      </RadioGroup>
      {value ? (
        <div className="flex items-baseline justify-between gap-4 rounded-xl bg-card p-4 shadow-soft">
          <span className="text-sm text-muted-foreground">{t("amountToPay")}</span>
          <span className="tabular text-lg font-bold">{formatSar(methods.amountToPay(value), locale)}</span>
        </div>
      ) : null}
    </div>
  );
}

type Props = { cart: CartDto; config: TenantConfig; chosen: CheckoutMethodId | null; onBack: () => void; onContinue: (method: CheckoutMethodId) => void };

/** Payment stage, first step: choose how to pay (spec §4: the first enabled method is preselected). */
export function PaymentMethodStep({ cart, config, chosen, onBack, onContinue }: Props) {
  const t = useTranslations("checkout.methods");
  const methods = usePaymentMethods(config, cart);
  const [method, setMethod] = useState<CheckoutMethodId | null>(chosen && methods.methods.some((m) => m.id === chosen) ? chosen : methods.defaultMethod);
  return (
    <>
      <SheetBody>
        <div className="grid gap-4 py-5">
          <StepHeading>{t("title")}</StepHeading>
          <MethodChoice methods={methods} value={method} onChange={setMethod} legend={t("legend")} />
        </div>
      </SheetBody>
      <StepNav backLabel={t("back")} onBack={onBack} forwardLabel={t("continue")} forward={{ disabled: !method, onClick: () => method && onContinue(method) }} />
    </>
  );
}
