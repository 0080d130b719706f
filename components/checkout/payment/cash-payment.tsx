"use client";

import { useId } from "react";
import { CalendarCheck, HandCoins, Receipt } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { CashLabelKey } from "@/lib/checkout/payment-methods";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutApi } from "@/lib/store-client/checkout";
import type { CheckoutDetails } from "./payment-api";
import { PaymentActions } from "./payment-actions";
import { PaymentIntro } from "./payment-heading";
import { usePayOrder } from "./use-pay-order";
import { useFormatSar, useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";
import { dueWords } from "@/lib/orders/money-words";

/** The last part of the checkout's cash label key: which of spec §9's four cash flows this is. */
type CashFlow = "cashOnDelivery" | "payLater" | "confirmBooking" | "confirmSubscription";
const cashFlow = (key: CashLabelKey) => key.slice(key.lastIndexOf(".") + 1) as CashFlow;

type Props = {
  cart: CartDto;
  amount: number;
  cashLabelKey: CashLabelKey;
  checkout: CheckoutDetails;
  onBack: () => void;
};

/**
 * Cash (spec §5, §9): what happens next under the method's name (cash on delivery, pay later,
 * confirm booking or subscription), the amount due and one button that completes the order. Cash
 * takes nothing before the visit: with a deposit, the deposit and the rest are named and all of it
 * is due then (on arrival, at the appointment), as the platform's money for the cart says.
 */
export function CashPayment({ cart, amount, cashLabelKey, checkout, onBack }: Props) {
  const t = useTranslations("order.cash");
  const tDone = useTranslations("order.done");
  const tCheckout = useTranslations("checkout");
  const locale = useLocale();
  const sar = useFormatSar();
  const sarStyle = useSarStyle();
  const id = useId();
  const pay = usePayOrder(cart.id);
  const flow = cashFlow(cashLabelKey);
  const { money } = cart;
  const withDeposit = money.deposit > 0;
  const when = dueWords(money, locale, tDone);
  const due = withDeposit ? money.remaining : amount;
  const Icon = flow === "cashOnDelivery" ? HandCoins : flow === "payLater" ? Receipt : CalendarCheck;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-5">
      <PaymentIntro
        id={`${id}-title`}
        icon={Icon}
        title={tCheckout(cashLabelKey)}
        description={
          due <= 0
            ? t("next.nothingDue")
            : withDeposit && when
              ? t("next.withDeposit", {
                  deposit: sar(money.deposit),
                  rest: sar(money.afterDeposit),
                  amount: sar(due),
                  due: when,
                })
              : t(`next.${flow}`, { amount: sar(due) })
        }
      />
      <dl className="flex items-baseline justify-between gap-4 rounded-xl bg-muted px-4 py-3">
        <dt className="text-sm">{withDeposit && money.due ? t(`amountDueOn.${money.due}`) : t("amountDue")}</dt>
        <dd className="tabular text-lg font-semibold" data-testid="cash-amount-due">
          <Sar amount={due} locale={locale} style={sarStyle} />
        </dd>
      </dl>
      <PaymentActions
        onBack={onBack}
        busy={pay.isPending || pay.isSuccess}
        submitLabel={t(`submit.${flow}`)}
        onSubmit={() =>
          pay.mutate(() => checkoutApi.submit({ body: { paymentMethod: "CASH", ...checkout } }, { locale }))
        }
      />
    </section>
  );
}
