"use client";

import { useMemo } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { ChevronDown } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { CountryFlag } from "@/components/auth/country-flag";
import { FormMessage } from "@/components/ui/form-message";
import { inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { COUNTRY_ORDER, DIALING_CODES, type SupportedCountry } from "@/rules/phone";
import type { CheckoutForm } from "@/lib/validation/checkout";

/**
 * The order's contact number (spec §5: required, valid, normalised; picker order SA, AE, KW, QA,
 * BH, OM). Prefilled with the number the customer signed in with.
 */
export function MobileField({
  form,
  id,
  error,
}: {
  form: UseFormReturn<CheckoutForm>;
  id: string;
  error: string | undefined;
}) {
  const t = useTranslations("checkout.customer");
  const locale = useLocale();
  const country = useWatch({ control: form.control, name: "mobile.country" }) as SupportedCountry;
  const regions = useMemo(() => new Intl.DisplayNames([locale], { type: "region" }), [locale]);
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} required>
        {t("mobile")}
      </Label>
      {/* Numbers read left to right in both languages: the dialing code stays on their left. */}
      <div dir="ltr" className="flex gap-2">
        <div className="relative shrink-0">
          <select
            aria-label={t("country")}
            {...form.register("mobile.country")}
            className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
          >
            {COUNTRY_ORDER.map((c) => (
              <option key={c} value={c}>
                {`${regions.of(c) ?? c} (+${DIALING_CODES[c]})`}
              </option>
            ))}
          </select>
          <div
            aria-hidden="true"
            className={cn(
              inputClassName,
              "flex w-auto items-center gap-1.5 pe-2.5 tabular peer-focus-visible:border-primary peer-focus-visible:ring-3 peer-focus-visible:ring-ring/20",
            )}
          >
            <CountryFlag country={country} />
            <span>+{DIALING_CODES[country]}</span>
            <ChevronDown className="size-4 text-muted-foreground" />
          </div>
        </div>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register("mobile.number")}
          className={cn(inputClassName, "flex-1 text-start tabular")}
        />
      </div>
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
