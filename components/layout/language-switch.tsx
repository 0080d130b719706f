"use client";

import { useSyncExternalStore } from "react";
import { usePathname } from "next/navigation";
import { Languages } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { switchLocaleHref } from "@/lib/locale-switch";

const noSubscribe = () => () => {};
const browserLocation = () => `${window.location.pathname}${window.location.search}`;

/**
 * Links to the current page in the other language. The server renders a link to the other
 * language's home (it does not know the page's public path); after hydration the link follows the
 * address bar. A full page load on purpose: <html lang dir> and every text change.
 */
export function LanguageSwitch({ locale, target, label, text, shortText }: { locale: string; target: string; label: string; text: string; shortText: string }) {
  usePathname(); // re-render on client-side navigation so the link follows the new page
  const location = useSyncExternalStore(noSubscribe, browserLocation, () => null);
  const href = (() => {
    if (!location) return target === "ar" ? "/" : "/en";
    const q = location.indexOf("?");
    return switchLocaleHref(q < 0 ? location : location.slice(0, q), q < 0 ? "" : location.slice(q), locale, target);
  })();
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      aria-label={label}
      onClick={(e) => {
        e.currentTarget.href = switchLocaleHref(window.location.pathname, window.location.search, locale, target);
      }}
      className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5 px-2.5 font-semibold")}
    >
      <Languages aria-hidden="true" className="hidden text-muted-foreground sm:block" />
      <span className="hidden sm:inline">{text}</span>
      <span className="sm:hidden">{shortText}</span>
    </a>
  );
}
