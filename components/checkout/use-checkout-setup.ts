"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { toTenantConfig, type TenantConfig } from "@/contract/tenant-settings";
import { publicReads } from "@/lib/store-client/public-reads";

/** The website page whose existence turns the terms checkbox on (spec §5). */
export const TERMS_PAGE_PATH = "z/terms-and-conditions";

export type CheckoutSetup = {
  config: TenantConfig;
  /** The terms checkbox is shown and required (see checkoutTerms). */
  termsRequired: boolean;
  /** Its label links to the terms page. */
  termsLink: boolean;
};

/**
 * The terms checkbox before paying: required when terms are enabled and the terms page exists
 * (spec §5, its label links to the page), and when the store asks for it with tosCheckboxEnabled
 * (spec §3) even without a page (then a plain label).
 */
export function checkoutTerms(
  config: Pick<TenantConfig, "termsEnabled" | "tosCheckboxEnabled">,
  hasTermsPage: boolean,
): Pick<CheckoutSetup, "termsRequired" | "termsLink"> {
  const termsLink = config.termsEnabled && hasTermsPage;
  return { termsRequired: termsLink || config.tosCheckboxEnabled, termsLink };
}

/**
 * The tenant's storefront configuration as the checkout needs it, read from the public website
 * config when the sheet first opens (the page itself never ships it to the browser).
 */
export function useCheckoutSetup() {
  const locale = useLocale();
  return useQuery({
    queryKey: ["checkout", "setup", locale],
    queryFn: async (): Promise<CheckoutSetup> => {
      const site = await publicReads.websiteConfig({}, { locale });
      const config = toTenantConfig(site.settings);
      const hasTermsPage = site.pages.some((page) => page.path.replace(/^\/+/, "") === TERMS_PAGE_PATH);
      return { config, ...checkoutTerms(config, hasTermsPage) };
    },
  });
}

/** The tenant's custom field definitions, labels in the page's language. */
export function useCustomFieldDefinitions() {
  const locale = useLocale();
  return useQuery({
    queryKey: ["checkout", "custom-fields", locale],
    queryFn: () => publicReads.customFields({}, { locale }),
  });
}
