import { defineProfile, type PayLaterSettings, payLaterSettings } from "@/contract/provider-profile";

/** The hosts the browser reaches it at live: its scripts, frames, API and hosted pages. */
const HOSTS = ["https://*.tamara.co"];

/** Tamara: pay later through its hosted page, with its promo widget on product pages. */
export const tamaraProfile = defineProfile({
  providers: ["tamara"],
  payLater: ["TAMARA"],
  settings: { tamaraEnabled: "flag", tamaraPublicKey: "text", tamaraMerchantCode: "text" },
  read: (s) => {
    const tamara = payLaterSettings(s, {
      enabled: "tamaraEnabled",
      publicKey: "tamaraPublicKey",
      merchantCode: "tamaraMerchantCode",
    });
    return {
      config: {
        tamara,
        /** Spec §2: the promo widget needs the flag, a public key and a merchant code. */
        showTamaraPromo: tamara.enabled && !!tamara.publicKey && !!tamara.merchantCode,
      },
      // Spec §5: usable when enabled with its key.
      offers: { TAMARA: tamara.enabled && !!tamara.publicKey },
    };
  },
  codes: { CREATE_TAMARA_SESSION_ERROR: "Failed to create tamara payment session" },
  browser: {
    field: "tamaraWidgetScriptUrl",
    live: "https://cdn.tamara.co/widget-v2/tamara-widget.js",
    sandbox: "/sandbox/tamara/widget-v2/tamara-widget.js",
    origins: { live: { script: HOSTS, frame: HOSTS, connect: HOSTS, form: HOSTS }, sandbox: {} },
  },
  promo: {
    slotClass: "h-24 sm:h-[4.5rem]",
    // Spec §2: its widget only under showTamaraPromo, with its public key and its script set.
    props: ({ tamara, showTamaraPromo }: { tamara: PayLaterSettings; showTamaraPromo: boolean }, payments) =>
      showTamaraPromo && tamara.publicKey && payments.tamaraWidgetScriptUrl
        ? { scriptUrl: payments.tamaraWidgetScriptUrl, publicKey: tamara.publicKey }
        : null,
  },
});
