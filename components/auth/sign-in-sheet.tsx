"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { Drawer } from "vaul";
import { withDeferredMessages } from "@/components/intl/deferred-messages";
import { DrawerCloseButton, DrawerHandle } from "@/components/ui/drawer-parts";
import type { PhoneForm } from "@/lib/validation/sign-in";
import { CodeStep } from "./code-step";
import { PhoneStep, type SentCode } from "./phone-step";
import type { SessionView } from "@/contract/store/session";
import { completeSignIn, restoreFocusAfterSignIn, setSignInOpen, useSignInOpen } from "./sign-in-state";
import { useApplySignIn, useSession } from "./use-session";

const DEFAULT_PHONE: PhoneForm = { country: "SA", number: "" };

/**
 * Sign-in as a bottom sheet: the mobile number, then the code sent to it. Loaded on its first
 * opening (sign-in-sheet-host). After sign-in the action that asked for it resumes (requireSignIn).
 */
export const SignInSheet = withDeferredMessages(function SignInSheet() {
  const t = useTranslations("account.signIn");
  const open = useSignInOpen();
  const { isSignedIn } = useSession();
  const applySignIn = useApplySignIn();
  const [phone, setPhone] = useState<PhoneForm>(DEFAULT_PHONE);
  const [sent, setSent] = useState<SentCode | null>(null);

  // Opened for an action while already signed in (the session was still loading, or another tab
  // signed in): nothing to ask, the action goes on.
  useEffect(() => {
    if (open && isSignedIn) completeSignIn();
  }, [open, isSignedIn]);

  const onVerified = (session: SessionView) => {
    applySignIn(session);
    setSent(null);
    toast.success(session.customer.name ? t("welcomeBack", { name: session.customer.name }) : t("welcome"));
    completeSignIn();
  };

  // Closing keeps a code already sent: it stays valid a few minutes, so reopening lands back on it.
  return (
    <Drawer.Root open={open} autoFocus onOpenChange={setSignInOpen}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <Drawer.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocusAfterSignIn();
          }}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[95dvh] max-w-md flex-col rounded-t-2xl bg-background shadow-lift outline-none"
        >
          <DrawerHandle />
          <header className="flex items-start gap-3 px-5 pt-3 pb-2">
            <div className="min-w-0 flex-1">
              <Drawer.Title className="text-xl font-bold">{sent ? t("codeTitle") : t("title")}</Drawer.Title>
              <Drawer.Description className="mt-1 text-sm text-muted-foreground">
                {sent ? t("codeDescription") : t("description")}
              </Drawer.Description>
            </div>
            <DrawerCloseButton label={t("close")} />
          </header>
          <div className="overflow-y-auto px-5 pt-3 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
            {sent ? (
              <CodeStep
                key={sent.mobileNumber}
                sent={sent}
                onResent={setSent}
                onChangeNumber={() => setSent(null)}
                onVerified={onVerified}
              />
            ) : (
              <PhoneStep
                defaults={phone}
                onSent={(next) => {
                  setPhone(next.form);
                  setSent(next);
                }}
              />
            )}
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
});
