"use client";

import { useMemo } from "react";
import { useForm, type FieldPath, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import type { SessionView } from "@/contract/store/session";
import { StoreApiError } from "@/lib/client-fetch";
import { failureMessageKey } from "@/lib/errors";
import { checkoutApi } from "@/lib/store-client/checkout";
import { splitMobile } from "@/rules/phone";
import type { CustomerDto, CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { checkoutFormSchema, fullName, splitName, type CheckoutForm } from "@/lib/validation/checkout";
import { normalizeFieldValue } from "@/rules/custom-field-values";
import type { CheckoutSetup } from "./use-checkout-setup";
import { isSessionLost, useMarkSignedOut } from "./use-checkout-session";

/** The form as the signed-in customer's record fills it: name, the number they signed in with, their field values. */
export function checkoutFormDefaults(
  customer: CustomerDto | null,
  definitions: readonly CustomFieldDefinitionDto[],
  saved?: CheckoutForm | null,
): CheckoutForm {
  const name = customer?.name ?? "";
  const mobile = splitMobile(customer?.mobileNumber ?? "");
  const fromRecord: CheckoutForm = {
    name,
    ...splitName(name),
    mobile: { country: mobile?.country ?? "SA", number: mobile?.nationalNumber ?? "" },
    customFields: Object.fromEntries(definitions.map((d) => [d.name, customer?.customFields[d.name] ?? ""])),
    bookingNotes: "",
    termsAccepted: false,
  };
  // What the shopper already typed in this checkout wins over the record.
  return saved
    ? { ...fromRecord, ...saved, customFields: { ...fromRecord.customFields, ...saved.customFields } }
    : fromRecord;
}

export function useCheckoutForm(
  setup: CheckoutSetup,
  definitions: readonly CustomFieldDefinitionDto[],
  defaults: CheckoutForm,
) {
  const separateNames = setup.config.separateFirstAndLastName;
  const schema = useMemo(
    () => checkoutFormSchema({ separateNames, termsRequired: setup.termsRequired, definitions }),
    [separateNames, setup.termsRequired, definitions],
  );
  return useForm<CheckoutForm>({ resolver: zodResolver(schema), defaultValues: defaults, reValidateMode: "onChange" });
}

/**
 * Saves the customer's name and custom fields on their record (identity-customer/customer through
 * the checkout BFF). Resolves true when saved. A refusal is a destructive toast titled with the
 * error (spec §8: details.message, else the message) naming the field, which is marked; an ended
 * session calls onSessionLost instead.
 */
export function useSaveCheckoutCustomer(
  form: UseFormReturn<CheckoutForm>,
  definitions: readonly CustomFieldDefinitionDto[],
  separateNames: boolean,
  onSessionLost: () => void,
) {
  const locale = useLocale();
  const client = useQueryClient();
  const tErrors = useTranslations("errors");
  const markSignedOut = useMarkSignedOut();

  return async (values: CheckoutForm): Promise<boolean> => {
    try {
      const customFields = Object.fromEntries(
        definitions.map((d) => [d.name, normalizeFieldValue(d, values.customFields[d.name]) || null]),
      );
      const saved = await checkoutApi.saveCustomer(
        { body: { name: fullName(values, separateNames), customFields } },
        { locale },
      );
      client.setQueryData<SessionView | null>(SESSION_QUERY_KEY, (old) => (old ? { ...old, customer: saved } : old));
      return true;
    } catch (err) {
      if (isSessionLost(err)) {
        markSignedOut();
        onSessionLost();
        return false;
      }
      const details = err instanceof StoreApiError ? err.details : undefined;
      const field = typeof details?.field === "string" ? details.field : null;
      const definition = field ? definitions.find((d) => d.name === field) : undefined;
      if (definition)
        form.setError(
          `customFields.${definition.name}` as FieldPath<CheckoutForm>,
          { message: `errors.${failureMessageKey(err)}` },
          { shouldFocus: true },
        );
      if (err instanceof StoreApiError && err.code === "SP:ValidationError" && details?.name)
        form.setError(separateNames ? "firstName" : "name", { message: "validation.invalid" }, { shouldFocus: true });
      const title =
        typeof details?.message === "string" && details.message ? details.message : tErrors(failureMessageKey(err));
      toast.error(title, { description: definition?.label, duration: 6000 });
      return false;
    }
  };
}
