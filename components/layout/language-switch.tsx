"use client";

import { usePathname } from "next/navigation";
import { Languages } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { publicPathname, switchLocaleHref } from "@/lib/locale-switch";

/**
 * Links to the current page in the other language (named by that language, in it), query and hash
 * included (added at click time: they are not part of the rendered link, so the link needs no
 * Suspense boundary). A full page load on purpose: <html lang dir> and every text change. The hash
 * carries an open checkout's step (#cart/…), which reopens there with the draft the tab kept.
 */
/** This page, in `target`, with its query and hash. */
const hereIn = (locale: string, target: string) => `${switchLocaleHref(window.location.pathname, window.location.search, locale, target)}${window.location.hash}`;

/**
 * The same switch inside an open sheet (the header is behind its overlay): the checkout goes on in
 * the other language at the same step, with what was entered.
 */
export function SheetLanguageSwitch({ locale, target, label, text }: { locale: string; target: string; label: string; text: string }) {
  return (
    <a
      href={hereIn(locale, target)}
      hrefLang={target}
      lang={target}
      title={label}
      aria-label={label}
      onClick={(e) => {
        e.currentTarget.href = hereIn(locale, target);
      }}
      className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5 px-2 font-semibold")}
    >
      <Languages aria-hidden="true" className="text-muted-foreground" />
      {text}
    </a>
  );
}

export function LanguageSwitch({ site, locale, target, label, text }: { site: string; locale: string; target: string; label: string; text: string }) {
  const pathname = publicPathname(usePathname(), site, locale);
  return (
    <a
      href={switchLocaleHref(pathname, "", locale, target)}
      hrefLang={target}
      lang={target}
      title={label}
      onClick={(e) => {
        e.currentTarget.href = hereIn(locale, target);
      }}
      className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5 px-2 font-semibold sm:px-2.5")}
    >
      <Languages aria-hidden="true" className="hidden text-muted-foreground sm:block" />
      {text}
    </a>
  );
}
