import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccountButton } from "@/components/auth/account-button";
import { LocationButton } from "@/components/locations/location-button";
import { cn } from "@/lib/cn";
import { localePath } from "@/lib/site-routing";
import type { Locale } from "@/contract/tenant-settings";
import { LanguageSwitch } from "./language-switch";
import { StoreMark } from "./store-mark";

type HeaderProps = {
  /** The site key of the proxy's internal path, so the language switch can recognise it. */
  site: string;
  locale: Locale;
  languages: readonly Locale[];
  storeName: string;
  logoUrl: string | null;
  /** The tenant's Google Maps browser key (public by design), for the locations sheet's map. */
  mapsKey: string | null;
  /** The cart button (the cart feature's), rendered at the header's end. */
  cartSlot?: ReactNode;
};

/** Sticky store header: logo and name (home), products, language switch when offered, location, account, cart. */
export async function SiteHeader({ site, locale, languages, storeName, logoUrl, mapsKey, cartSlot }: HeaderProps) {
  const t = await getTranslations("common");
  const other = languages.find((l) => l !== locale);
  return (
    <header
      data-site-header
      className="sticky top-0 print:hidden z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/75"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <Link
          prefetch={false}
          href={localePath(locale, "/")}
          className="flex min-w-0 items-center gap-2 rounded-lg sm:gap-2.5 sm:pe-2 focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`${storeName} — ${t("nav.home")}`}
        >
          <StoreMark name={storeName} logoUrl={logoUrl} size={34} />
          {/* Two short lines rather than a cut name where a phone's header leaves it little room. */}
          <span
            dir="auto"
            className="line-clamp-2 font-display text-[0.8125rem] leading-tight font-bold break-words sm:text-lg sm:leading-normal"
          >
            {storeName}
          </span>
        </Link>
        <nav aria-label={t("nav.label")} className="ms-auto flex shrink-0 items-center sm:gap-1">
          <Link
            prefetch={false}
            href={localePath(locale, "/products")}
            className={cn(
              "rounded-lg px-1.5 py-2 text-sm font-medium sm:px-3 text-foreground/80 transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            )}
          >
            {t("nav.products")}
          </Link>
          {other ? (
            <LanguageSwitch
              site={site}
              locale={locale}
              target={other}
              label={t("language.switchLabel")}
              text={t("language.switchTo")}
            />
          ) : null}
          <LocationButton mapsKey={mapsKey} />
          <AccountButton />
          {cartSlot}
        </nav>
      </div>
    </header>
  );
}
