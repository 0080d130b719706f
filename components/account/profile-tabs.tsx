"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import { localePath } from "@/lib/site-routing";
import { ACCOUNT_PAGES } from "./account-pages";

/** The three account pages as tabs above their content; the current one is marked for screen readers. */
export function ProfileTabs() {
  const t = useTranslations("account.menu");
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t("pagesLabel")} className="-mx-4 overflow-x-auto px-4 scrollbar-none sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-1 rounded-xl bg-muted p-1">
        {ACCOUNT_PAGES.map(({ path, key }) => {
          const href = localePath(locale, path);
          const current = pathname === href;
          return (
            <li key={key}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  current ? "bg-card text-foreground shadow-soft" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
