"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { CodeStep } from "@/components/auth/code-step";
import { PhoneStep, type SentCode } from "@/components/auth/phone-step";
import type { SessionView } from "@/contract/store/session";
import { useApplySignIn } from "@/components/auth/use-session";
import { SheetBody, SheetFooter } from "@/components/cart/sheet-layout";
import { Button } from "@/components/ui/button";
import type { PhoneForm } from "@/lib/validation/sign-in";
import { StepHeading } from "./step-heading";

const DEFAULT_PHONE: PhoneForm = { country: "SA", number: "" };
const DESCRIPTIONS = { continue: "description", coupon: "couponDescription", number: "numberDescription" } as const;

type Props = {
  /** send-otp: the number; verify-otp: the code sent to it. */
  step: "send-otp" | "verify-otp";
  sent: SentCode | null;
  onSent: (sent: SentCode) => void;
  onChangeNumber: () => void;
  onSignedIn: () => void;
  onBack: () => void;
  /** Why sign-in is asked for here: to continue the checkout, to apply a coupon, or to confirm a new number for the order. */
  reason: "continue" | "coupon" | "number";
  /** The number to send the code to, already filled in (a new number typed in the checkout). */
  phone?: PhoneForm | null;
};

/**
 * Sign-in inside the Cart stage (spec §4: SendOTP and VerifyOTP belong to it), made of the
 * sign-in sheet's own phone and code steps. After it the checkout resumes where it was going.
 */
export function SignInStage({ step, sent, onSent, onChangeNumber, onSignedIn, onBack, reason, phone }: Props) {
  const t = useTranslations("checkout.signIn");
  const tAuth = useTranslations("account.signIn");
  const applySignIn = useApplySignIn();

  const onVerified = (session: SessionView) => {
    applySignIn(session);
    toast.success(session.customer.name ? tAuth("welcomeBack", { name: session.customer.name }) : tAuth("welcome"));
    onSignedIn();
  };

  return (
    <>
      <SheetBody>
        <div className="mx-auto grid max-w-md gap-4 py-5">
          <div>
            <StepHeading>
              {step === "verify-otp" ? tAuth("codeTitle") : reason === "number" ? t("numberTitle") : t("title")}
            </StepHeading>
            <p className="mt-1 text-sm text-muted-foreground">
              {step === "verify-otp" ? tAuth("codeDescription") : t(DESCRIPTIONS[reason])}
            </p>
          </div>
          {step === "verify-otp" && sent ? (
            <CodeStep
              key={sent.mobileNumber}
              sent={sent}
              onResent={onSent}
              onChangeNumber={onChangeNumber}
              onVerified={onVerified}
              keepCart={reason === "number"}
            />
          ) : (
            <PhoneStep defaults={sent?.form ?? phone ?? DEFAULT_PHONE} onSent={onSent} />
          )}
        </div>
      </SheetBody>
      <SheetFooter>
        <Button variant="outline" size="lg" className="w-full" onClick={onBack}>
          {t("back")}
        </Button>
      </SheetFooter>
    </>
  );
}
