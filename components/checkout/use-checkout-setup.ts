"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { toTenantConfig, type TenantConfig } from "@/contract/tenant-settings";
import { publicReads } from "@/lib/store-client/public-reads";

/** The website page whose existence turns the terms checkbox on (spec §5). */
export const TERMS_PAGE_PATH = "z/terms-and-conditions";

export type CheckoutSetup = {
  config: TenantConfig;
  /** The terms checkbox is shown and required, its label linking to the terms page (see checkoutTerms). */
  termsRequired: boolean;
};

/**
 * The terms checkbox before paying, its label linking to the terms page: only when that page exists
 * (spec §5: there is nothing to agree to without it), and then when terms are enabled or the store
 * asks for the box with tosCheckboxEnabled (spec §3). Without the page the store's own message
 * (customTosMessage) still shows, as text.
 */
export function checkoutTerms(
  config: Pick<TenantConfig, "termsEnabled" | "tosCheckboxEnabled">,
  hasTermsPage: boolean,
): Pick<CheckoutSetup, "termsRequired"> {
  return { termsRequired: hasTermsPage && (config.termsEnabled || config.tosCheckboxEnabled) };
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
