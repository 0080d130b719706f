import { FBC_PATTERN, FBP_PATTERN, GA_CLIENT_ID_PATTERN, type TrackingBody } from "@/contract/input/checkout";
import { readConsent } from "./consent";
import type { UtmRecord } from "./utm";

/**
 * The checkout's `tracking` (docs/behaviour.md): whether the shopper accepted marketing tracking
 * — their answer to the banner when the store asks (`askConsent`), else yes: a store that does not
 * ask loads its pixels anyway — and, only then, Meta's `_fbp` and `_fbc` (or the landing's fbc),
 * GA4's client id from `_ga`, and this page. The server adds the address and user agent.
 */
export function checkoutTracking(askConsent: boolean, utm: UtmRecord | null): TrackingBody {
  const consent = askConsent ? readConsent() === "granted" : true;
  if (!consent) return { consent: false };
  const cookies = new Map(
    document.cookie.split(";").flatMap((c) => {
      const at = c.indexOf("=");
      return at > 0 ? [[c.slice(0, at).trim(), c.slice(at + 1).trim()] as const] : [];
    }),
  );
  const fits = (v: string | undefined, pattern: RegExp) => (v && pattern.test(v) ? v : undefined);
  // `_ga` is GA1.<n>.<random>.<seconds>: GA4's client id is its last two fields.
  const ga = cookies.get("_ga")?.split(".").slice(-2).join(".");
  return {
    consent: true,
    fbp: fits(cookies.get("_fbp"), FBP_PATTERN),
    fbc: fits(cookies.get("_fbc"), FBC_PATTERN) ?? fits(utm?.fbc, FBC_PATTERN),
    gaClientId: fits(ga, GA_CLIENT_ID_PATTERN),
    pageUrl: location.href.slice(0, 500),
  };
}

/** The checkout body's `utm` and `tracking`, read when the payment step opens. */
export const withTracking = (utm: UtmRecord | null, askConsent: boolean) => ({
  utm,
  tracking: checkoutTracking(askConsent, utm),
});
