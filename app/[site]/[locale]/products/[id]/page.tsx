import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { ProductFacts } from "@/components/product/product-facts";
import { ProductGallery } from "@/components/product/product-gallery";
import { jsonLdText, productJsonLd } from "@/components/product/product-json-ld";
import { kindKey } from "@/components/product/product-kind";
import { PaymentPromos } from "@/components/product/payment-promos";
import { ProductPrice } from "@/components/product/product-price";
import { PurchaseWidget } from "@/components/product/purchase/purchase-widget";
import { widgetSpec } from "@/components/product/purchase/widget-spec";
import { TrackEvent } from "@/components/tracking/track-event";
import { Badge } from "@/components/ui/badge";
import { promoAmount, promoWidgets } from "@/lib/payments/promo-widgets";
import { orNull, platform } from "@/lib/platform-client/core";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { Locale } from "@/contract/tenant-settings";
import { widgetMessages } from "@/i18n/namespaces";
import { pageMetadata, pageUrl } from "@/lib/seo";
import { productShareImage, storeShareImage } from "@/lib/og/cards";
import { ShareButton } from "@/components/share/share-button";
import { loadSite, type SiteParams } from "@/lib/site";
import { decodedSegment, localePath, productPath, queryString } from "@/lib/site-routing";

/** `id`: the address's last part — the product's slug in this language, its slug in the other, an earlier slug, or its id. */
type Props = {
  params: Promise<SiteParams & { id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One platform call per request for metadata and page; an address that names no product is a 404. */
const loadProduct = cache(async (site: string, locale: Locale, part: string) => {
  const key = decodedSegment(part);
  const tenant = key ? await tenantForSite(decodeURIComponent(site)) : null;
  if (!key || !tenant) return null;
  const catalog = platform({ tenant, locale }).catalog;
  return orNull(UUID.test(key) ? catalog.get({ params: { id: key } }) : catalog.bySlug({ params: { slug: key } }));
});

/** Whether the address is the product's own in this language (else it answers 308 to that). */
const isOwnAddress = (part: string, slugs: { ar: string; en: string }, locale: Locale) =>
  decodedSegment(part) === slugs[locale];

/** The description's first sentence-ish part, for the meta description. */
const summary = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await params;
  const { site, tenant, config, locale } = await loadSite(p);
  const product = await loadProduct(site, locale, p.id);
  if (!product || !isOwnAddress(p.id, product.slugs, locale)) return {};
  const storeName = config.brandName ?? tenant.name;
  return pageMetadata({
    site: tenant.host,
    locale,
    languages: config.languages,
    path: { ar: productPath(product.slugs, "ar"), en: productPath(product.slugs, "en") },
    title: product.name,
    description: summary(product.description || product.name),
    storeName,
    image: await productShareImage(tenant.host, product, { config, storeName }, locale),
    ogType: null,
  });
}

export default async function ProductPage({ params, searchParams }: Props) {
  const p = await params;
  const { site, tenant, config, locale } = await loadSite(p);
  const product = await loadProduct(site, locale, p.id);
  if (!product) notFound();
  // The id, the other language's slug or an earlier one: one address per page and language, with
  // the query kept (an ad's campaign, click id and coupon are read on the page it lands on).
  if (!isOwnAddress(p.id, product.slugs, locale))
    permanentRedirect(`${localePath(locale, productPath(product.slugs, locale))}${queryString(await searchParams)}`);
  const t = await getTranslations("product");
  const tc = await getTranslations("common.nav");
  const tText = await getTranslations("text");
  const storeName = config.brandName ?? tenant.name;
  const Separator = locale === "ar" ? ChevronLeft : ChevronRight;
  const productUrl = pageUrl(tenant.host, locale, productPath(product.slugs, locale));
  const storeImage =
    product.images.length > 0 ? null : (await storeShareImage(tenant.host, { config, storeName }, locale)).url;
  const spec = widgetSpec(product, config, storeName);
  const jsonLd = productJsonLd({
    product,
    site: tenant.host,
    url: productUrl,
    storeName,
    taxRate: spec.kind === "gift" ? 1 : config.taxRate,
    fallbackImage: storeImage,
    policy: config.merchandisePolicy,
  });
  // A gift card is sold at its face value, without VAT: VAT is due when it is spent (docs/behaviour.md, Gift cards).
  const taxRate = spec.kind === "gift" ? 1 : config.taxRate;
  const paragraphs = product.description.split(/\n\s*\n/).filter((s) => s.trim());
  const lowest = promoAmount(product, taxRate);
  const messages = await getMessages();

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 sm:pt-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
      {/* Open Graph's product type and price (Next's metadata knows no product type); React puts them in <head>. */}
      <meta property="og:type" content="product" />
      <meta property="product:price:amount" content={lowest.toFixed(2)} />
      <meta property="product:price:currency" content="SAR" />
      <TrackEvent
        event="ViewContent"
        value={lowest}
        id={product.id}
        items={[{ id: product.id, name: product.name, price: lowest, quantity: 1, category: product.typeString }]}
      />
      <nav aria-label={t("details.breadcrumb")} className="mb-4 text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link prefetch={false} href={localePath(locale, "/")} className="hover:text-foreground hover:underline">
              {tc("home")}
            </Link>
          </li>
          <li aria-hidden="true">
            <Separator className="size-3.5" />
          </li>
          <li>
            <Link
              prefetch={false}
              href={localePath(locale, "/products")}
              className="hover:text-foreground hover:underline"
            >
              {tc("products")}
            </Link>
          </li>
          <li aria-hidden="true">
            <Separator className="size-3.5" />
          </li>
          <li aria-current="page" className="max-w-[14rem] truncate text-foreground">
            {product.name}
          </li>
        </ol>
      </nav>
      {/* A phone: the picture, the facts, the pay-later widgets, the rest. Wider: the widgets go
          under the picture, so that the space their slots hold until they are drawn (after the page
          has loaded) is no gap between the facts and the description. */}
      <div className="grid gap-6 md:grid-cols-2 md:grid-rows-[auto_auto_1fr] md:gap-x-10 lg:gap-x-14">
        <div className="md:row-span-2">
          <ProductGallery product={product} storeName={storeName} />
        </div>
        <div className="flex min-w-0 flex-col gap-3 md:col-start-2 md:row-start-1">
          <div className="flex items-center justify-between gap-3">
            <Badge>{t(`kind.${kindKey(product)}`)}</Badge>
            <ShareButton
              url={productUrl}
              text={t("shareText", { name: product.name, store: storeName })}
              label={tText("share")}
            />
          </div>
          <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
          <ProductPrice product={product} locale={locale} taxRate={taxRate} size="lg" showVatNote />
          <ProductFacts product={product} locale={locale} hideDuration={config.hideDuration} />
        </div>
        <PaymentPromos
          widgets={promoWidgets(config, tenant.payments, promoAmount(product, taxRate))}
          amount={promoAmount(product, taxRate)}
          locale={locale}
          className="-mt-3 self-start md:col-start-1 md:row-start-3 md:mt-0"
        />
        <div className="flex min-w-0 flex-col gap-5 md:col-start-2 md:row-span-2 md:row-start-2">
          {paragraphs.length > 0 ? (
            <div className="flex flex-col gap-3 leading-relaxed text-foreground/85">
              {paragraphs.map((para, i) => (
                <p key={i} className="whitespace-pre-line">
                  {para}
                </p>
              ))}
            </div>
          ) : null}
          <section
            aria-labelledby="purchase-heading"
            className="rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-6"
          >
            <h2 id="purchase-heading" className="mb-4 text-lg font-bold">
              {t(`widget.heading.${kindKey(product)}`)}
            </h2>
            {/* The widget's texts are its own kind's only (i18n/namespaces.ts, WIDGET_TEXTS). */}
            <NextIntlClientProvider messages={widgetMessages(messages, spec.kind)}>
              <PurchaseWidget
                productId={product.id}
                prices={product.prices}
                locale={locale}
                taxRate={taxRate}
                spec={spec}
              />
            </NextIntlClientProvider>
          </section>
        </div>
      </div>
    </div>
  );
}
