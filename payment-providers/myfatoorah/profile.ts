import { defineProfile } from "@/contract/provider-profile";

/** The hosts the browser reaches it at live: its scripts, frames, API and hosted pages. */
const HOSTS = ["https://*.myfatoorah.com"];

/**
 * MyFatoorah's embedded card form, and rekaz-pay: the same API and form under an account of its
 * own (spec §9). The store's card form setting says whose account the form uses.
 */
export const myfatoorahProfile = defineProfile({
  providers: ["myfatoorah", "rekaz-pay"],
  cardForms: ["myfatoorah", "rekaz-pay"],
  settings: {},
  read: () => ({ config: {}, offers: {} }),
  codes: {},
  browser: {
    field: "myfatoorahScriptUrl",
    live: "https://sa.myfatoorah.com/cardview/v1/session.js",
    sandbox: "/sandbox/myfatoorah/cardview/v1/session.js",
    accountFor: (cardForm) => (cardForm === "rekaz-pay" ? "rekaz-pay" : "myfatoorah"),
    origins: { live: { script: HOSTS, frame: HOSTS, connect: HOSTS, form: HOSTS }, sandbox: {} },
    // Its card form's session call.
    firstLoadMarker: "myfatoorah-session",
  },
});
