"use client";

import { useId, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { COUNTRY_ORDER, DIALING_CODES, type SupportedCountry } from "@/rules/phone";
import { phoneFormMobile, phoneFormSchema, type PhoneForm } from "@/lib/validation/sign-in";
import { signInApi } from "@/lib/store-client/sign-in";
import { useSignInErrorText } from "./use-session-error-message";
import { CountryFlag } from "./country-flag";

export type SentCode = { mobileNumber: string; token: string; sentAt: number; form: PhoneForm };

type Props = { defaults: PhoneForm; onSent: (sent: SentCode) => void };

/** Step 1: the mobile number (spec §5: required, valid; countries SA, AE, KW, QA, BH, OM). */
export function PhoneStep({ defaults, onSent }: Props) {
  const t = useTranslations("account.signIn");
  const tRoot = useTranslations();
  const locale = useLocale();
  const errorText = useSignInErrorText();
  const ids = { country: useId(), number: useId(), error: useId() };
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: defaults,
    reValidateMode: "onChange",
  });
  const { errors, isSubmitting } = form.formState;
  const country = useWatch({ control: form.control, name: "country" });
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: "region" }), [locale]);

  const send = async (values: PhoneForm) => {
    setServerError(null);
    const mobileNumber = phoneFormMobile(values);
    if (!mobileNumber) return;
    try {
      const { token } = await signInApi.sendOtp({ body: { mobileNumber } }, { locale });
      onSent({ mobileNumber, token, sentAt: Date.now(), form: values });
    } catch (err) {
      setServerError(errorText(err));
    }
  };

  const numberError = errors.number?.message ? tRoot(errors.number.message) : serverError;
  return (
    <form onSubmit={(e) => void form.handleSubmit(send)(e)} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={ids.number} required>
          {t("mobileLabel")}
        </Label>
        {/* Numbers read left to right in both languages: the dialing code stays on their left. */}
        <div dir="ltr" className="flex gap-2">
          <div className="relative shrink-0">
            <select
              id={ids.country}
              aria-label={t("countryLabel")}
              {...form.register("country")}
              // The native list (names in the page's language) over a compact face: flag and code.
              className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
            >
              {COUNTRY_ORDER.map((c) => (
                <option key={c} value={c}>
                  {`${names.of(c) ?? c} (+${DIALING_CODES[c]})`}
                </option>
              ))}
            </select>
            <div
              aria-hidden="true"
              className={cn(
                inputClassName,
                "flex w-auto items-center gap-1.5 pe-2.5 tabular peer-hover:border-primary/40 peer-focus-visible:border-primary peer-focus-visible:ring-3 peer-focus-visible:ring-ring/20",
              )}
            >
              <CountryFlag country={country as SupportedCountry} />
              <span>+{DIALING_CODES[country as SupportedCountry]}</span>
              <ChevronDown className="size-4 text-muted-foreground" />
            </div>
          </div>
          <input
            id={ids.number}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t("mobilePlaceholder")}
            aria-invalid={numberError ? true : undefined}
            aria-required="true"
            aria-describedby={numberError ? ids.error : undefined}
            {...form.register("number", { onChange: () => setServerError(null) })}
            className={cn(inputClassName, "flex-1 text-start tabular")}
          />
        </div>
        <FormMessage id={ids.error}>{numberError}</FormMessage>
      </div>
      <p className="text-sm text-muted-foreground">{t("smsNote")}</p>
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? t("sending") : t("sendCode")}
      </Button>
    </form>
  );
}
