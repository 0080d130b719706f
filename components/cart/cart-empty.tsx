"use client";

import Link from "next/link";
import { ShoppingBag } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { localePath } from "@/lib/site-routing";
import { closeCartSheet } from "./cart-sheet-state";

/** Spec §2: an empty cart shows a title and a description, with a way to find products. */
export function CartEmpty() {
  const t = useTranslations("cart.empty");
  const locale = useLocale();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="mb-2 inline-flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary"
      >
        <ShoppingBag className="size-7" strokeWidth={1.5} />
      </span>
      <h3 className="text-lg font-semibold">{t("title")}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">{t("description")}</p>
      {/* On phones the sheet's footer offers the same way out (spec §2). */}
      <Link
        prefetch={false}
        href={localePath(locale, "/products")}
        className={cn(buttonVariants(), "mt-3 hidden md:inline-flex")}
        onClick={closeCartSheet}
      >
        {t("browse")}
      </Link>
    </div>
  );
}
