import { createElement } from "react";
import dynamic from "next/dynamic";
import { defineBrowser } from "@/lib/payments/browser-part";
import type { PayViewProps } from "@/lib/payments/checkout-part";

const CardPayment = dynamic(() => import("./card-payment").then((m) => m.CardPayment));
const ApplePayPayment = dynamic(() => import("./apple-pay-payment").then((m) => m.ApplePayPayment));

export const moyasarBrowser = defineBrowser({
  checkout: {
    cardForms: {
      moyasar: (p: PayViewProps) =>
        createElement(CardPayment, {
          cart: p.cart,
          amount: p.amount,
          publicKey: p.config.moyasarPublicTokenKey,
          enabledMethods: p.config.enabledPaymentMethods,
          checkout: p.checkout,
          onBack: p.onBack,
        }),
    },
    wallets: {
      APPLE_PAY: (p: PayViewProps) =>
        createElement(ApplePayPayment, {
          cart: p.cart,
          amount: p.amount,
          publicKey: p.config.moyasarPublicTokenKey,
          storeName: p.config.brandName ?? window.location.hostname,
          checkout: p.checkout,
          onBack: p.onBack,
        }),
    },
  },
});
