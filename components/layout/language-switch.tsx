"use client";

import { usePathname } from "next/navigation";
import { Languages } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { publicPathname, switchLocaleHref } from "@/lib/locale-switch";

/**
 * Links to the current page in the other language (named by that language, in it), query included (added at click time: the
 * query is not part of the rendered link, so the link needs no Suspense boundary). A full page
 * load on purpose: <html lang dir> and every text change.
 */
export function LanguageSwitch({ site, locale, target, label, text }: { site: string; locale: string; target: string; label: string; text: string }) {
  const pathname = publicPathname(usePathname(), site, locale);
  return (
    <a
      href={switchLocaleHref(pathname, "", locale, target)}
      hrefLang={target}
      lang={target}
      title={label}
      onClick={(e) => {
        e.currentTarget.href = switchLocaleHref(window.location.pathname, window.location.search, locale, target);
      }}
      className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5 px-2 font-semibold sm:px-2.5")}
    >
      <Languages aria-hidden="true" className="hidden text-muted-foreground sm:block" />
      {text}
    </a>
  );
}
