import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/money";
import type { ProductDto } from "@/contract/dto/catalog";
import { localePath, productPath } from "@/lib/site-routing";
import { GiftCardArt } from "./product-gallery";
import { ProductImage } from "./product-image";
import { kindKey } from "./product-kind";
import { ProductLogo } from "./product-logo";
import { ProductPrice } from "./product-price";

/** `heading`: the level of the card titles, one below the section's own heading. */
type CardProps = {
  product: ProductDto;
  locale: string;
  taxRate: number;
  storeName: string;
  priority?: boolean;
  heading?: "h2" | "h3";
};

const LOW_STOCK = 5;

async function StockBadge({ stock, locale }: { stock: number | null; locale: string }) {
  const t = await getTranslations("product.stock");
  if (stock === null || stock > LOW_STOCK) return null;
  if (stock <= 0) return <Badge variant="destructive">{t("soldOut")}</Badge>;
  return <Badge variant="accent">{t("left", { n: formatNumber(stock, locale), count: stock })}</Badge>;
}

/** A product in the grid: picture, kind, name, price (VAT included). The whole card is the link. */
export async function ProductCard({
  product,
  locale,
  taxRate,
  storeName,
  priority,
  heading: Heading = "h3",
}: CardProps) {
  const t = await getTranslations("product.kind");
  return (
    <Link
      prefetch={false}
      href={localePath(locale, productPath(product.slugs, locale))}
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-soft transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-primary/25 hover:shadow-lift focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {product.typeString === "gift" && product.images.length === 0 && product.giftThemes?.length ? (
          <GiftCardArt
            name={product.name}
            colors={product.giftThemes.map((th) => th.color)}
            storeName={storeName}
            className="aspect-auto size-full rounded-none border-0"
            compact
          />
        ) : (
          <ProductImage
            product={product}
            alt=""
            width={480}
            height={360}
            priority={priority}
            sizes="(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw"
            className="transition-transform duration-300 group-hover:scale-[1.03]"
          />
        )}
        <Badge
          variant="outline"
          className="absolute start-2.5 top-2.5 border-transparent bg-card/90 text-foreground backdrop-blur-sm"
        >
          {t(kindKey(product))}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3.5 sm:p-4">
        <Heading className="line-clamp-2 font-sans text-[0.95rem] font-semibold leading-snug sm:text-base">
          {product.name}
        </Heading>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2">
          <ProductPrice product={product} locale={locale} taxRate={taxRate} />
          <StockBadge stock={product.typeString === "merchandise" ? product.stock : null} locale={locale} />
        </div>
      </div>
    </Link>
  );
}

/** The compact card (tenant setting compactProductCards): a row with the product logo. */
export async function CompactProductCard({ product, locale, taxRate, priority, heading: Heading = "h3" }: CardProps) {
  const t = await getTranslations("product.kind");
  const Chevron = locale === "ar" ? ChevronLeft : ChevronRight;
  return (
    <Link
      prefetch={false}
      href={localePath(locale, productPath(product.slugs, locale))}
      className="group flex items-center gap-3.5 rounded-xl border border-border bg-card p-3 shadow-soft transition-[box-shadow,border-color] hover:border-primary/25 hover:shadow-lift focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ProductLogo product={product} size={76} priority={priority} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs text-muted-foreground">{t(kindKey(product))}</span>
        <Heading className="line-clamp-2 font-sans text-[0.95rem] font-semibold leading-snug">{product.name}</Heading>
        <div className="flex flex-wrap items-center gap-2">
          <ProductPrice product={product} locale={locale} taxRate={taxRate} />
          <StockBadge stock={product.typeString === "merchandise" ? product.stock : null} locale={locale} />
        </div>
      </div>
      <Chevron
        className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}

/** The catalogue grid; compact rows when the tenant asks for them. The first images load eagerly (LCP). */
export function ProductGrid({
  products,
  locale,
  taxRate,
  storeName,
  compact,
  heading,
}: {
  products: ProductDto[];
  locale: string;
  taxRate: number;
  storeName: string;
  compact: boolean;
  heading?: "h2" | "h3";
}) {
  if (compact) {
    return (
      <ul className="grid gap-3 md:grid-cols-2">
        {products.map((p, i) => (
          <li key={p.id}>
            <CompactProductCard
              product={p}
              locale={locale}
              taxRate={taxRate}
              storeName={storeName}
              priority={i < 4}
              heading={heading}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard
            product={p}
            locale={locale}
            taxRate={taxRate}
            storeName={storeName}
            priority={i < 2}
            heading={heading}
          />
        </li>
      ))}
    </ul>
  );
}
