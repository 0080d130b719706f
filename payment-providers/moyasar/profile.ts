import { defineProfile, text } from "@/contract/provider-profile";

/** The hosts the browser reaches it at live: its API (card tokens, Apple Pay merchant validation) and Apple's. */
const HOSTS = ["https://api.moyasar.com", "https://apple-pay-gateway.apple.com"];

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
    origins: { live: { frame: HOSTS, connect: HOSTS, form: HOSTS }, sandbox: {} },
    // Its browser client's Apple Pay merchant validation call.
    firstLoadMarker: "/applepay/initiate",
  },
});
