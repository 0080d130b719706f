import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Megaphone } from "lucide-react";
import type { Locale, TenantConfig } from "@/lib/tenant-config";
import { safeAnnouncementLink } from "./announcement-link";

/**
 * The announcement slot (spec §2): the tenant's text in the page's language with an optional link.
 * Static for now; the scrolling, dismissible banner replaces this component.
 */
export async function AnnouncementBanner({ announcement, locale }: { announcement: TenantConfig["announcement"]; locale: Locale }) {
  const text = locale === "ar" ? announcement.ar : announcement.en;
  if (!text) return null;
  const t = await getTranslations("common.announcement");
  const link = safeAnnouncementLink(announcement.link, locale);
  return (
    <aside aria-label={t("label")} className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-center text-[0.8125rem] leading-snug sm:text-sm">
        <Megaphone className="hidden size-4 shrink-0 opacity-80 sm:block" aria-hidden="true" />
        <p>
          {text}
          {link ? (
            <>
              {" "}
              {link.external ? (
                <a href={link.href} rel="noopener noreferrer" className="font-semibold underline underline-offset-4 hover:no-underline">
                  {t("learnMore")}
                </a>
              ) : (
                <Link href={link.href} className="font-semibold underline underline-offset-4 hover:no-underline">
                  {t("learnMore")}
                </Link>
              )}
            </>
          ) : null}
        </p>
      </div>
    </aside>
  );
}
