"use client";

import { useId, useMemo, useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import type { SessionView } from "@/contract/store/session";
import { StoreApiError } from "@/lib/client-fetch";
import { accountApi } from "@/lib/store-client/account";
import { requireSignIn, setKnownSignedIn } from "@/components/auth/sign-in-state";
import { failureMessageKey } from "@/lib/errors";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CustomerDto, CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { accountFormSchema, type AccountForm } from "@/lib/validation/account";
import { fullName, splitName } from "@/lib/validation/names";
import { normalizeFieldValue } from "@/rules/custom-field-values";
import { CustomFieldRow } from "./custom-field-row";

type Props = { customer: CustomerDto; definitions: CustomFieldDefinitionDto[]; separateNames?: boolean };

function formValues(customer: CustomerDto, definitions: CustomFieldDefinitionDto[]): AccountForm {
  return {
    name: customer.name,
    ...splitName(customer.name),
    email: customer.email ?? "",
    phone: customer.phone_number ?? "",
    customFields: Object.fromEntries(definitions.map((d) => [d.name, customer.customFields[d.name] ?? ""])),
  };
}

/**
 * Account settings (spec §5): name, email and every custom field the store defines, checked in
 * the browser with the platform's own rules and saved through the session BFF. A refused save is
 * a destructive toast titled with the error (spec §8), and the field it names is marked.
 */
export function AccountSettingsForm({ customer, definitions, separateNames = false }: Props) {
  const t = useTranslations("account.settings");
  const tRoot = useTranslations();
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const client = useQueryClient();
  const baseId = useId();
  const schema = useMemo(() => accountFormSchema(definitions, separateNames), [definitions, separateNames]);
  const form = useForm<AccountForm>({
    resolver: zodResolver(schema),
    defaultValues: formValues(customer, definitions),
    reValidateMode: "onChange",
  });
  const { errors, isSubmitting } = form.formState;
  const [fileErrors, setFileErrors] = useState<Record<string, string | null>>({});
  const idOf = (name: string) => `${baseId}-${name}`;
  const errorIdOf = (name: string) => `${baseId}-${name}-error`;

  const save = async (values: AccountForm) => {
    try {
      let saved = await accountApi.updateProfile(
        {
          body: {
            name: fullName(values, separateNames),
            email: values.email || null,
            phone_number: values.phone || null,
          },
        },
        { locale },
      );
      if (definitions.length > 0) {
        const customFields = Object.fromEntries(
          definitions.map((d) => [d.name, normalizeFieldValue(d, values.customFields[d.name]) || null]),
        );
        saved = await accountApi.updateCustomFields({ body: { customFields } }, { locale });
      }
      client.setQueryData<SessionView | null>(SESSION_QUERY_KEY, (old) => (old ? { ...old, customer: saved } : old));
      form.reset(formValues(saved, definitions));
      toast.success(t("saved"));
    } catch (err) {
      onSaveError(err);
    }
  };

  const onSaveError = (err: unknown) => {
    if (err instanceof StoreApiError && err.status === 401) {
      // The session ended meanwhile: sign in again, then the same values are saved.
      client.setQueryData(SESSION_QUERY_KEY, null);
      setKnownSignedIn(false);
      requireSignIn(() => void form.handleSubmit(save)());
      return;
    }
    const title = tErrors(failureMessageKey(err));
    const field = err instanceof StoreApiError && typeof err.details?.field === "string" ? err.details.field : null;
    const definition = field ? definitions.find((d) => d.name === field) : undefined;
    if (definition)
      form.setError(
        `customFields.${definition.name}` as FieldPath<AccountForm>,
        { message: `errors.${failureMessageKey(err)}` },
        { shouldFocus: true },
      );
    // The storefront's own validation names the body's fields (name, email, phone_number) in its details.
    for (const [key, field] of [
      ["name", "name"],
      ["email", "email"],
      ["phone_number", "phone"],
    ] as const) {
      if (err instanceof StoreApiError && err.code === "SP:ValidationError" && err.details?.[key])
        form.setError(field, { message: "validation.invalid" });
    }
    toast.error(title, { description: definition?.label, duration: 6000 });
  };

  const messageOf = (key: string | undefined) => (key ? tRoot(key) : undefined);

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-6">
      <section
        className="grid gap-5 rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-6"
        aria-labelledby={`${baseId}-personal`}
      >
        <h2 id={`${baseId}-personal`} className="text-lg font-semibold">
          {t("personal")}
        </h2>
        {separateNames ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {(["firstName", "lastName"] as const).map((key) => (
              <div key={key} className="grid gap-2">
                <Label htmlFor={idOf(key)} required>
                  {t(key)}
                </Label>
                <Input
                  id={idOf(key)}
                  autoComplete={key === "firstName" ? "given-name" : "family-name"}
                  aria-required="true"
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={errors[key] ? errorIdOf(key) : undefined}
                  {...form.register(key)}
                />
                <FormMessage id={errorIdOf(key)}>{messageOf(errors[key]?.message)}</FormMessage>
              </div>
            ))}
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={idOf("name")} required>
              {t("name")}
            </Label>
            <Input
              id={idOf("name")}
              autoComplete="name"
              aria-required="true"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? errorIdOf("name") : undefined}
              {...form.register("name")}
            />
            <FormMessage id={errorIdOf("name")}>{messageOf(errors.name?.message)}</FormMessage>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={idOf("email")}>{t("email")}</Label>
          <Input
            id={idOf("email")}
            type="email"
            dir="ltr"
            autoComplete="email"
            inputMode="email"
            className="text-start rtl:text-end"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? errorIdOf("email") : undefined}
            {...form.register("email")}
          />
          <FormMessage id={errorIdOf("email")}>{messageOf(errors.email?.message)}</FormMessage>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={idOf("phone")}>{t("phone")}</Label>
          <Input
            id={idOf("phone")}
            type="tel"
            dir="ltr"
            autoComplete="tel"
            inputMode="tel"
            className="text-start rtl:text-end"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={`${idOf("phone")}-hint${errors.phone ? ` ${errorIdOf("phone")}` : ""}`}
            {...form.register("phone")}
          />
          <p id={`${idOf("phone")}-hint`} className="text-xs text-muted-foreground">
            {t("phoneHint")}
          </p>
          <FormMessage id={errorIdOf("phone")}>{messageOf(errors.phone?.message)}</FormMessage>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={idOf("mobile")}>{t("mobile")}</Label>
          <Input
            id={idOf("mobile")}
            value={customer.mobileNumber}
            readOnly
            dir="ltr"
            className="bg-muted text-start tabular rtl:text-end"
            aria-describedby={`${idOf("mobile")}-hint`}
          />
          <p id={`${idOf("mobile")}-hint`} className="text-xs text-muted-foreground">
            {t("mobileHint")}
          </p>
        </div>
      </section>

      {definitions.length > 0 ? (
        <section
          className="grid gap-5 rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-6"
          aria-labelledby={`${baseId}-more`}
        >
          <h2 id={`${baseId}-more`} className="text-lg font-semibold">
            {t("moreInfo")}
          </h2>
          {definitions.map((d) => (
            <CustomFieldRow
              key={d.name}
              control={form.control}
              name={`customFields.${d.name}`}
              definition={d}
              id={idOf(d.name)}
              errorId={errorIdOf(d.name)}
              error={messageOf(errors.customFields?.[d.name]?.message) ?? fileErrors[d.name] ?? undefined}
              onFileError={(message) => setFileErrors((prev) => ({ ...prev, [d.name]: message }))}
              onFileChange={() => void form.trigger(`customFields.${d.name}`)}
            />
          ))}
        </section>
      ) : null}

      <div className="flex items-center justify-end gap-3">
        <Button
          type="submit"
          size="lg"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="w-full sm:w-auto"
        >
          {isSubmitting ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
