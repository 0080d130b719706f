"use client";

import { useMemo } from "react";
import { CreditCard } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { amountToPay, deviceSupportsApplePay, paymentMethods, type CheckoutMethodId } from "@/lib/checkout/payment-methods";
import { formatSar } from "@/lib/money";
import type { CartDto } from "@/lib/platform-client/types";
import type { TenantConfig } from "@/lib/tenant-config";
import { BankTransferPayment } from "./bank-transfer-payment";
import { CashPayment } from "./cash-payment";
import type { CheckoutDetails } from "./payment-api";
import { PaymentActions } from "./payment-actions";

export type { CheckoutDetails };

export type PaymentStepProps = {
  method: CheckoutMethodId;
  cart: CartDto;
  config: TenantConfig;
  /** What the customer-info step collected; the order keeps it as its customer snapshot. */
  checkout: CheckoutDetails;
  onBack: () => void;
};

/**
 * Card, Apple Pay, Tabby and Tamara are listed by the method choice but paid through the online
 * flows of the next issue: until then this says so plainly, with the pay button disabled.
 */
function OnlinePaymentUnavailable({ amount, onBack }: { amount: number; onBack: () => void }) {
  const t = useTranslations("order.online");
  const locale = useLocale();
  return (
    <section aria-labelledby="online-unavailable-title" className="grid gap-5">
      <div role="status" className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-soft">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <CreditCard className="size-5" />
        </span>
        <div className="grid gap-1">
          <h3 id="online-unavailable-title" className="font-semibold">
            {t("title")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
      </div>
      <PaymentActions onBack={onBack} busy={false} disabled submitLabel={t("pay", { amount: formatSar(amount, locale) })} />
    </section>
  );
}

/** The last checkout step: pays the cart with the method chosen in the step before. */
export function PaymentStep({ method, cart, config, checkout, onBack }: PaymentStepProps) {
  const amount = amountToPay(cart, method);
  // The same rule the method list used, so the cash flow is named as it was listed.
  const cashLabelKey = useMemo(() => paymentMethods({ config, cart, applePaySupported: deviceSupportsApplePay() }).cashLabelKey, [config, cart]);
  switch (method) {
    case "CASH":
      return <CashPayment cart={cart} amount={amount} cashLabelKey={cashLabelKey} checkout={checkout} onBack={onBack} />;
    case "BANK_TRANSFER":
      return <BankTransferPayment cart={cart} amount={amount} checkout={checkout} onBack={onBack} />;
    default:
      return <OnlinePaymentUnavailable amount={amount} onBack={onBack} />;
  }
}
