import Link from "next/link";
import { CONSENT_OPEN_ATTRIBUTE } from "@/lib/tracking/consent";
import { getTranslations } from "next-intl/server";
import { formatNumber } from "@/lib/money";
import { localePath } from "@/lib/site-routing";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";
import { SellerFacts } from "./seller-facts";
import { StoreMark } from "./store-mark";

const TERMS_PATH = "z/terms-and-conditions";

/** Store footer: who sells (CR and VAT numbers, address, contact), the tenant's website pages (terms first) and the copyright line. */
export async function SiteFooter({
  locale,
  storeName,
  logoUrl,
  pages,
  trust,
  consentSettings = false,
}: {
  locale: Locale;
  storeName: string;
  logoUrl: string | null;
  pages: { path: string; title: string }[];
  trust: TenantConfig["trust"];
  /** The pixels ask for consent: the footer can change the answer. */
  consentSettings?: boolean;
}) {
  const t = await getTranslations("common");
  const ordered = [...pages].sort((a, b) => Number(b.path === TERMS_PATH) - Number(a.path === TERMS_PATH));
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-border bg-card print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="grid gap-4">
          <div className="flex items-center gap-3">
            <StoreMark name={storeName} logoUrl={logoUrl} size={40} lazy />
            <div>
              <p className="font-display font-bold">{storeName}</p>
              <p className="text-sm text-muted-foreground">{t("footer.prices")}</p>
            </div>
          </div>
          <SellerFacts trust={trust} locale={locale} />
        </div>
        {ordered.length > 0 ? (
          <nav aria-label={t("footer.pagesLabel")}>
            {/* The links' classes once, on the list (every page carries them twice: HTML and flight data). */}
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm [&_a]:text-muted-foreground [&_a]:underline-offset-4 [&_a]:hover:text-foreground [&_a]:hover:underline">
              <li>
                <Link prefetch={false} href={localePath(locale, "/products")}>
                  {t("nav.products")}
                </Link>
              </li>
              {ordered.map((p) => (
                <li key={p.path}>
                  <Link prefetch={false} href={localePath(locale, `/${p.path}`)}>
                    {p.path === TERMS_PATH ? t("footer.terms") : p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 text-xs text-muted-foreground sm:px-6">
          <p>{t("footer.rights", { year: formatNumber(year, locale).replace(/[٬,]/g, ""), name: storeName })}</p>
          {consentSettings ? (
            // Opens the consent banner again (lib/tracking/consent.ts): the answer can be changed.
            <button
              type="button"
              {...{ [CONSENT_OPEN_ATTRIBUTE]: "" }}
              className="underline-offset-4 hover:text-foreground hover:underline"
            >
              {t("consent.settings")}
            </button>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
