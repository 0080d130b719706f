/**
 * The storefront pages' Content-Security-Policy. Scripts run only with the response's nonce
 * ('strict-dynamic': what a trusted script loads — Next's chunks, the pixels' and payment
 * providers' SDKs, loaded on demand — is trusted in turn); 'unsafe-inline' and https: are only
 * the fallback of browsers too old for nonces. Pure: the proxy calls it on every page.
 */

import type { BrowserOrigins } from "@/contract/provider-profile";
import { BROWSER_ASSETS } from "@/payment-providers/profiles";

/** Where the pixels (spec §1) and their beacons live. */
const PIXEL_HOSTS = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.g.doubleclick.net",
  "https://connect.facebook.net",
  "https://www.facebook.com",
  "https://analytics.tiktok.com",
  "https://*.tiktokw.us",
  "https://sc-static.net",
  "https://tr.snapchat.com",
  "https://*.clarity.ms",
  "https://c.bing.com",
];

/**
 * The payment providers' APIs, card forms, widgets and hosted pages, by what a page does there, as
 * their profiles declare them (their sandboxes are this app's own origin).
 */
const paymentHosts = (kind: keyof BrowserOrigins) => [
  ...new Set(BROWSER_ASSETS.flatMap((assets) => assets.origins.live[kind] ?? [])),
];

/** The locations sheet's map (spec §2). */
const MAP_HOSTS = ["https://maps.googleapis.com", "https://maps.gstatic.com", "https://*.googleapis.com"];

export type CspOptions = {
  nonce: string;
  /** Extra origins (a provider's sandbox on another host), from CSP_EXTRA_SOURCES. */
  extraSources?: string[];
};

export function contentSecurityPolicy({ nonce, extraSources = [] }: CspOptions): string {
  const extra = extraSources.filter((s) => /^https?:\/\/[a-z0-9.*:-]+$/i.test(s));
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", "https:", "'unsafe-inline'"],
    "style-src": ["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:", "https://fonts.gstatic.com"],
    "connect-src": ["'self'", ...PIXEL_HOSTS, ...paymentHosts("connect"), ...MAP_HOSTS, ...extra],
    "frame-src": [
      "'self'",
      ...paymentHosts("frame"),
      "https://www.googletagmanager.com",
      "https://td.doubleclick.net",
      "https://www.facebook.com",
      ...extra,
    ],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...paymentHosts("form"), ...extra],
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

const NONCE_SLOT = "\u0000nonce\u0000";
let built: { extra: string; parts: [string, string] } | null = null;

/**
 * The pages' policy with this response's nonce, CSP_EXTRA_SOURCES included: the policy text is
 * built once per process (per value of the variable), each response only puts its nonce in.
 */
export function pagePolicy(nonce: string): string {
  const extra = process.env.CSP_EXTRA_SOURCES ?? "";
  if (built?.extra !== extra) {
    const [before, after] = contentSecurityPolicy({
      nonce: NONCE_SLOT,
      extraSources: extra.split(/[\s,]+/).filter(Boolean),
    }).split(NONCE_SLOT);
    built = { extra, parts: [before, after] };
  }
  return built.parts[0] + nonce + built.parts[1];
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
