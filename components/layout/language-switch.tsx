"use client";

import { usePathname } from "next/navigation";
import { Languages } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { publicPathname, switchLocaleHref } from "@/lib/locale-switch";

/**
 * This page, in `target`, with its query and hash: at the address its hreflang alternate names
 * when it has one (a product's slug differs by language: no redirect on the way), else the same
 * path in the other language.
 */
function hereIn(locale: string, target: string) {
  const alternate = document.querySelector<HTMLLinkElement>(`link[hreflang="${target}"]`);
  return (
    (alternate ? new URL(alternate.href).pathname : switchLocaleHref(location.pathname, "", locale, target)) +
    location.search +
    location.hash
  );
}

type SwitchProps = { locale: string; target: string; label: string; text: string };

/**
 * A link to the current page in the other language (named by that language, in it), query and
 * hash included (added at click time: they are not part of the rendered link, so the link needs no
 * Suspense boundary). A full page load on purpose: <html lang dir> and every text change. The hash
 * carries an open checkout's step (#cart/…), which reopens there with the draft the tab kept.
 */
function SwitchLink({ locale, target, label, text, href, inSheet }: SwitchProps & { href: string; inSheet: boolean }) {
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      title={label}
      onClick={(e) => {
        e.currentTarget.href = hereIn(locale, target);
      }}
      className={cn(
        buttonVariants({ variant: "ghost", size: "sm" }),
        "gap-1.5 px-1.5 font-semibold",
        !inSheet && "sm:px-2.5",
      )}
    >
      <Languages
        aria-hidden="true"
        className={inSheet ? "text-muted-foreground" : "hidden text-muted-foreground sm:block"}
      />
      {text}
    </a>
  );
}

/** The header's switch. */
export function LanguageSwitch({ site, ...props }: SwitchProps & { site: string }) {
  const pathname = publicPathname(usePathname(), site, props.locale);
  return <SwitchLink {...props} href={switchLocaleHref(pathname, "", props.locale, props.target)} inSheet={false} />;
}

/**
 * The same switch inside an open sheet (the header is behind its overlay): the checkout goes on in
 * the other language at the same step, with what was entered. Rendered only in the browser (an open sheet).
 */
export function SheetLanguageSwitch(props: SwitchProps) {
  return <SwitchLink {...props} href={hereIn(props.locale, props.target)} inSheet />;
}
