"use client";

import { useMemo } from "react";
import { CreditCard } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { amountToPay, deviceSupportsApplePay, paymentMethods, type CheckoutMethodId } from "@/lib/checkout/payment-methods";
import { formatSar } from "@/lib/money";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantConfig } from "@/contract/tenant-settings";
import { PaymentSetupError } from "@/lib/payments/provider-browser";
import { ApplePayPayment } from "./apple-pay-payment";
import { BankTransferPayment } from "./bank-transfer-payment";
import { CardPayment } from "./card-payment";
import { CashPayment } from "./cash-payment";
import { MyfatoorahCardPayment } from "./myfatoorah-card-payment";
import { PayLaterPayment } from "./pay-later-payment";
import type { CheckoutDetails } from "./payment-api";
import { PaymentActions } from "./payment-actions";
import { useOnlinePay } from "./use-online-pay";

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
 * A card provider this storefront does not know (a typo in onlinePaymentProvider): the pay button
 * says so in the error toast (spec §8 "invalid provider throws"), nothing is charged.
 */
function UnknownProviderPayment({ cart, amount, provider, onBack }: { cart: CartDto; amount: number; provider: string; onBack: () => void }) {
  const t = useTranslations("order.online");
  const locale = useLocale();
  const pay = useOnlinePay(cart.id, { validateFirst: false });
  return (
    <section aria-labelledby="online-unavailable-title" className="grid gap-5">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-soft">
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
      <PaymentActions
        onBack={onBack}
        busy={pay.isPending}
        submitLabel={t("pay", { amount: formatSar(amount, locale) })}
        onSubmit={() => pay.mutate(() => Promise.reject(new PaymentSetupError("unknownProvider", `Invalid online payment provider: ${provider}`)))}
      />
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
    case "CARD":
      if (config.onlinePaymentProvider === "moyasar") return <CardPayment cart={cart} amount={amount} publicKey={config.moyasarPublicTokenKey} checkout={checkout} onBack={onBack} />;
      if (config.onlinePaymentProvider === "myfatoorah" || config.onlinePaymentProvider === "rekaz-pay")
        return <MyfatoorahCardPayment cart={cart} amount={amount} enabledMethods={config.enabledPaymentMethods} checkout={checkout} onBack={onBack} />;
      return <UnknownProviderPayment cart={cart} amount={amount} provider={config.onlinePaymentProvider} onBack={onBack} />;
    case "APPLE_PAY":
      return <ApplePayPayment cart={cart} amount={amount} publicKey={config.moyasarPublicTokenKey} storeName={config.brandName ?? window.location.hostname} checkout={checkout} onBack={onBack} />;
    case "TABBY":
      return <PayLaterPayment provider="tabby" cart={cart} amount={amount} checkout={checkout} onBack={onBack} />;
    case "TAMARA":
      return <PayLaterPayment provider="tamara" cart={cart} amount={amount} checkout={checkout} onBack={onBack} />;
  }
}
