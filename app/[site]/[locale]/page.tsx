import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { HomeHero } from "@/components/layout/home-hero";
import { ProductGrid } from "@/components/product/product-card";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { pageMetadata } from "@/lib/seo";
import { storeShareImage } from "@/lib/og/cards";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";
import { kindsText, storeCatalogue } from "@/lib/store-kinds";

type Props = { params: Promise<SiteParams> };

/** The catalogue, read once per request for the title and the page. */

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, config, locale } = await loadSite(await params);
  // Addresses on the store's canonical host, whichever of its names was asked.
  const site = tenant.host;
  const storeName = config.brandName ?? tenant.name;
  const [t, products] = await Promise.all([getTranslations("home.meta"), storeCatalogue(tenant, locale)]);
  // The title names what the store sells (search results show it), not only its brand.
  const kinds = kindsText(t, locale, products);
  return {
    title: {
      absolute: t("title", {
        name: storeName,
        kinds: locale === "en" ? kinds.charAt(0).toUpperCase() + kinds.slice(1) : kinds,
      }),
    },
    ...pageMetadata({
      site,
      locale,
      languages: config.languages,
      path: "/",
      description: t("description", { name: storeName, kinds }),
      storeName,
      image: await storeShareImage(site, { config, storeName }, locale),
    }),
  };
}

export default async function HomePage({ params }: Props) {
  const { tenant, config, locale } = await loadSite(await params);
  const [products, t] = await Promise.all([storeCatalogue(tenant, locale), getTranslations("home")]);
  const storeName = config.brandName ?? tenant.name;
  const Arrow = locale === "ar" ? ArrowLeft : ArrowRight;
  return (
    <>
      <HomeHero storeName={storeName} logoUrl={config.logoUrl} locale={locale} products={products} />
      <section aria-labelledby="products-heading" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 sm:pt-14">
        <div className="mb-5 flex items-end justify-between gap-4">
          <h2 id="products-heading" className="text-xl font-bold sm:text-2xl">
            {t("products.title")}
          </h2>
          {products.length > 0 ? (
            <Link
              prefetch={false}
              href={localePath(locale, "/products")}
              className={cn(buttonVariants({ variant: "link", size: "sm" }), "px-0")}
            >
              {t("products.viewAll")}
              <Arrow aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        {products.length > 0 ? (
          <ProductGrid
            products={products}
            locale={locale}
            taxRate={config.taxRate}
            storeName={config.brandName ?? tenant.name}
            compact={config.compactProductCards}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center text-muted-foreground">
            {t("products.empty")}
          </p>
        )}
      </section>
    </>
  );
}
