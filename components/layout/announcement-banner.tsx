import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Megaphone } from "lucide-react";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";
import { AnnouncementDismiss, AnnouncementMarquee } from "./announcement-banner-client";
import { announcementKey, hideIfDismissedScript, safeAnnouncementLink } from "./announcement-link";

/**
 * The announcement banner (spec §2): the tenant's text in the page's language scrolling, an
 * optional link (kept still, so it can be pressed), and × to dismiss. A dismissed banner is hidden
 * by an inline script before the first paint (no flash, no layout shift); see announcement-link.ts.
 * `nonce`: the CSP nonce the proxy gave this render (proxy.ts), read once by the layout.
 */
export async function AnnouncementBanner({
  announcement,
  locale,
  nonce,
}: {
  announcement: TenantConfig["announcement"];
  locale: Locale;
  nonce: string | undefined;
}) {
  const text = locale === "ar" ? announcement.ar : announcement.en;
  if (!text) return null;
  const t = await getTranslations("common.announcement");
  const link = safeAnnouncementLink(announcement.link, locale);
  const key = announcementKey([announcement.ar, announcement.en, announcement.link]);
  const linkClass = "shrink-0 font-semibold underline underline-offset-4 hover:no-underline";
  return (
    <aside
      aria-label={t("label")}
      className="group bg-primary text-primary-foreground print:hidden"
      suppressHydrationWarning
    >
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideIfDismissedScript(key) }} />
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-1.5 text-[0.8125rem] leading-snug sm:text-sm">
        <Megaphone className="hidden size-4 shrink-0 opacity-80 sm:block" aria-hidden="true" />
        <AnnouncementMarquee text={text} />
        {link ? (
          link.external ? (
            <a href={link.href} rel="noopener noreferrer" className={linkClass}>
              {t("learnMore")}
            </a>
          ) : (
            <Link prefetch={false} href={link.href} className={linkClass}>
              {t("learnMore")}
            </Link>
          )
        ) : null}
        <AnnouncementDismiss bannerKey={key} label={t("dismiss")} />
      </div>
    </aside>
  );
}
