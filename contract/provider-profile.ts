/**
 * What a payment provider's folder declares of itself without a schema library
 * (payment-providers/<name>/profile.ts, docs/payments.md): the browser's configuration reader
 * (tenant-settings.ts), the error vocabulary (errors.ts) and the storefront's page headers load it,
 * so it stays free of zod, and it imports nothing of the contract, which reads it.
 */

/** The tenant's settings map as a profile reads it (spec §3: string → string). */
export type SettingsValues = Readonly<Record<string, string | undefined>>;

/** How the operator tooling checks a provider's setting when it is written. */
export type SettingRule = "flag" | "text" | "publishable";

/** Hosts by what a page does there: load scripts, frame pages, call APIs, post forms. */
export type BrowserOrigins = {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  form?: readonly string[];
};

/**
 * What the storefront's browser loads from a provider: one address of the tenant's payment
 * endpoints (contract/dto/tenants.ts, under `field`), live or this app's sandbox of it (relative,
 * so that it works on every store host), and the origins it then reaches.
 */
export type BrowserAssets = {
  field: string;
  live: string;
  sandbox: string;
  /** The browser calls the provider's API itself: an account with its own base URL is called there. */
  followsBaseUrl?: true;
  /** Whose account's address it is when the folder serves more than one provider (by the store's card form). */
  accountFor?: (cardForm: string) => string;
  /**
   * The hosts its browser part reaches, by what for (the pages' content security policy lets each
   * in), live and in the sandbox — there beyond this app's own origin, which every page allows.
   */
  origins: { live: BrowserOrigins; sandbox: BrowserOrigins };
  /**
   * A string literal only its checkout code holds, kept as is by the minifier: the bundle check
   * (scripts/bundle-budget.mjs) fails a product page whose first load holds it, and a build whose
   * chunks all lack it (the check could no longer see that code).
   */
  firstLoadMarker?: string;
};

/** The widget's props, from the server to its browser part: its script's address and what the script needs. */
export type PromoProps = { readonly scriptUrl: string } & Readonly<Record<string, string>>;

/**
 * A pay-later provider's promo widget under a product's price (spec §2). The server draws its slot
 * (id `<folder>-promo`) at the widget's height, so that nothing moves when the widget arrives; its
 * browser part's `promo` draws the widget there after the page has loaded.
 */
export type PromoDeclaration = {
  /** The slot's height on each screen (Tailwind classes), the widget's own. */
  slotClass: string;
  /**
   * The widget's props from its part of the storefront's configuration (what its `read` answers,
   * the parameter typed as that part) and the tenant's browser-safe payment addresses
   * (PaymentEndpoints, its `browser.field` among them); null when the store does not show it. Pure:
   * the product page runs it on the server.
   */
  props: (config: never, payments: Readonly<Record<string, string | null>>) => PromoProps | null;
};

export type ProviderProfile = {
  /**
   * The providers the folder serves — companies whose API is called — by the name a store's
   * account with each is kept under; one folder may serve two names for one API.
   */
  providers: readonly [string, ...string[]];
  /** Those of its providers whose embedded card form a store may choose (onlinePaymentProvider, spec §3). */
  cardForms?: readonly string[];
  /** Its card form is the one a store gets without the setting (spec §3: the default). */
  defaultCardForm?: string;
  /**
   * Spec §3 methods named after the provider: paid later through it, for the full total (spec §9),
   * on its hosted page, which the checkout's pay-later view sends the shopper to (its `start` pay step).
   */
  payLater?: readonly string[];
  /**
   * It is asked first whether it would take the cart from the customer (spec §8), through the pay
   * step of this name, which answers a PayLaterPrecheckDto; `failureCode` is the code shown when
   * the check itself fails.
   */
  precheck?: { step: string; failureCode: string };
  /** Its keys in the tenant's settings map, with how each is checked when written. */
  settings: Readonly<Record<string, SettingRule>>;
  /** Its part of the storefront's configuration, and which of its pay-later methods the settings offer. */
  read: (settings: SettingsValues) => { config: object; offers: Readonly<Record<string, boolean>> };
  /** The error codes it adds (spec §8's for its payments), with their English texts. */
  codes: Readonly<Record<string, string>>;
  browser?: BrowserAssets;
  /** Its promo widget on product pages, if it has one. */
  promo?: PromoDeclaration;
};

/** Declares a profile; the literal types are kept, so that the registry's derived lists are typed. */
export function defineProfile<const P extends ProviderProfile>(profile: P): P {
  return profile;
}

/** A union of object types as one type with all their members (the registries' merged parts). */
export type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Spec §5: a flag is on only when its text is exactly "True". */
export const isTrue = (v: string | undefined) => v === "True";

/** A text setting, trimmed; empty or absent ⇒ null. */
export const text = (v: string | undefined) => (v && v.trim() !== "" ? v.trim() : null);

/** A pay-later provider's part of the configuration (payLaterSettings). */
export type PayLaterSettings = ReturnType<typeof payLaterSettings>;

/**
 * A pay-later provider's settings (spec §3: its enabled flag, public key and merchant code), under
 * its own key names. The store's `payLaterEnabled` turns every pay-later provider off at once when
 * it is set to anything but `True` (methods and promo widgets alike); unset, each follows its own flag.
 */
export const payLaterSettings = (
  settings: SettingsValues,
  keys: { enabled: string; publicKey: string; merchantCode: string },
) => ({
  enabled:
    isTrue(settings[keys.enabled]) && (settings.payLaterEnabled === undefined || isTrue(settings.payLaterEnabled)),
  publicKey: text(settings[keys.publicKey]),
  merchantCode: text(settings[keys.merchantCode]),
});
