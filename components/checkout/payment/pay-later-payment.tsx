"use client";

import { useId } from "react";
import { CalendarClock, Loader2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import type { CartDto } from "@/contract/dto/cart";
import type { PaymentMethod } from "@/contract/tenant-settings";
import type { PayLaterEntry } from "@/payment-providers/profiles";
import { payApi } from "@/lib/store-client/pay";
import type { CheckoutDetails } from "./payment-api";
import { PaymentActions } from "./payment-actions";
import { PaymentIntro } from "./payment-heading";
import { usePayLaterPrechecks } from "./pay-later-precheck";
import { useOnlinePay } from "./use-online-pay";
import { useFormatSar, useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

type Props = {
  /** The method and its provider. */
  payLater: PayLaterEntry;
  /** The store's enabled methods: the prechecks asked with the method list's. */
  enabledMethods: readonly PaymentMethod[];
  cart: CartDto;
  amount: number;
  checkout: CheckoutDetails;
  onBack: () => void;
};

/**
 * A pay-later method (spec §4, §9): the full total split into instalments on the provider's own
 * page. A provider that is asked first (its profile's precheck) is asked whether it would approve
 * this purchase; when it would not, its message shows in red and the button is disabled.
 */
export function PayLaterPayment({ payLater, enabledMethods, cart, amount, checkout, onBack }: Props) {
  const { provider } = payLater;
  const t = useTranslations("order.payLater");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const sar = useFormatSar();
  const sarStyle = useSarStyle();
  const id = useId();
  const pay = useOnlinePay(cart.id);
  const prechecks = usePayLaterPrechecks(cart, enabledMethods);
  const note = prechecks.notes[payLater.method];
  const busy = pay.isPending || pay.isSuccess;
  const checking = !!note?.checking;
  const refused = note?.refusal != null;
  const name = t(`provider.${provider}`);

  const submit = () =>
    pay.mutate(async () => {
      const session = await payApi.payLater(provider, { checkout }, { locale });
      return { redirect: session.checkout_url };
    });

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-5">
      <PaymentIntro
        id={`${id}-title`}
        icon={CalendarClock}
        title={t("title", { provider: name })}
        description={t("description", { provider: name, amount: sar(amount) })}
      />
      <dl className="flex items-baseline justify-between gap-4 rounded-xl bg-muted px-4 py-3">
        <dt className="text-sm">{t("total")}</dt>
        <dd className="tabular text-lg font-semibold">
          <Sar amount={amount} locale={locale} style={sarStyle} />
        </dd>
      </dl>
      {checking ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {t("checking", { provider: name })}
        </p>
      ) : null}
      {refused ? <FormMessage>{note?.refusal || t("notEligible", { provider: name })}</FormMessage> : null}
      {note?.checkFailed ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl bg-destructive-soft p-4 text-sm">
          <p>{tErrors(note.failureCode)}</p>
          <Button variant="outline" size="sm" onClick={prechecks.retry}>
            {t("retry")}
          </Button>
        </div>
      ) : null}
      <PaymentActions
        onBack={onBack}
        busy={busy}
        disabled={checking || refused || !!note?.checkFailed}
        submitLabel={t(`continue.${provider}`)}
        onSubmit={submit}
      />
    </section>
  );
}
