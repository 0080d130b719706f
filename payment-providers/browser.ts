import type { BrowserPart } from "@/lib/payments/browser-part";
import type { PROVIDER_PROFILES } from "./profiles";
import { moyasarBrowser } from "./moyasar/browser";
import { myfatoorahBrowser } from "./myfatoorah/browser";
import { tabbyBrowser } from "./tabby/browser";
import { tamaraBrowser } from "./tamara/browser";

/**
 * The payment providers' browser parts (docs/payments.md), keyed by folder like the other
 * registries: the checkout's ways to pay and the product pages' promo widgets. Each part loads its
 * code on demand, so importing this registry costs a page only the entries.
 */
export const PROVIDER_BROWSER = {
  moyasar: moyasarBrowser,
  myfatoorah: myfatoorahBrowser,
  tamara: tamaraBrowser,
  tabby: tabbyBrowser,
} satisfies Record<keyof typeof PROVIDER_PROFILES, BrowserPart>;
