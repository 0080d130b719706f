"use client";

import { useCallback, useEffect, useState } from "react";
import dynamic from "next/dynamic";
import type { SentCode } from "@/components/auth/phone-step";
import { useSession } from "@/components/auth/use-session";
import { SummaryStep } from "@/components/cart/cart-summary-step";
import { CART_RESUME_EVENT, writeCartHash } from "@/components/cart/cart-sheet-state";
import { SheetBody, SheetLoading } from "@/components/cart/sheet-layout";
import type { CheckoutMethodId } from "@/lib/checkout/payment-methods";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutPayload } from "@/lib/tracking/cart-value";
import { track } from "@/lib/tracking/pixels";
import { storedUtm } from "@/lib/tracking/utm";
import { withTracking } from "@/lib/tracking/checkout-tracking";
import { checkoutDetails, type CheckoutForm } from "@/lib/validation/checkout";
import { readDraft, writeDraft, type CheckoutDraft } from "./checkout-draft";
import { CheckoutProgress } from "./checkout-progress";
import {
  allowedStep,
  hashForStep,
  previousStep,
  resumableStep,
  stepAfterSummary,
  stepFromHash,
  type CheckoutStep,
} from "./checkout-steps";
import type { PhoneForm } from "@/lib/validation/sign-in";
import { SignInStage } from "./sign-in-stage";
import { focusNextStepHeading } from "./step-heading";
import type { CheckoutSetup } from "./use-checkout-setup";

// The later steps (forms, validation, phone metadata, the payment flows) load when the shopper
// heads for them, not with the cart.
const loadCustomerInfo = () => import("./customer-info-step");
const loadPaymentStep = () => import("@/components/checkout/payment/payment-step");
const CustomerInfoStep = dynamic(() => loadCustomerInfo().then((m) => m.CustomerInfoStep), {
  ssr: false,
  loading: () => <SheetLoading />,
});
const PaymentMethodStep = dynamic(() => import("./payment-method-step").then((m) => m.PaymentMethodStep), {
  ssr: false,
  loading: () => <SheetLoading />,
});
const PaymentStep = dynamic(() => loadPaymentStep().then((m) => m.PaymentStep), {
  ssr: false,
  loading: () => <SheetLoading />,
});

/** What sign-in inside the Cart stage was asked for, so that it resumes there. */
type Resume = { kind: "continue" } | { kind: "coupon"; code: string } | { kind: "number"; phone: PhoneForm };

type Props = { cart: CartDto; setup: CheckoutSetup };

function PaymentStage({
  cart,
  setup,
  method,
  form,
  onBack,
}: Props & { method: CheckoutMethodId; form: CheckoutForm; onBack: () => void }) {
  return (
    <SheetBody>
      <div className="py-5">
        <PaymentStep
          method={method}
          cart={cart}
          config={setup.config}
          checkout={{
            ...checkoutDetails(form, setup.config.separateFirstAndLastName),
            ...withTracking(storedUtm(setup.config.utmAttributionDays), setup.config.askConsent),
          }}
          onBack={onBack}
        />
      </div>
    </SheetBody>
  );
}

/**
 * The checkout in the cart sheet (spec §2, §4): Cart (summary, sign-in by code when needed),
 * Customer info, Payment (method, then paying). The step is kept in the URL hash and what the
 * shopper entered in session storage, so that a reload resumes where it sensibly can.
 */
