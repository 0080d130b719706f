"use client";

import { useId, useMemo, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { createMoyasarToken } from "./api";
import type { CartDto } from "@/contract/dto/cart";
import { localePath } from "@/lib/site-routing";
import { acceptedNetworks } from "@/rules/card-networks";
import { CARD_MONTHS, cardSchema, cardYears, formatCardNumber, type CardValues } from "./card-form";
import { payApi } from "@/lib/store-client/pay";
import type { CheckoutDetails } from "@/components/checkout/payment/payment-api";
import { PaymentActions } from "@/components/checkout/payment/payment-actions";
import { PaymentHeading, SecureCardNote } from "@/components/checkout/payment/payment-heading";
import { useOnlinePay, usePaymentEndpoints } from "@/components/checkout/payment/use-online-pay";
import { nextAfterMoyasar } from "./next";
import { useFormatSar } from "@/components/money/sar-style";

type Props = {
  cart: CartDto;
  amount: number;
  publicKey: string | null;
  enabledMethods: readonly string[];
  checkout: CheckoutDetails;
  onBack: () => void;
};

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} required>
        {label}
      </Label>
      {children}
      <FormMessage id={`${id}-error`}>{error}</FormMessage>
    </div>
  );
}

/**
 * Card through Moyasar (spec §5): the card form, a token made by this browser with the store's
 * publishable key (the card never reaches our server), then the payment, whose 3-D Secure page
 * the shopper is sent to. A declined card leaves the form as it was, to try again.
 */
export function CardPayment({ cart, amount, publicKey, enabledMethods, checkout, onBack }: Props) {
  const t = useTranslations("order.card");
  const tRoot = useTranslations();
  const locale = useLocale();
  const sar = useFormatSar();
  const id = useId();
  // The networks the store takes (its MADA and VISA settings): another card is refused here, in the form.
  const networks = useMemo(
    () => acceptedNetworks({ mada: enabledMethods.includes("MADA"), visa: enabledMethods.includes("VISA") }),
    [enabledMethods],
  );
  const schema = useMemo(() => cardSchema(new Date(), networks), [networks]);
  const years = useMemo(() => cardYears(), []);
  const endpoints = usePaymentEndpoints();
  const pay = useOnlinePay(cart.id);
  const form = useForm<CardValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", number: "", month: "", year: "", cvc: "" },
    reValidateMode: "onChange",
  });
  const { errors } = form.formState;
  const busy = pay.isPending || pay.isSuccess;
  const message = (key: keyof CardValues) => (errors[key]?.message ? tRoot(errors[key].message) : null);
  const aria = (key: keyof CardValues) => ({
    "aria-required": true as const,
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
  });

  const submit = form.handleSubmit((card) =>
    pay.mutate(async () => {
      const { moyasarApiUrl } = await endpoints.load();
      const callbackUrl = `${window.location.origin}${localePath(locale, `/checkout/done/${encodeURIComponent(cart.id)}`)}`;
      const token = await createMoyasarToken(moyasarApiUrl ?? "", publicKey, schema.parse(card), callbackUrl);
      return nextAfterMoyasar(
        await payApi.step("moyasar", "start", { token, tokenType: "token", checkout }, { locale }),
      );
    }),
  );

  const numberField = form.register("number");
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-labelledby={`${id}-title`}>
      <PaymentHeading id={`${id}-title`} title={t("title")} description={t("description", { amount: sar(amount) })} />
      <fieldset disabled={busy} className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-soft">
        <legend className="sr-only">{t("legend")}</legend>
        <Field id={`${id}-name`} label={t("name")} error={message("name")}>
          <Input
            id={`${id}-name`}
            autoComplete="cc-name"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            lang="en"
            {...aria("name")}
            aria-describedby={errors.name ? `${id}-name-error` : `${id}-name-hint`}
            {...form.register("name")}
          />
          {errors.name ? null : (
            <p id={`${id}-name-hint`} className="text-xs text-muted-foreground">
              {t("nameHint")}
            </p>
          )}
        </Field>
        <Field id={`${id}-number`} label={t("number")} error={message("number")}>
          {/* Card numbers read left to right in both languages. */}
          <Input
            id={`${id}-number`}
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={23}
            className="tabular text-start font-mono rtl:text-end"
            {...aria("number")}
            {...numberField}
            onChange={(e) => {
              e.target.value = formatCardNumber(e.target.value);
              void numberField.onChange(e);
            }}
          />
        </Field>
        <div className="grid grid-cols-3 gap-3">
          <Field id={`${id}-month`} label={t("month")} error={message("month")}>
            <select
              id={`${id}-month`}
              autoComplete="cc-exp-month"
              dir="ltr"
              className={cn(inputClassName, "tabular px-2.5")}
              {...aria("month")}
              {...form.register("month")}
            >
              <option value="">{t("monthPlaceholder")}</option>
              {CARD_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-year`} label={t("year")} error={message("year")}>
            <select
              id={`${id}-year`}
              autoComplete="cc-exp-year"
              dir="ltr"
              className={cn(inputClassName, "tabular px-2.5")}
              {...aria("year")}
              {...form.register("year")}
            >
              <option value="">{t("yearPlaceholder")}</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-cvc`} label={t("cvc")} error={message("cvc")}>
            <Input
              id={`${id}-cvc`}
              dir="ltr"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              className="tabular text-start font-mono rtl:text-end"
              {...aria("cvc")}
              {...form.register("cvc")}
            />
          </Field>
        </div>
      </fieldset>
      <SecureCardNote>{t("secureNote")}</SecureCardNote>
      <PaymentActions onBack={onBack} busy={busy} submitLabel={t("pay", { amount: sar(amount) })} type="submit" />
    </form>
  );
}
