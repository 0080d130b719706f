"use client";

import { useMemo, type ReactNode } from "react";
import { CreditCard } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  amountToPay,
  deviceSupportsApplePay,
  paymentMethods,
  type CashLabelKey,
  type CheckoutMethodId,
} from "@/lib/checkout/payment-methods";
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
import { useFormatSar } from "@/components/money/sar-style";

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
function UnknownProviderPayment({
  cart,
  amount,
  provider,
  onBack,
}: {
  cart: CartDto;
  amount: number;
  provider: string;
  onBack: () => void;
}) {
  const t = useTranslations("order.online");
  const sar = useFormatSar();
  const pay = useOnlinePay(cart.id, { validateFirst: false });
  return (
    <section aria-labelledby="online-unavailable-title" className="grid gap-5">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-soft">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
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
        submitLabel={t("pay", { amount: sar(amount) })}
        onSubmit={() =>
          pay.mutate(() =>
            Promise.reject(new PaymentSetupError("unknownProvider", `Invalid online payment provider: ${provider}`)),
          )
        }
      />
    </section>
  );
}

type ViewProps = Omit<PaymentStepProps, "method"> & { amount: number; cashLabelKey: CashLabelKey };

/** The card form of the store's card provider (spec §3 onlinePaymentProvider); rekaz-pay shares MyFatoorah's form. */
const CARD_FORMS: Record<string, (p: ViewProps) => ReactNode> = {
  moyasar: (p) => (
    <CardPayment
      cart={p.cart}
      amount={p.amount}
      publicKey={p.config.moyasarPublicTokenKey}
      enabledMethods={p.config.enabledPaymentMethods}
      checkout={p.checkout}
      onBack={p.onBack}
    />
  ),
  myfatoorah: (p) => (
    <MyfatoorahCardPayment
      cart={p.cart}
      amount={p.amount}
      enabledMethods={p.config.enabledPaymentMethods}
      checkout={p.checkout}
      onBack={p.onBack}
    />
  ),
  "rekaz-pay": (p) => (
    <MyfatoorahCardPayment
      cart={p.cart}
      amount={p.amount}
      enabledMethods={p.config.enabledPaymentMethods}
      checkout={p.checkout}
      onBack={p.onBack}
    />
  ),
};

/** The browser's side of the payment registry: one view per way to pay. */
const VIEWS: Record<CheckoutMethodId, (p: ViewProps) => ReactNode> = {
  CASH: (p) => (
    <CashPayment
      cart={p.cart}
      amount={p.amount}
      cashLabelKey={p.cashLabelKey}
      checkout={p.checkout}
      onBack={p.onBack}
    />
  ),
  BANK_TRANSFER: (p) => <BankTransferPayment cart={p.cart} amount={p.amount} checkout={p.checkout} onBack={p.onBack} />,
  CARD: (p) =>
    (
      CARD_FORMS[p.config.onlinePaymentProvider] ??
      ((q: ViewProps) => (
        <UnknownProviderPayment
          cart={q.cart}
          amount={q.amount}
          provider={q.config.onlinePaymentProvider}
          onBack={q.onBack}
        />
      ))
    )(p),
  APPLE_PAY: (p) => (
    <ApplePayPayment
      cart={p.cart}
      amount={p.amount}
      publicKey={p.config.moyasarPublicTokenKey}
      storeName={p.config.brandName ?? window.location.hostname}
      checkout={p.checkout}
      onBack={p.onBack}
    />
  ),
  TABBY: (p) => (
    <PayLaterPayment provider="tabby" cart={p.cart} amount={p.amount} checkout={p.checkout} onBack={p.onBack} />
  ),
  TAMARA: (p) => (
    <PayLaterPayment provider="tamara" cart={p.cart} amount={p.amount} checkout={p.checkout} onBack={p.onBack} />
  ),
};

/** The last checkout step: pays the cart with the method chosen in the step before. */
export function PaymentStep({ method, cart, config, checkout, onBack }: PaymentStepProps) {
  const amount = amountToPay(cart, method);
  // The same rule the method list used, so the cash flow is named as it was listed.
  const cashLabelKey = useMemo(
    () => paymentMethods({ config, cart, applePaySupported: deviceSupportsApplePay() }).cashLabelKey,
    [config, cart],
  );
  return VIEWS[method]({ cart, config, checkout, onBack, amount, cashLabelKey });
}
