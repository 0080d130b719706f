import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { ProductImage } from "@/components/product/product-image";
import { buttonVariants } from "@/components/ui/button";
import type { ProductDto } from "@/contract/dto/catalog";
import { localePath } from "@/lib/site-routing";
import type { Locale } from "@/contract/tenant-settings";
import { StoreMark } from "./store-mark";

/**
 * The home page's opening: the store's mark and name, a line about what can be done here and the
 * way to the catalogue; on wide screens a small collage of the store's own product pictures.
 */
export async function HomeHero({
  storeName,
  logoUrl,
  locale,
  products,
}: {
  storeName: string;
  logoUrl: string | null;
  locale: Locale;
  products: ProductDto[];
}) {
  const t = await getTranslations("home.hero");
  const Arrow = locale === "ar" ? ArrowLeft : ArrowRight;
  const pictured = products.filter((p) => p.images.length > 0).slice(0, 3);
  const sellsBookings = products.some((p) => p.typeString === "reservation" || p.typeString === "subscription");
  return (
    <section className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 sm:pt-8">
      <div className="relative isolate overflow-hidden rounded-2xl border border-border bg-[linear-gradient(135deg,var(--color-accent-soft),var(--color-card)_55%,var(--color-primary-soft))] px-5 py-8 sm:px-10 sm:py-12">
        <svg
          aria-hidden="true"
          viewBox="0 0 400 120"
          preserveAspectRatio="none"
          className="absolute inset-x-0 bottom-0 -z-10 h-24 w-full text-primary/[0.07] sm:h-32"
        >
          <path fill="currentColor" d="M0 80 C 60 40, 120 40, 180 70 S 300 110, 400 60 V120 H0 Z" />
          <path fill="currentColor" d="M0 100 C 80 70, 160 80, 240 100 S 340 110, 400 90 V120 H0 Z" />
        </svg>
        <div className="grid items-center gap-8 md:grid-cols-[1.2fr_1fr]">
          <div className="flex flex-col items-start gap-4">
            <StoreMark name={storeName} logoUrl={logoUrl} size={64} className="rounded-2xl bg-card p-1.5 shadow-soft" />
            <div>
              <p className="text-sm font-medium text-accent-foreground">{t("eyebrow")}</p>
              <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{storeName}</h1>
            </div>
            <p className="max-w-prose text-[0.95rem] text-muted-foreground sm:text-base">
              {t(sellsBookings || products.length === 0 ? "subtitleBookings" : "subtitleShop")}
            </p>
            <Link prefetch={false} href={localePath(locale, "/products")} className={buttonVariants({ size: "lg" })}>
              {t("cta")}
              <Arrow aria-hidden="true" />
            </Link>
          </div>
          {pictured.length >= 2 ? (
            <div aria-hidden="true" className="hidden grid-cols-2 gap-3 md:grid">
              {pictured.map((p, i) => (
                <div
                  key={p.id}
                  className={
                    i === 0
                      ? "row-span-2 overflow-hidden rounded-xl shadow-lift"
                      : "aspect-square overflow-hidden rounded-xl shadow-soft"
                  }
                >
                  <ProductImage product={p} alt="" width={320} height={i === 0 ? 400 : 200} />
                </div>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
