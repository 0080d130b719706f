"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { toTenantConfig, type TenantConfig } from "@/contract/tenant-settings";
import { publicCheckoutApi } from "./checkout-api";

/** The website page whose existence turns the terms checkbox on (spec §5). */
export const TERMS_PAGE_PATH = "z/terms-and-conditions";

export type CheckoutSetup = {
  config: TenantConfig;
  /** Terms are enabled and the terms page exists: the checkbox is shown and required. */
  termsRequired: boolean;
};

/**
 * The tenant's storefront configuration as the checkout needs it, read from the public website
 * config when the sheet first opens (the page itself never ships it to the browser).
 */
export function useCheckoutSetup() {
  const locale = useLocale();
  return useQuery({
    queryKey: ["checkout", "setup", locale],
    queryFn: async (): Promise<CheckoutSetup> => {
      const site = await publicCheckoutApi.websiteConfig(locale);
      const config = toTenantConfig(site.settings);
      const hasTermsPage = site.pages.some((page) => page.path.replace(/^\/+/, "") === TERMS_PAGE_PATH);
      return { config, termsRequired: config.termsEnabled && hasTermsPage };
    },
  });
}

/** The tenant's custom field definitions, labels in the page's language. */
export function useCustomFieldDefinitions() {
  const locale = useLocale();
  return useQuery({ queryKey: ["checkout", "custom-fields", locale], queryFn: () => publicCheckoutApi.customFields(locale) });
}
