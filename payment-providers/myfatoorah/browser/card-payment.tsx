"use client";

import { useEffect, useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { myfatoorahNetworks } from "./card-networks";
import { loadScript } from "@/lib/payments/load-script";
import { PaymentCancelled, PaymentSetupError, ProviderRefusal } from "@/lib/payments/provider-browser";
import type { CartDto } from "@/contract/dto/cart";
import type { PaymentMethod } from "@/contract/tenant-settings";
import { payApi } from "@/lib/store-client/pay";
import type { CheckoutDetails } from "@/components/checkout/payment/payment-api";
import { PaymentActions } from "@/components/checkout/payment/payment-actions";
import { PaymentHeading, SecureCardNote } from "@/components/checkout/payment/payment-heading";
import { useOnlinePay, usePaymentEndpoints } from "@/components/checkout/payment/use-online-pay";
import { useFormatSar } from "@/components/money/sar-style";

/** The embedded form's global (MyFatoorah's session.js, or its sandbox). */
type MyFatoorahCardView = {
  init: (options: {
    countryCode: string;
    sessionId: string;
    cardViewId: string;
    supportedNetworks: string;
    language: "ar" | "en";
  }) => void;
  submit: () => Promise<{ SessionId: string; CardBrand?: string }>;
};
const cardView = () => (window as unknown as { myFatoorah?: MyFatoorahCardView }).myFatoorah;

type Props = {
  cart: CartDto;
  amount: number;
  enabledMethods: readonly PaymentMethod[];
  checkout: CheckoutDetails;
  onBack: () => void;
};

/**
 * Card through MyFatoorah or rekaz-pay (spec §5): the provider's embedded form (its script is
 * loaded only now) in a session for the amount shown; the form hands the card to the provider,
 * then the payment is executed and the shopper goes to its 3-D Secure page.
 */
export function MyfatoorahCardPayment({ cart, amount, enabledMethods, checkout, onBack }: Props) {
  const t = useTranslations("order.card");
  const locale = useLocale();
  const sar = useFormatSar();
  const id = useId();
  const cardViewId = `mf-card-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const endpoints = usePaymentEndpoints();
  const pay = useOnlinePay(cart.id);
  // One session per view of this step: it is for this amount and one payment.
  const session = useQuery({
    queryKey: ["checkout", "myfatoorah-session", cart.id, amount],
    queryFn: async () => {
      const { myfatoorahScriptUrl } = await endpoints.load();
      if (!myfatoorahScriptUrl) throw new PaymentSetupError("unknownProvider", "The card form is not configured");
      const script = loadScript(myfatoorahScriptUrl).catch((err: unknown) => {
        throw new PaymentSetupError(
          "scriptFailed",
          err instanceof Error ? err.message : "The card form could not be loaded",
        );
      });
      const [started] = await Promise.all([payApi.step("myfatoorah", "session", { amount }, { locale }), script]);
      return started;
    },
    // A payment session, not cached data: used once, never read again (the 60 s freshness is for reads).
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    const view = cardView();
    if (!session.data || !view) return;
    view.init({
      countryCode: session.data.countryCode,
      sessionId: session.data.sessionId,
      cardViewId,
      supportedNetworks: myfatoorahNetworks(enabledMethods),
      language: locale === "en" ? "en" : "ar",
    });
  }, [session.data, cardViewId, enabledMethods, locale]);
  // The session is started and the script has run (the query waits for both): the form is drawn.
  const ready = session.isSuccess;

  const busy = pay.isPending || pay.isSuccess;
  const submit = () =>
    pay.mutate(async () => {
      const view = cardView();
      if (!view || !session.data) throw new PaymentSetupError("scriptFailed", "The card form is not ready");
      const submitted = await view.submit().catch((err: unknown) => {
        // Spec §8: the card form marks the fields itself; its input-validation code is not repeated in a toast.
        if ((err as { code?: unknown } | null)?.code === "input-validation")
          throw new PaymentCancelled("The card form shows what to correct");
        throw new ProviderRefusal(
          400,
          "CREATE_PAYMENT_SESSION_ERROR",
          err instanceof Error && err.message ? err.message : "Failed to create payment session",
        );
      });
      const { redirectUrl } = await payApi.step(
        "myfatoorah",
        "execute",
        { sessionId: submitted.SessionId || session.data.sessionId, checkout },
        { locale },
      );
      return { redirect: redirectUrl };
    });

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-5">
      <PaymentHeading id={`${id}-title`} title={t("title")} description={t("description", { amount: sar(amount) })} />
      <div className="min-h-56 rounded-xl border border-border bg-card p-2 shadow-soft">
        {session.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 p-3 text-sm">
            <p>{t("formError")}</p>
            <Button variant="outline" size="sm" onClick={() => void session.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : null}
        {!ready && !session.isError ? (
          <div aria-busy="true" className="grid gap-3 p-2">
            <p className="sr-only">{t("loadingForm")}</p>
            <Skeleton className="h-11 rounded-lg" />
            <Skeleton className="h-11 rounded-lg" />
            <Skeleton className="h-11 w-2/3 rounded-lg" />
          </div>
        ) : null}
        {/* The provider renders its form (an iframe of its own) here: the card stays with the provider. */}
        <div id={cardViewId} hidden={!ready} />
      </div>
      <SecureCardNote>{t("secureNote")}</SecureCardNote>
      <PaymentActions
        onBack={onBack}
        busy={busy}
        disabled={!ready}
        submitLabel={t("pay", { amount: sar(amount) })}
        onSubmit={submit}
      />
    </section>
  );
}
