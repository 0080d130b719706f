import { Gift } from "lucide-react";
import { cn } from "@/lib/cn";
import { ProductImage, type PicturedProduct } from "./product-image";

type GalleryProduct = PicturedProduct & { name: string; giftThemes?: { color: string }[] | null };

/** A gift card without pictures is drawn in its own theme colours: two cards, the front one named. */
export function GiftCardArt({
  name,
  colors,
  storeName,
  className,
  compact,
}: {
  name: string;
  colors: string[];
  storeName: string;
  className?: string;
  compact?: boolean;
}) {
  const [front, back = "#a07a45"] = colors;
  const card = (color: string) => ({
    background: `linear-gradient(135deg, ${color}, color-mix(in srgb, ${color} 55%, #000))`,
  });
  return (
    <div
      role="img"
      aria-label={name}
      className={cn(
        "relative flex aspect-square items-center justify-center overflow-hidden rounded-2xl border border-border bg-[radial-gradient(circle_at_30%_20%,var(--color-card),var(--color-muted))]",
        className,
      )}
    >
      <div
        className={cn(
          "absolute aspect-[1.6] -translate-y-[12%] translate-x-[10%] rotate-[8deg] rounded-2xl opacity-90 shadow-lift",
          compact ? "w-[46%]" : "w-[62%]",
        )}
        style={card(back)}
      />
      <div
        className={cn(
          "relative flex aspect-[1.6] -rotate-[4deg] flex-col justify-between rounded-2xl text-white shadow-lift",
          compact ? "w-[50%] rounded-xl p-[3%]" : "w-[66%] p-[5%]",
        )}
        style={card(front)}
      >
        <div className="flex items-start justify-between gap-2">
          <span
            className={cn(
              "truncate font-semibold opacity-90",
              compact ? "text-[0.6rem] sm:text-xs" : "text-sm sm:text-base",
            )}
          >
            {compact ? null : storeName}
          </span>
          <Gift className={cn("opacity-90", compact ? "size-4" : "size-6 sm:size-7")} aria-hidden="true" />
        </div>
        <span className={cn("font-display font-bold", compact ? "text-xs sm:text-sm" : "text-lg sm:text-xl")}>
          {name}
        </span>
      </div>
    </div>
  );
}

/** The gallery's width: the screen's on a phone, its half of the page (at most 6xl wide) from tablets on. */
const GALLERY_SIZES = "(min-width: 1200px) 540px, (min-width: 768px) 45vw, 100vw";
const STRIP_SIZES = "(min-width: 1200px) 475px, (min-width: 768px) 40vw, 88vw";

/**
 * The product's pictures in a swipeable, snap-scrolling strip (no client JS); the kind's icon
 * when it has none. The first picture is the page's LCP image and loads eagerly.
 */
export function ProductGallery({ product, storeName }: { product: GalleryProduct; storeName: string }) {
  const themes = product.giftThemes ?? [];
  if (product.typeString === "gift" && product.images.length === 0 && themes.length > 0) {
    return <GiftCardArt name={product.name} colors={themes.map((t) => t.color)} storeName={storeName} />;
  }
  if (product.images.length <= 1) {
    return (
      <div className="aspect-square overflow-hidden rounded-2xl border border-border bg-muted">
        <ProductImage product={product} alt={product.name} width={640} height={640} sizes={GALLERY_SIZES} priority />
      </div>
    );
  }
  return (
    <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto scrollbar-none" aria-label={product.name}>
      {product.images.map((src, i) => (
        <li
          key={src + i}
          className="aspect-square w-[88%] shrink-0 snap-center overflow-hidden rounded-2xl border border-border bg-muted"
        >
          <ProductImage
            product={product}
            src={src}
            alt={product.name}
            width={640}
            height={640}
            sizes={STRIP_SIZES}
            priority={i === 0}
          />
        </li>
      ))}
    </ul>
  );
}
