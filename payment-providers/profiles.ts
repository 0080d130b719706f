import type { BrowserAssets, SettingRule, SettingsValues, UnionToIntersection } from "@/contract/provider-profile";
import { moyasarProfile } from "./moyasar/profile";
import { myfatoorahProfile } from "./myfatoorah/profile";
import { tabbyProfile } from "./tabby/profile";
import { tamaraProfile } from "./tamara/profile";

/**
 * The payment providers' profiles (docs/payments.md): what the contract's vocabularies take from
 * each folder without a schema library — the provider names, the card forms, the pay-later
 * methods, the settings keys, the error codes and what the browser loads. The browser's
 * configuration reader loads this registry, so it holds profiles only; contract.ts has the
 * endpoints, platform.ts the server parts.
 */
export const PROVIDER_PROFILES = {
  moyasar: moyasarProfile,
  myfatoorah: myfatoorahProfile,
  // Before tabby: spec §3 lists their methods in this order.
  tamara: tamaraProfile,
  tabby: tabbyProfile,
};

type Profile = (typeof PROVIDER_PROFILES)[keyof typeof PROVIDER_PROFILES];
const profiles: readonly Profile[] = Object.values(PROVIDER_PROFILES);

/** A company whose API is called; a store's account with it is kept under this name. */
export type PaymentProvider = Profile["providers"][number];
/** Every provider, in the registry's order: the accounts' names, the webhooks' path and the operator CLI's argument. */
export const PAYMENT_PROVIDERS = profiles.flatMap((p) => p.providers) as readonly PaymentProvider[] as readonly [
  PaymentProvider,
  ...PaymentProvider[],
];

type PayLaterOf<P> = P extends { payLater: readonly (infer M)[] } ? M : never;
/** Spec §3 methods paid later through their provider, for the full total (spec §9). */
export type PayLaterMethod = PayLaterOf<Profile>;
export const PAY_LATER_METHODS = profiles.flatMap((p) =>
  "payLater" in p ? p.payLater : [],
) as readonly PayLaterMethod[];

type PrecheckOf<P> = P extends { precheck: infer C } ? C : never;
/** A pay-later method with its provider, and how that provider is asked first, if it is. */
export type PayLaterEntry = {
  method: PayLaterMethod;
  provider: PayLaterProvider;
  precheck: PrecheckOf<Profile> | null;
};
type PayLaterProviderOf<P> = P extends { payLater: readonly string[]; providers: readonly (infer N)[] } ? N : never;
/** The providers of pay-later methods: the done page's payment_method on the way back from them (spec §2). */
export type PayLaterProvider = PayLaterProviderOf<Profile>;
export const PAY_LATER: readonly PayLaterEntry[] = profiles.flatMap((p) =>
  "payLater" in p
    ? p.payLater.map((method) => ({
        method,
        provider: p.providers[0] as PayLaterProvider,
        precheck: "precheck" in p ? p.precheck : null,
      }))
    : [],
);

type CardFormOf<P> = P extends { cardForms: readonly (infer N)[] } ? N : never;
/** The providers whose embedded card form a store may choose (onlinePaymentProvider, spec §3). */
export type CardFormProvider = CardFormOf<Profile>;
export const CARD_FORM_PROVIDERS = profiles.flatMap((p) =>
  "cardForms" in p ? p.cardForms : [],
) as readonly CardFormProvider[] as readonly [CardFormProvider, ...CardFormProvider[]];
/** The card form of a store that does not choose one (spec §3). */
export const DEFAULT_CARD_FORM = profiles.flatMap((p) => ("defaultCardForm" in p ? [p.defaultCardForm] : []))[0];

type SettingsKeyOf<P> = P extends { settings: infer S } ? keyof S & string : never;
/** The providers' keys in the tenant's settings map, with how each is checked when written. */
export type ProviderSettingsKey = SettingsKeyOf<Profile>;
export const PROVIDER_SETTINGS = Object.assign({}, ...profiles.map((p) => p.settings)) as Record<
  ProviderSettingsKey,
  SettingRule
>;

type ConfigOf<P> = P extends { read: (s: SettingsValues) => { config: infer C } } ? C : never;
/** The providers' part of the storefront's configuration (contract/tenant-settings.ts). */
export type ProviderConfig = UnionToIntersection<ConfigOf<Profile>>;

/** Each provider's part of the configuration, and which pay-later methods the settings offer. */
export function readProviderSettings(settings: SettingsValues): {
  config: ProviderConfig;
  offers: Record<PayLaterMethod, boolean>;
} {
  const read = profiles.map((p) => p.read(settings));
  return {
    config: Object.assign({}, ...read.map((r) => r.config)),
    offers: Object.assign({}, ...read.map((r) => r.offers)),
  };
}

type CodeOf<P> = P extends { codes: infer C } ? keyof C & string : never;
/** The error codes the providers add (spec §8's for their payments), with their English texts. */
export type ProviderErrorCode = CodeOf<Profile>;
export const PROVIDER_CODES = Object.assign({}, ...profiles.map((p) => p.codes)) as Record<ProviderErrorCode, string>;

type BrowserFieldOf<P> = P extends { browser: { field: infer F } } ? F : never;
/** The tenant's browser-safe payment addresses, one field per provider folder that has browser assets. */
export type BrowserField = BrowserFieldOf<Profile>;
/** What the storefront's browser loads from each provider, with the provider whose account it is by default. */
export const BROWSER_ASSETS: readonly (BrowserAssets & { field: BrowserField; provider: PaymentProvider })[] =
  profiles.flatMap((p) => ("browser" in p ? [{ ...p.browser, provider: p.providers[0] }] : []));
