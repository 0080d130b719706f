import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ProductGrid } from "@/components/product/product-card";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/money";
import type { ProductTypeString } from "@/contract/dto/shared";
import { pageMetadata } from "@/lib/seo";
import { storeShareImage } from "@/lib/og/cards";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";
import { kindsText, storeCatalogue } from "@/lib/store-kinds";

const KINDS: ProductTypeString[] = ["reservation", "subscription", "merchandise", "gift"];

type Props = { params: Promise<SiteParams>; searchParams: Promise<{ type?: string | string[] }> };

function selectedKind(type: string | string[] | undefined): ProductTypeString | null {
  return typeof type === "string" && (KINDS as string[]).includes(type) ? (type as ProductTypeString) : null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { tenant, config, locale } = await loadSite(await params);
  const site = tenant.host;
  const kind = selectedKind((await searchParams).type);
  const [t, tKinds, products] = await Promise.all([
    getTranslations("product.catalogue"),
    getTranslations("home.meta"),
    storeCatalogue(tenant, locale),
  ]);
  const storeName = config.brandName ?? tenant.name;
  return pageMetadata({
    site,
    locale,
    languages: config.languages,
    path: "/products",
    title: kind ? t(`filters.${kind}`) : t("title"),
    // What this store sells, not every kind there is.
    description: t("description", { name: storeName, kinds: kindsText(tKinds, locale, products) }),
    storeName,
    image: await storeShareImage(site, { config, storeName }, locale),
  });
}

/** The catalogue with kind filters as plain links (?type=), rendered on the server. */
export default async function ProductsPage({ params, searchParams }: Props) {
  const { tenant, config, locale } = await loadSite(await params);
  const kind = selectedKind((await searchParams).type);
  const [all, t] = await Promise.all([storeCatalogue(tenant, locale), getTranslations("product.catalogue")]);
  // One call for the whole catalogue: the filters show only kinds the store sells, with counts.
  const counts = new Map<ProductTypeString, number>();
  for (const p of all) counts.set(p.typeString, (counts.get(p.typeString) ?? 0) + 1);
  const offered = KINDS.filter((k) => counts.has(k));
  const products = kind ? all.filter((p) => p.typeString === kind) : all;
  const filters = [
    { key: "all" as const, href: localePath(locale, "/products"), count: all.length, active: !kind },
    ...offered.map((k) => ({
      key: k,
      href: `${localePath(locale, "/products")}?type=${k}`,
      count: counts.get(k) ?? 0,
      active: kind === k,
    })),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6 sm:pt-10">
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{kind ? t(`filters.${kind}`) : t("title")}</h1>
        <p className="mt-1 text-muted-foreground">
          {t("count", { n: formatNumber(products.length, locale), count: products.length })}
        </p>
      </header>
      {offered.length > 1 ? (
        <nav aria-label={t("filterLabel")} className="-mx-4 mb-6 overflow-x-auto px-4 scrollbar-none sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-2">
            {filters.map((f) => (
              <li key={f.key}>
                <Link
                  prefetch={false}
                  href={f.href}
                  aria-current={f.active ? "page" : undefined}
                  className={cn(
                    "inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    f.active
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border bg-card text-foreground hover:border-primary/40 hover:bg-muted",
                  )}
                >
                  {t(`filters.${f.key}`)}
                  <span
                    className={cn(
                      "tabular rounded-full px-1.5 text-xs",
                      f.active ? "bg-white/20" : "bg-muted text-muted-foreground",
                    )}
                  >
                    {formatNumber(f.count, locale)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {products.length > 0 ? (
        <ProductGrid
          products={products}
          locale={locale}
          taxRate={config.taxRate}
          storeName={config.brandName ?? tenant.name}
          compact={config.compactProductCards}
          heading="h2"
        />
      ) : (
        <div className="rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
          <p className="text-muted-foreground">{t("empty")}</p>
          {kind ? (
            <Link
              prefetch={false}
              href={localePath(locale, "/products")}
              className="mt-3 inline-block font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("showAll")}
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}