export function CheckoutFlow({ cart, setup }: Props) {
  const { isSignedIn, isPending: sessionPending } = useSession();
  // A reload resumes at the step in the address, as far as it can (resumableStep).
  const [reloadedAt] = useState(() => stepFromHash(window.location.hash) ?? "summary");
  const [chosen, setChosen] = useState<CheckoutStep | null>(null);
  const [draft, setDraft] = useState<CheckoutDraft>(
    () => readDraft(cart.id) ?? { cartId: cart.id, form: null, method: null },
  );
  const [resume, setResume] = useState<Resume>({ kind: "continue" });
  const [sent, setSent] = useState<SentCode | null>(null);
  const [pendingCoupon, setPendingCoupon] = useState<string | null>(null);

  // A zero total (a package or a coupon covers it) has no method to choose: the payment stage is the confirmation.
  const free = cart.totalAmount <= 0;
  // Signed out meanwhile (another tab, an ended session), the later stages fall back to the summary.
  const state = { signedIn: isSignedIn, hasDetails: draft.form !== null };
  const step: CheckoutStep | null =
    chosen !== null ? allowedStep(chosen, state) : sessionPending ? null : resumableStep(reloadedAt, state);

  const go = useCallback((next: CheckoutStep) => {
    focusNextStepHeading();
    setChosen(next);
  }, []);
  const keep = (changes: Partial<CheckoutDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const keepTyping = useCallback((typing: CheckoutForm) => setDraft((d) => ({ ...d, typing })), []);

  useEffect(() => {
    if (step) writeCartHash(hashForStep(step));
  }, [step]);

  // Asked to open at a step while mounted (a retry after a payment that did not go through).
  useEffect(() => {
    const resumeFromHash = () => {
      const at = stepFromHash(window.location.hash);
      if (at) setChosen(at);
    };
    window.addEventListener(CART_RESUME_EVENT, resumeFromHash);
    return () => window.removeEventListener(CART_RESUME_EVENT, resumeFromHash);
  }, []);

  // Signing in may hand the customer another cart (their own active one): the draft follows it.
  useEffect(() => writeDraft({ ...draft, cartId: cart.id }), [draft, cart.id]);

  // Warm the next step's code while the shopper reads the summary.
  useEffect(() => void loadCustomerInfo(), []);

  if (step === null) return <SheetLoading />;

  const signIn = (why: Resume) => {
    setResume(why);
    go("send-otp");
  };

  let content;
  switch (step) {
    case "summary":
      content = (
        <SummaryStep
          cart={cart}
          config={setup.config}
          signedIn={isSignedIn}
          onContinue={() => {
            // Leaving the summary starts the checkout (once per cart and session: see lib/tracking/dedupe.ts).
            track("InitiateCheckout", checkoutPayload(cart));
            if (isSignedIn) go(stepAfterSummary(true));
            else signIn({ kind: "continue" });
          }}
          onCouponNeedsSignIn={(code) => signIn({ kind: "coupon", code })}
          pendingCoupon={pendingCoupon}
          onPendingCouponTaken={() => setPendingCoupon(null)}
        />
      );
      break;
    case "send-otp":
    case "verify-otp":
      content = (
        <SignInStage
          step={step}
          sent={sent}
          reason={resume.kind}
          phone={resume.kind === "number" ? resume.phone : null}
          onSent={(next) => {
            setSent(next);
            if (step === "send-otp") go("verify-otp");
          }}
          onChangeNumber={() => go("send-otp")}
          onBack={() => go(previousStep(step))}
          onSignedIn={() => {
            setSent(null);
            if (resume.kind === "coupon") {
              setPendingCoupon(resume.code);
              go("summary");
            } else go("customer-info");
          }}
        />
      );
      break;
    case "customer-info":
      content = (
        <CustomerInfoStep
          cart={cart}
          setup={setup}
          saved={draft.form ?? draft.typing ?? null}
          onTyping={keepTyping}
          onBack={(form) => {
            keep({ form });
            go(previousStep(step));
          }}
          onSaved={(form) => {
            void loadPaymentStep();
            // Nothing to pay: no method to choose, straight to confirming (CASH is the zero-total flow).
            if (free) {
              keep({ form, method: "CASH" });
              go("payment");
            } else {
              keep({ form });
              go("payment-method");
            }
          }}
          onSessionLost={(form) => {
            keep({ form });
            signIn({ kind: "continue" });
          }}
          onConfirmNumber={(form) => {
            // Kept as typed, not as saved: the details are saved once the number is confirmed.
            keep({ form: null, typing: form });
            setSent(null);
            signIn({ kind: "number", phone: form.mobile });
          }}
        />
      );
      break;
    case "payment-method":
    case "payment":
      if (!draft.form) break;
      if (free) {
        content = (
          <PaymentStage cart={cart} setup={setup} method="CASH" form={draft.form} onBack={() => go("customer-info")} />
        );
      } else if (step === "payment" && draft.method) {
        content = (
          <PaymentStage
            cart={cart}
            setup={setup}
            method={draft.method}
            form={draft.form}
            onBack={() => go(previousStep(step))}
          />
        );
      } else {
        content = (
          <PaymentMethodStep
            cart={cart}
            config={setup.config}
            chosen={draft.method}
            onBack={() => go(previousStep("payment-method"))}
            onContinue={(method) => {
              keep({ method });
              // Heading to pay with a chosen method: the payment info (once per cart and method).
              track("AddPaymentInfo", checkoutPayload(cart, method));
              go("payment");
            }}
          />
        );
      }
      break;
  }

  return (
    <>
      <CheckoutProgress step={step} onBackToSummary={() => go("summary")} />
      {content}
    </>
  );
}
