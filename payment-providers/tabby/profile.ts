import { defineProfile, type PayLaterSettings, payLaterSettings } from "@/contract/provider-profile";

/** The hosts the browser reaches it at live: its scripts, frames, API and hosted pages. */
const HOSTS = ["https://*.tabby.ai"];

/** Tabby: pay later in instalments through its hosted page, with its promo card on product pages. */
export const tabbyProfile = defineProfile({
  providers: ["tabby"],
  payLater: ["TABBY"],
  precheck: { step: "eligibility", failureCode: "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR" },
  settings: { tabbyEnabled: "flag", tabbyPublicKey: "publishable", tabbyMerchantCode: "text" },
  read: (s) => {
    const tabby = payLaterSettings(s, {
      enabled: "tabbyEnabled",
      publicKey: "tabbyPublicKey",
      merchantCode: "tabbyMerchantCode",
    });
    // Spec §5: usable when enabled with its key and merchant code.
    return { config: { tabby }, offers: { TABBY: tabby.enabled && !!tabby.publicKey && !!tabby.merchantCode } };
  },
  codes: {
    CREATE_TABBY_SESSION_ERROR: "Failed to create tabby payment session",
    TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR: "Failed to test tabby customer eligibility",
    "SP:TabbyNotEligible": "Tabby does not take this order from this customer",
  },
  browser: {
    field: "tabbyCardScriptUrl",
    live: "https://checkout.tabby.ai/tabby-card.js",
    sandbox: "/sandbox/tabby/tabby-card.js",
    origins: { live: { script: HOSTS, frame: HOSTS, connect: HOSTS, form: HOSTS }, sandbox: {} },
  },
  promo: {
    slotClass: "h-24",
    // Spec §2: its card when it is enabled with its public key and merchant code, and its script is set.
    props: ({ tabby }: { tabby: PayLaterSettings }, payments) =>
      tabby.enabled && tabby.publicKey && tabby.merchantCode && payments.tabbyCardScriptUrl
        ? { scriptUrl: payments.tabbyCardScriptUrl, publicKey: tabby.publicKey, merchantCode: tabby.merchantCode }
        : null,
  },
});
