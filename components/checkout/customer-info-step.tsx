"use client";

import { useEffect, useId } from "react";
import { useTranslations } from "next-intl";
import { useSession } from "@/components/auth/use-session";
import { SheetBody, SheetLoading } from "@/components/cart/sheet-layout";
import type { CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { mobileNeedsConfirming, type CheckoutForm } from "@/lib/validation/checkout";
import { CustomerFields } from "./customer-fields";
import { FulfilmentSection, useFulfilmentChoice } from "./fulfilment-section";
import type { CartDto } from "@/contract/dto/cart";
import { StepHeading } from "./step-heading";
import { StepNav } from "./step-nav";
import { useCustomFieldDefinitions, type CheckoutSetup } from "./use-checkout-setup";
import { checkoutFormDefaults, useCheckoutForm, useSaveCheckoutCustomer } from "./use-checkout-form";

type Props = {
  cart: CartDto;
  setup: CheckoutSetup;
  /** What was typed earlier in this checkout (back and forth, or before a reload). */
  saved: CheckoutForm | null;
  onBack: (values: CheckoutForm) => void;
  onSaved: (values: CheckoutForm) => void;
  onSessionLost: (values: CheckoutForm) => void;
  /** A number other than the signed-in one was typed: it is confirmed by a code before it is used. */
  onConfirmNumber: (values: CheckoutForm) => void;
  /** Every change as it is typed (kept in the checkout's draft: a language switch or a reload keeps it). */
  onTyping?: (values: CheckoutForm) => void;
};

function CustomerInfoForm({
  cart,
  setup,
  saved,
  definitions,
  onBack,
  onSaved,
  onSessionLost,
  onConfirmNumber,
  onTyping,
}: Props & { definitions: CustomFieldDefinitionDto[] }) {
  const t = useTranslations("checkout.customer");
  const formId = useId();
  const { customer } = useSession();
  const form = useCheckoutForm(setup, definitions, checkoutFormDefaults(customer, definitions, saved));
  const save = useSaveCheckoutCustomer(form, definitions, setup.config.separateFirstAndLastName, () =>
    onSessionLost(form.getValues()),
  );
  const fulfilment = useFulfilmentChoice(cart, setup.config.fulfilment);
  const { isSubmitting } = form.formState;
  useEffect(() => {
    if (!onTyping) return;
    const watching = form.watch(() => onTyping(form.getValues()));
    return () => watching.unsubscribe();
  }, [form, onTyping]);
  return (
    <>
      <SheetBody>
        <form
          id={formId}
          noValidate
          className="grid gap-5 py-5"
          onSubmit={form.handleSubmit(async (values) => {
            if (!(await fulfilment.commit())) return;
            if (mobileNeedsConfirming(values, customer?.mobileNumber)) onConfirmNumber(values);
            else if (await save(values)) onSaved(values);
          })}
        >
          <div>
            <StepHeading>{t("title")}</StepHeading>
            <p className="mt-1 text-sm text-muted-foreground">{t("description")}</p>
          </div>
          <CustomerFields
            form={form}
            setup={setup}
            definitions={definitions}
            beforeTerms={<FulfilmentSection choice={fulfilment} />}
          />
        </form>
      </SheetBody>
      <StepNav
        backLabel={t("back")}
        onBack={() => onBack(form.getValues())}
        forwardLabel={isSubmitting ? t("saving") : t("continue")}
        forward={{ type: "submit", form: formId, disabled: isSubmitting, "aria-busy": isSubmitting || undefined }}
      />
    </>
  );
}

/** The Customer info stage (spec §2, §5): the customer's details for this order, saved on their record. */
export function CustomerInfoStep(props: Props) {
  const definitions = useCustomFieldDefinitions();
  const { isPending } = useSession();
  if (definitions.isPending || isPending) return <SheetLoading />;
  // Without the definitions the form still works for name and mobile; the platform checks fields again.
  return <CustomerInfoForm {...props} definitions={definitions.data ?? []} />;
}
