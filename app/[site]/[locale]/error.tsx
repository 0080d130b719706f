"use client";

import { useEffect, type ReactNode } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { CloudOff, RotateCw, SearchX } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { localePath } from "@/lib/site-routing";

/**
 * The store's two "this page cannot be shown" states, in the page's language: not found, and a
 * failed render. One client module, the error boundary's (Next loads it with every page): Next
 * puts a segment's not-found into every page's flight data, where a reference to code the page
 * loads anyway is a few bytes and the rendered block thousands of characters. (A module of its
 * own, or one shared with the boundary, would add a chunk to every first load.)
 */
function Problem({
  icon,
  tone,
  code,
  title,
  description,
  children,
  alert = false,
}: {
  icon: ReactNode;
  tone: "primary" | "destructive";
  code?: string;
  title: string;
  description: string;
  children: ReactNode;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? "alert" : undefined}
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
    >
      <span
        className={cn(
          "mb-6 inline-flex size-16 items-center justify-center rounded-2xl",
          tone === "primary" ? "bg-primary-soft text-primary" : "bg-destructive-soft text-destructive",
        )}
      >
        {icon}
      </span>
      {code ? <p className="tabular font-display text-sm font-semibold tracking-widest text-accent">{code}</p> : null}
      <h1 className={cn("text-2xl font-bold sm:text-3xl", code && "mt-2")}>{title}</h1>
      <p className="mt-3 text-muted-foreground">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

/** The in-store 404: inside the store's layout, a way on to the products and home. */
export function StoreNotFound() {
  const t = useTranslations("common.notFound");
  const locale = useLocale();
  return (
    <Problem
      icon={<SearchX className="size-8" aria-hidden="true" />}
      tone="primary"
      code={t("code")}
      title={t("title")}
      description={t("description")}
    >
      <Link prefetch={false} href={localePath(locale, "/products")} className={buttonVariants()}>
        {t("products")}
      </Link>
      <Link prefetch={false} href={localePath(locale, "/")} className={buttonVariants({ variant: "outline" })}>
        {t("home")}
      </Link>
    </Problem>
  );
}

/** A friendly, localized failure page: no stack or raw message reaches the shopper. */
export default function StoreError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.error");
  const locale = useLocale();
  useEffect(() => {
    // The server logged the details; the digest ties this report to that log line.
    console.error("[page] render failed", error.digest ?? error.name);
  }, [error]);
  return (
    <Problem
      icon={<CloudOff className="size-8" aria-hidden="true" />}
      tone="destructive"
      title={t("title")}
      description={t("description")}
      alert
    >
      <Button onClick={reset}>
        <RotateCw aria-hidden="true" />
        {t("retry")}
      </Button>
      <a href={localePath(locale, "/")} className={buttonVariants({ variant: "outline" })}>
        {t("home")}
      </a>
    </Problem>
  );
}
