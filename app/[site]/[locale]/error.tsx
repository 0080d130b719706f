"use client";

import { useEffect } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CloudOff, RotateCw } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { localePath } from "@/lib/site-routing";

/** A friendly, localized failure page: no stack or raw message reaches the shopper. */
export default function StoreError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.error");
  const locale = useLocale();
  useEffect(() => {
    // The server logged the details; the digest ties this report to that log line.
    console.error("[page] render failed", error.digest ?? error.name);
  }, [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-destructive-soft text-destructive">
        <CloudOff className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("description")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={reset}>
          <RotateCw aria-hidden="true" />
          {t("retry")}
        </Button>
        <a href={localePath(locale, "/")} className={buttonVariants({ variant: "outline" })}>
          {t("home")}
        </a>
      </div>
    </div>
  );
}
