import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { CartButton } from "@/components/cart/cart-button";
import { AnnouncementBanner } from "@/components/layout/announcement-banner";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { Providers } from "@/components/providers";
import { Tracking } from "@/components/tracking/tracking";
import { EARLY_TAP_SCRIPT } from "@/lib/early-taps";
import { INTENT_PREFETCH_SCRIPT } from "@/lib/intent-prefetch";
import { SHARE_SCRIPT } from "@/lib/share-links";
import { ConsentBanner } from "@/components/tracking/consent-banner";
import { platform } from "@/lib/platform-client/core";
import { siteOrigin } from "@/lib/seo";
import { kindsText } from "@/lib/store-kinds";
import { clientMessages } from "@/i18n/namespaces";
import { loadSite, type SiteParams } from "@/lib/site";
import "../../globals.css";

type Props = { children: ReactNode; params: Promise<SiteParams> };

// Namespaces only server components read; the rest go to the browser for client components.
export const viewport: Viewport = { themeColor: "#faf8f5", width: "device-width", initialScale: 1 };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, config, locale } = await loadSite(await params);
  const storeName = config.brandName ?? tenant.name;
  const t = await getTranslations("home.meta");
  return {
    metadataBase: new URL(siteOrigin(tenant.host)),
    title: { default: storeName, template: `%s | ${storeName}` },
    description: t("description", { name: storeName, kinds: kindsText(t, locale, null) }),
    applicationName: storeName,
    // As stored: the store's own file stays on the page's own origin (the CSP's 'self'), whichever
    // of the store's host names the page was opened on (the bare loopback host names the default store).
    icons: config.logoUrl ? { icon: config.logoUrl } : undefined,
    formatDetection: { telephone: false },
  };
}

/** The website pages for the footer; a failure costs the footer its links, never the page. */
async function footerPages(tenant: Awaited<ReturnType<typeof loadSite>>["tenant"], locale: "ar" | "en") {
  try {
    return (await platform({ tenant, locale }).website.config()).pages;
  } catch (err) {
    console.error("[layout] website config unavailable for the footer", err);
    return [];
  }
}

export default async function SiteLayout({ children, params }: Props) {
  const { site, tenant, config, locale } = await loadSite(await params);
  const [messages, pages, t, requestHeaders] = await Promise.all([
    getMessages(),
    footerPages(tenant, locale),
    getTranslations("common"),
    headers(),
  ]);
  // The sheets' texts come with the code that shows them (i18n/namespaces.ts).
  const forClient = clientMessages(messages, { all: false });
  const storeName = config.brandName ?? tenant.name;
  // Nothing to agree to without a pixel.
  const asksConsent = config.askConsent && Object.values(config.pixels).some((id) => id !== null);
  // The CSP nonce the proxy gave this render (proxy.ts): inline scripts run only with it.
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  return (
    <html lang={locale} dir={locale === "ar" ? "rtl" : "ltr"}>
      <body className="flex min-h-dvh flex-col">
        {/* Notes a header button tapped before hydration (lib/early-taps.ts). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: EARLY_TAP_SCRIPT + ";" + INTENT_PREFETCH_SCRIPT }}
        />
        {/* Share links open the device's share sheet (lib/share-links.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SHARE_SCRIPT }} />
        <NextIntlClientProvider locale={locale} messages={forClient}>
          <Providers sarStyle={config.sarStyle}>
            <a
              href="#main"
              className="sr-only z-50 rounded-lg bg-card px-4 py-2 font-medium shadow-lift focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
            >
              {t("skipToContent")}
            </a>
            <AnnouncementBanner announcement={config.announcement} locale={locale} nonce={nonce} />
            <SiteHeader
              site={site}
              locale={locale}
              languages={config.languages}
              storeName={storeName}
              logoUrl={config.logoUrl}
              mapsKey={config.googleMapsApiKey}
              cartSlot={<CartButton />}
            />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter
              locale={locale}
              storeName={storeName}
              logoUrl={config.logoUrl}
              pages={pages}
              trust={config.trust}
              consentSettings={asksConsent}
            />
            <Tracking ids={config.pixels} askConsent={asksConsent} />
            {asksConsent ? <ConsentBanner nonce={nonce} /> : null}
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
