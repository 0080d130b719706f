"use client";

import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { PaymentCancelled, PaymentSetupError } from "@/lib/payments/provider-browser";
import { validateApplePayMerchant } from "./api";
import { afterApplePay } from "./next";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutApi } from "@/lib/store-client/checkout";
import { payApi } from "@/lib/store-client/pay";
import { PaymentHeading } from "@/components/checkout/payment/payment-heading";
import type { CheckoutDetails } from "@/components/checkout/payment/payment-api";
import { useOnlinePay, usePaymentEndpoints, type OnlineNext } from "@/components/checkout/payment/use-online-pay";
import { useFormatSar } from "@/components/money/sar-style";

/** Apple Pay's networks (spec §9): always mada, Visa and Mastercard. */
const APPLE_PAY_NETWORKS = ["mada", "visa", "masterCard"] as const;

/** The part of Safari's ApplePaySession this flow uses (not in TypeScript's DOM library). */
type ApplePaySessionLike = {
  onvalidatemerchant: (event: { validationURL: string }) => void;
  onpaymentauthorized: (event: { payment: { token: unknown } }) => void;
  oncancel: () => void;
  begin: () => void;
  abort: () => void;
  completeMerchantValidation: (session: unknown) => void;
  completePayment: (status: number) => void;
};
type ApplePaySessionClass = { new (version: number, request: unknown): ApplePaySessionLike; STATUS_SUCCESS: number };
const applePaySession = () => (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;

type Props = {
  cart: CartDto;
  amount: number;
  publicKey: string | null;
  storeName: string;
  checkout: CheckoutDetails;
  onBack: () => void;
};

/**
 * Apple Pay through Moyasar (spec §4): the sheet opens on the tap (Safari requires the session to
 * start inside the gesture), the cart is validated and the merchant verified while it shows, and
 * the authorised token pays at once: paid ⇒ the done page with status=paid, else the sheet is aborted.
 */
export function ApplePayPayment({ cart, amount, publicKey, storeName, checkout, onBack }: Props) {
  const t = useTranslations("order.applePay");
  const tPayment = useTranslations("order.payment");
  const locale = useLocale();
  const sar = useFormatSar();
  const id = useId();
  const endpoints = usePaymentEndpoints();
  const pay = useOnlinePay(cart.id, { validateFirst: false });
  const busy = pay.isPending || pay.isSuccess;

  const start = () => {
    const Session = applePaySession();
    if (!Session) {
      pay.mutate(() => Promise.reject(new PaymentSetupError("applePayUnsupported", "Apple Pay is not supported")));
      return;
    }
    const session = new Session(6, {
      countryCode: "SA",
      currencyCode: "SAR",
      supportedNetworks: [...APPLE_PAY_NETWORKS],
      merchantCapabilities: ["supports3DS"],
      total: { label: storeName, amount: amount.toFixed(2) },
    });
    const outcome = new Promise<OnlineNext>((resolve, reject) => {
      session.onvalidatemerchant = (event) => {
        void (async () => {
          await checkoutApi.validate({}, { locale });
          const { moyasarApiUrl } = await endpoints.load();
          session.completeMerchantValidation(
            await validateApplePayMerchant(moyasarApiUrl ?? "", publicKey, {
              validationUrl: event.validationURL,
              displayName: storeName,
              domainName: window.location.hostname,
            }),
          );
        })().catch((err: unknown) => {
          session.abort();
          reject(err);
        });
      };
      session.onpaymentauthorized = (event) => {
        void (async () => {
          const answer = await payApi.step(
            "moyasar",
            "start",
            { token: JSON.stringify(event.payment.token), tokenType: "applepay", checkout },
            { locale },
          );
          const next = afterApplePay(answer);
          session.completePayment(Session.STATUS_SUCCESS);
          resolve(next);
        })().catch((err: unknown) => {
          // Spec §4: anything but paid aborts the sheet; the toast says why.
          session.abort();
          reject(err);
        });
      };
      session.oncancel = () => reject(new PaymentCancelled("Apple Pay was closed"));
    });
    session.begin();
    pay.mutate(() => outcome);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-5">
      <PaymentHeading id={`${id}-title`} title={t("title")} description={t("description", { amount: sar(amount) })} />
      <Button
        size="lg"
        onClick={start}
        disabled={busy}
        aria-busy={busy || undefined}
        className="h-12 bg-black text-base text-white hover:bg-black/85 dark:bg-white dark:text-black"
      >
        {busy ? tPayment("processing") : t("pay")}
      </Button>
      <Button variant="outline" onClick={onBack} disabled={busy}>
        {tPayment("back")}
      </Button>
    </section>
  );
}
