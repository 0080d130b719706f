"use client";

import { useId, useState, type ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslations } from "next-intl";
import { CustomFieldRow } from "@/components/account/custom-field-row";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { BOOKING_NOTES_MAX, type CheckoutForm } from "@/lib/validation/checkout";
import { MobileField } from "./mobile-field";
import { PresetsSection } from "./presets-section";
import { TermsField } from "./terms-field";
import type { CheckoutSetup } from "./use-checkout-setup";

type Props = {
  form: UseFormReturn<CheckoutForm>;
  setup: CheckoutSetup;
  definitions: readonly CustomFieldDefinitionDto[];
  withPresets?: boolean;
  /** What the order asks besides the customer (delivery or pickup), shown before the terms that close the form. */
  beforeTerms?: ReactNode;
};

/**
 * The customer's fields of the checkout (spec §5), shared by the checkout's customer step and
 * the quick checkout: name (or first and last name), mobile, the tenant's custom fields, saved
 * presets, booking notes when enabled, and the terms. Required fields carry the red asterisk.
 */
export function CustomerFields({ form, setup, definitions, withPresets = true, beforeTerms }: Props) {
  const t = useTranslations("checkout.customer");
  const tRoot = useTranslations();
  const baseId = useId();
  const [fileErrors, setFileErrors] = useState<Record<string, string | null>>({});
  const { errors } = form.formState;
  const { config } = setup;
  const idOf = (name: string) => `${baseId}-${name}`;
  const message = (key: string | undefined) => (key ? tRoot(key) : undefined);

  const nameInput = (name: "name" | "firstName" | "lastName", autoComplete: string) => {
    const error = message(errors[name]?.message);
    return (
      <div className="grid gap-2">
        <Label htmlFor={idOf(name)} required>
          {t(name)}
        </Label>
        <Input
          id={idOf(name)}
          autoComplete={autoComplete}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idOf(name)}-error` : undefined}
          {...form.register(name)}
        />
        <FormMessage id={`${idOf(name)}-error`}>{error}</FormMessage>
      </div>
    );
  };

  const notesError = message(errors.bookingNotes?.message);
  return (
    <div className="grid gap-5">
      {config.separateFirstAndLastName ? (
        <div className="grid gap-5 sm:grid-cols-2">
          {nameInput("firstName", "given-name")}
          {nameInput("lastName", "family-name")}
        </div>
      ) : (
        nameInput("name", "name")
      )}
      <MobileField form={form} id={idOf("mobile")} error={message(errors.mobile?.number?.message)} />
      {definitions.map((d) => (
        <CustomFieldRow
          key={d.name}
          control={form.control}
          name={`customFields.${d.name}`}
          definition={d}
          id={idOf(`field-${d.name}`)}
          errorId={idOf(`field-${d.name}-error`)}
          error={message(errors.customFields?.[d.name]?.message) ?? fileErrors[d.name] ?? undefined}
          onFileError={(fileError) => setFileErrors((prev) => ({ ...prev, [d.name]: fileError }))}
          onFileChange={() => void form.trigger(`customFields.${d.name}`)}
        />
      ))}
      {withPresets ? <PresetsSection /> : null}
      {config.cartNotesEnabled ? (
        <div className="grid gap-2">
          <Label htmlFor={idOf("notes")}>{t("notes")}</Label>
          <Textarea
            id={idOf("notes")}
            maxLength={BOOKING_NOTES_MAX}
            placeholder={t("notesPlaceholder")}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={notesError ? `${idOf("notes")}-error` : undefined}
            {...form.register("bookingNotes")}
          />
          <FormMessage id={`${idOf("notes")}-error`}>{notesError}</FormMessage>
        </div>
      ) : null}
      {beforeTerms}
      <TermsField
        form={form}
        id={idOf("terms")}
        termsRequired={setup.termsRequired}
        customMessage={config.customTosMessage}
        error={message(errors.termsAccepted?.message)}
      />
    </div>
  );
}
