"use client";

import { useMemo, type ComponentType } from "react";
import { CreditCard } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  amountToPay,
  deviceSupportsApplePay,
  payLaterOf,
  paymentMethods,
  type CashLabelKey,
  type CheckoutMethodId,
} from "@/lib/checkout/payment-methods";
import type { CartDto } from "@/contract/dto/cart";
import type { CheckoutPart, PayViewProps } from "@/lib/payments/checkout-part";
import { PaymentSetupError } from "@/lib/payments/provider-browser";
import { PROVIDER_BROWSER } from "@/payment-providers/browser";
import { BankTransferPayment } from "./bank-transfer-payment";
import { CashPayment } from "./cash-payment";
import { PayLaterPayment } from "./pay-later-payment";
import { withConfirmedTotal, type CheckoutDetails } from "./payment-api";
import { PaymentActions } from "./payment-actions";
import { useOnlinePay } from "./use-online-pay";
import { useFormatSar } from "@/components/money/sar-style";
import { payingCart } from "@/components/cart/cart-totals";

export type { CheckoutDetails };

export type PaymentStepProps = Omit<PayViewProps, "amount"> & { method: CheckoutMethodId };

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

/** The card forms and wallets of the providers' browser parts, by card form name and by method. */
const parts = Object.values(PROVIDER_BROWSER).map((b): CheckoutPart => ("checkout" in b ? b.checkout : {}));
const CARD_FORMS: Record<string, ComponentType<PayViewProps>> = Object.assign({}, ...parts.map((c) => c.cardForms));
const WALLETS: Record<string, ComponentType<PayViewProps>> = Object.assign({}, ...parts.map((c) => c.wallets));

type ViewProps = PayViewProps & { cashLabelKey: CashLabelKey; method: CheckoutMethodId };

/** The view of the chosen way to pay: the store's card form, a wallet, a pay-later provider, cash or a bank transfer. */
function PayView(p: ViewProps) {
  const { cart, config, checkout, onBack, amount } = p;
  if (p.method === "CASH")
    return (
      <CashPayment cart={cart} amount={amount} cashLabelKey={p.cashLabelKey} checkout={checkout} onBack={onBack} />
    );
  if (p.method === "BANK_TRANSFER")
    return <BankTransferPayment cart={cart} amount={amount} checkout={checkout} onBack={onBack} />;
  const payLater = payLaterOf(p.method);
  if (payLater)
    return (
      <PayLaterPayment
        payLater={payLater}
        enabledMethods={config.enabledPaymentMethods}
        cart={cart}
        amount={amount}
        checkout={checkout}
        onBack={onBack}
      />
    );
  const View = p.method === "CARD" ? CARD_FORMS[config.onlinePaymentProvider] : WALLETS[p.method];
  if (View) return <View cart={cart} config={config} checkout={checkout} amount={amount} onBack={onBack} />;
  return <UnknownProviderPayment cart={cart} amount={amount} provider={config.onlinePaymentProvider} onBack={onBack} />;
}

/**
 * The last checkout step: pays the cart with the method chosen in the step before. Every method
 * sends the total this cart shows (checkout.expectedTotal): a cart priced otherwise by then (another
 * tab added to it) is refused before anything is charged, and the refusal reads the cart again, so
 * that the step shows the new total and the shopper confirms that one.
 */
export function PaymentStep({ method, cart, config, checkout, onBack }: PaymentStepProps) {
  // What the order's own method pays: the rest after a gift card.
  const paying = payingCart(cart);
  const amount = amountToPay(paying, method);
  const confirmed = withConfirmedTotal(checkout, paying);
  // The same rule the method list used, so the cash flow is named as it was listed.
  const cashLabelKey = useMemo(
    () => paymentMethods({ config, cart: paying, applePaySupported: deviceSupportsApplePay() }).cashLabelKey,
    [config, paying],
  );
  return (
    <PayView
      method={method}
      cart={cart}
      config={config}
      checkout={confirmed}
      onBack={onBack}
      amount={amount}
      cashLabelKey={cashLabelKey}
    />
  );
}
