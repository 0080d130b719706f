import { createElement } from "react";
import dynamic from "next/dynamic";
import { defineBrowser } from "@/lib/payments/browser-part";
import type { PayViewProps } from "@/lib/payments/checkout-part";

const CardPayment = dynamic(() => import("./card-payment").then((m) => m.MyfatoorahCardPayment));

/** rekaz-pay's account uses MyFatoorah's form (the platform knows whose account from the store's setting). */
const cardForm = (p: PayViewProps) =>
  createElement(CardPayment, {
    cart: p.cart,
    amount: p.amount,
    enabledMethods: p.config.enabledPaymentMethods,
    checkout: p.checkout,
    onBack: p.onBack,
  });

export const myfatoorahBrowser = defineBrowser({
  checkout: { cardForms: { myfatoorah: cardForm, "rekaz-pay": cardForm } },
});
