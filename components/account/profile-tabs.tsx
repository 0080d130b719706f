"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import { localePath } from "@/lib/site-routing";
import { ACCOUNT_PAGES, type AccountPageKey } from "./account-pages";

/** The store's account pages as tabs above their content (accountPagesFor); the current one is marked for screen readers. */
export function ProfileTabs({ pages }: { pages: readonly AccountPageKey[] }) {
  const t = useTranslations("account.menu");
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t("pagesLabel")}>
      {/* Equal tabs on phones (a long name wraps), their natural width on wider screens. */}
      <ul className="flex w-full gap-1 rounded-xl bg-muted p-1 sm:w-max">
        {ACCOUNT_PAGES.filter((p) => pages.includes(p.key)).map(({ path, key }) => {
          const href = localePath(locale, path);
          const current = pathname === href;
          return (
            <li key={key} className="flex-1 sm:flex-none">
              <Link
                prefetch={false}
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex min-h-10 w-full items-center justify-center rounded-lg px-2 py-1.5 text-center text-sm leading-tight font-medium sm:px-4 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
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
