import { defineProfile, text } from "@/contract/provider-profile";

/**
 * Moyasar: cards (mada, Visa and the other networks) through its card form, and Apple Pay. The
 * browser makes card tokens and validates Apple Pay merchants on its API with the publishable key.
 */
export const moyasarProfile = defineProfile({
  providers: ["moyasar"],
  cardForms: ["moyasar"],
  defaultCardForm: "moyasar",
  settings: { moyasarPublicTokenKey: "publishable" },
  read: (s) => ({ config: { moyasarPublicTokenKey: text(s.moyasarPublicTokenKey) }, offers: {} }),
  codes: {},
  browser: {
    field: "moyasarApiUrl",
    live: "https://api.moyasar.com/v1",
    sandbox: "/sandbox/moyasar/v1",
    followsBaseUrl: true,
    origins: ["https://api.moyasar.com", "https://apple-pay-gateway.apple.com"],
  },
});
