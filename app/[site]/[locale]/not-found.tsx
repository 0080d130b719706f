import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { SearchX } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { localePath } from "@/lib/site-routing";

/** The in-store 404: inside the store's layout, in the page's language. */
export default async function StoreNotFound() {
  const [t, locale] = await Promise.all([getTranslations("common.notFound"), getLocale()]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <SearchX className="size-8" aria-hidden="true" />
      </span>
      <p className="tabular font-display text-sm font-semibold tracking-widest text-accent">{t("code")}</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("description")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link prefetch={false} href={localePath(locale, "/products")} className={buttonVariants()}>
          {t("products")}
        </Link>
        <Link prefetch={false} href={localePath(locale, "/")} className={buttonVariants({ variant: "outline" })}>
          {t("home")}
        </Link>
      </div>
    </div>
  );
}
