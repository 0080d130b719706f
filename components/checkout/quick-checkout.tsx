"use client";

import { useId, useState } from "react";
import dynamic from "next/dynamic";
import { LogIn } from "lucide-react";
import { useTranslations } from "next-intl";
import type { SentCode } from "@/components/auth/phone-step";
import { useSession } from "@/components/auth/use-session";
import {
  AmountDue,
  CartFitNotice,
  CartItemList,
  CartMinimumNotice,
  checkoutBlocks,
} from "@/components/cart/cart-summary-step";
import { CartTotalsList } from "@/components/cart/cart-totals-list";
import { SellerLine } from "@/components/cart/seller-line";
import { SheetBody, SheetFooter, SheetLoading } from "@/components/cart/sheet-layout";
import { useCartChanging } from "@/components/cart/use-cart";
import { Button } from "@/components/ui/button";
import type { CheckoutMethodId } from "@/lib/checkout/payment-methods";
import type { CartDto } from "@/contract/dto/cart";
import type { CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { checkoutDetails, mobileNeedsConfirming, type CheckoutForm } from "@/lib/validation/checkout";
import { checkoutPayload } from "@/lib/tracking/cart-value";
import { track } from "@/lib/tracking/pixels";
import { storedUtm } from "@/lib/tracking/utm";
import { withTracking } from "@/lib/tracking/checkout-tracking";
import { CustomerFields } from "./customer-fields";
import { FulfilmentSection, useFulfilmentChoice } from "./fulfilment-section";
import { MethodChoice, useMethodChoice } from "./payment-method-step";
import { SignInStage } from "./sign-in-stage";
import { useCustomFieldDefinitions, type CheckoutSetup } from "./use-checkout-setup";
import { checkoutFormDefaults, useCheckoutForm, useSaveCheckoutCustomer } from "./use-checkout-form";

const PaymentStep = dynamic(() => import("@/components/checkout/payment/payment-step").then((m) => m.PaymentStep), {
  ssr: false,
  loading: () => <SheetLoading />,
});

type Props = { cart: CartDto; setup: CheckoutSetup };
type Paying = { method: CheckoutMethodId; form: CheckoutForm };

function SectionTitle({ children }: { children: string }) {
  return <h3 className="font-sans text-base font-semibold">{children}</h3>;
}

/** Signed in: the customer's fields, terms and method, then Complete. */
function QuickOrderForm({
  cart,
  setup,
  definitions,
  saved,
  onComplete,
  onConfirmNumber,
  onSessionLost,
}: Props & {
  definitions: CustomFieldDefinitionDto[];
  saved: Paying | null;
  onComplete: (paying: Paying) => void;
  onConfirmNumber: (paying: Paying) => void;
  onSessionLost: () => void;
}) {
  const t = useTranslations("checkout.quick");
  const formId = useId();
  const { customer } = useSession();
  const updating = useCartChanging();
  const choice = useMethodChoice(setup.config, cart, saved?.method ?? null);
  const form = useCheckoutForm(setup, definitions, checkoutFormDefaults(customer, definitions, saved?.form));
  const fulfilment = useFulfilmentChoice(cart, setup.config.fulfilment);
  const save = useSaveCheckoutCustomer(form, definitions, setup.config.separateFirstAndLastName, onSessionLost);
  const { isSubmitting } = form.formState;
  const blocks = checkoutBlocks(setup.config, cart, { minimum: `${formId}-minimum`, fit: `${formId}-fit` });
  const { chosen } = choice;
  return (
    <>
      <SheetBody>
        <form
          id={formId}
          noValidate
          className="grid gap-6 py-4"
          onSubmit={form.handleSubmit(async (values) => {
            if (!chosen || !(await fulfilment.commit())) return;
            if (mobileNeedsConfirming(values, customer?.mobileNumber))
              onConfirmNumber({ method: chosen, form: values });
            else if (await save(values)) onComplete({ method: chosen, form: values });
          })}
        >
          <section className="grid gap-2">
            <SectionTitle>{t("order")}</SectionTitle>
            <CartItemList cart={cart} />
            <CartTotalsList cart={cart} updating={updating} />
            <SellerLine trust={setup.config.trust} />
          </section>
          <section className="grid gap-4">
            <SectionTitle>{t("details")}</SectionTitle>
            <CustomerFields form={form} setup={setup} definitions={definitions} />
          </section>
          <FulfilmentSection choice={fulfilment} />
          <section className="grid gap-2">
            <MethodChoice choice={choice} legend={t("method")} cart={cart} />
          </section>
        </form>
      </SheetBody>
      <SheetFooter className="grid gap-3">
        <CartMinimumNotice config={setup.config} cart={cart} id={`${formId}-minimum`} />
        <CartFitNotice cart={cart} id={`${formId}-fit`} />
        <AmountDue cart={cart} />
        <Button
          type="submit"
          form={formId}
          size="lg"
          disabled={blocks.blocked || !chosen || updating || isSubmitting}
          aria-busy={isSubmitting || undefined}
          aria-describedby={blocks.describedBy}
        >
          {isSubmitting ? t("saving") : t("complete")}
        </Button>
      </SheetFooter>
    </>
  );
}

/** Signed out: the order, and sign-in before anything else (spec §6). */
function QuickOrderSignedOut({ cart, setup, onSignIn }: Props & { onSignIn: () => void }) {
  const t = useTranslations("checkout.quick");
  const updating = useCartChanging();
  const id = useId();
  const blocks = checkoutBlocks(setup.config, cart, { minimum: `${id}-minimum`, fit: `${id}-fit` });
  return (
    <>
      <SheetBody>
        <div className="grid gap-6 py-4">
          <section className="grid gap-2">
            <SectionTitle>{t("order")}</SectionTitle>
            <CartItemList cart={cart} />
            <CartTotalsList cart={cart} updating={updating} />
            <SellerLine trust={setup.config.trust} />
          </section>
          <p className="rounded-xl bg-primary-soft p-4 text-sm">{t("signInNote")}</p>
        </div>
      </SheetBody>
      <SheetFooter className="grid gap-3">
        <CartMinimumNotice config={setup.config} cart={cart} id={`${id}-minimum`} />
        <CartFitNotice cart={cart} id={`${id}-fit`} />
        <AmountDue cart={cart} />
        <Button size="lg" onClick={onSignIn} disabled={blocks.blocked} aria-describedby={blocks.describedBy}>
          <LogIn aria-hidden="true" className="rtl:-scale-x-100" />
          {t("signIn")}
        </Button>
      </SheetFooter>
    </>
  );
}

/**
 * The quick checkout (spec §2, cart type quick): one page with the order list (remove and
 * quantities), the customer's fields and terms, the method among the enabled ones, and Complete,
 * which pays through the payment step (cash confirms, bank transfer asks for the receipt).
 * Signing in comes first (spec §6).
 */
export function QuickCheckout({ cart, setup }: Props) {
  const { isSignedIn, isPending } = useSession();
  const definitions = useCustomFieldDefinitions();
  const [view, setView] = useState<"order" | "send-otp" | "verify-otp" | "payment">("order");
  const [sent, setSent] = useState<SentCode | null>(null);
  const [paying, setPaying] = useState<Paying | null>(null);
  // Signing in again: because the session ended, or to confirm a new number typed for the order.
  const [reason, setReason] = useState<"continue" | "number">("continue");

  if (view === "send-otp" || view === "verify-otp") {
    return (
      <SignInStage
        step={view}
        sent={sent}
        reason={reason}
        phone={reason === "number" ? paying?.form.mobile : null}
        onSent={(next) => {
          setSent(next);
          setView("verify-otp");
        }}
        onChangeNumber={() => setView("send-otp")}
        onBack={() => setView(view === "verify-otp" ? "send-otp" : "order")}
        onSignedIn={() => {
          setSent(null);
          setView("order");
        }}
      />
    );
  }
  if (isPending || definitions.isPending) return <SheetLoading />;
  if (!isSignedIn)
    return (
      <QuickOrderSignedOut
        cart={cart}
        setup={setup}
        onSignIn={() => {
          setReason("continue");
          setView("send-otp");
        }}
      />
    );
  if (view === "payment" && paying) {
    return (
      <SheetBody>
        <div className="py-5">
          <PaymentStep
            method={paying.method}
            cart={cart}
            config={setup.config}
            checkout={{
              ...checkoutDetails(paying.form, setup.config.separateFirstAndLastName),
              ...withTracking(storedUtm(setup.config.utmAttributionDays), setup.config.askConsent),
            }}
            onBack={() => setView("order")}
          />
        </div>
      </SheetBody>
    );
  }
  return (
    <QuickOrderForm
      cart={cart}
      setup={setup}
      definitions={definitions.data ?? []}
      saved={paying}
      onComplete={(next) => {
        // The quick cart has no summary step: heading for payment starts the checkout, with the
        // method chosen on the same form (each once: per cart, per cart and method).
        track("InitiateCheckout", checkoutPayload(cart));
        track("AddPaymentInfo", checkoutPayload(cart, next.method));
        setPaying(next);
        setView("payment");
      }}
      onConfirmNumber={(next) => {
        setPaying(next);
        setSent(null);
        setReason("number");
        setView("send-otp");
      }}
      onSessionLost={() => {
        setReason("continue");
        setView("send-otp");
      }}
    />
  );
}
