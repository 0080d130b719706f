"use client";

import type { UseFormReturn } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { plainTenantText } from "@/lib/checkout/tenant-text";
import { localePath } from "@/lib/site-routing";
import type { CheckoutForm } from "@/lib/validation/checkout";
import { TERMS_PAGE_PATH } from "./use-checkout-setup";

type Props = {
  form: UseFormReturn<CheckoutForm>;
  id: string;
  termsRequired: boolean;
  customMessage: string | null;
  error: string | undefined;
};

/**
 * The terms (spec §5): the tenant's own message as plain text, and the checkbox when required
 * (checkoutTerms), its label linking to the terms page, which opens in a new tab.
 */
export function TermsField({ form, id, termsRequired, customMessage, error }: Props) {
  const t = useTranslations("checkout.terms");
  const locale = useLocale();
  const message = plainTenantText(customMessage);
  if (!termsRequired && !message) return null;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-3 rounded-xl bg-muted p-4">
      {message ? <p className="text-sm whitespace-pre-line text-muted-foreground">{message}</p> : null}
      {termsRequired ? (
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              {...form.register("termsAccepted")}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
            />
            <label htmlFor={id} className="text-sm leading-6">
              {t.rich("label", {
                link: (chunks) => (
                  <a
                    href={localePath(locale, `/${TERMS_PAGE_PATH}`)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    {chunks}
                    <span className="sr-only"> {t("newTab")}</span>
                  </a>
                ),
              })}
              <span aria-hidden="true" className="ms-1 text-destructive">
                *
              </span>
            </label>
          </div>
          <FormMessage id={errorId}>{error}</FormMessage>
        </div>
      ) : null}
    </div>
  );
}
