import { CalendarClock, Gift, Layers, Repeat, ShoppingBag, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import type { ProductTypeString } from "@/contract/dto/shared";
import { imageSources } from "@/lib/images/url";

export type PicturedProduct = { images: string[]; typeString: ProductTypeString; hasPackage?: boolean };

const FALLBACKS: Record<ProductTypeString, { icon: LucideIcon; tone: string }> = {
  reservation: { icon: CalendarClock, tone: "bg-primary-soft text-primary" },
  subscription: { icon: Repeat, tone: "bg-accent-soft text-accent-foreground" },
  merchandise: { icon: ShoppingBag, tone: "bg-muted text-foreground/75" },
  gift: { icon: Gift, tone: "bg-[#f7e8ea] text-[#8c2f3f]" },
};

/** Spec §2: the icon for a product without pictures, by kind (a package subscription has its own). */
export function fallbackIcon(product: PicturedProduct): { icon: LucideIcon; tone: string } {
  if (product.typeString === "subscription" && product.hasPackage)
    return { icon: Layers, tone: FALLBACKS.subscription.tone };
  return FALLBACKS[product.typeString] ?? FALLBACKS.merchandise;
}

/**
 * A product picture filling its box: the image (`src`, else the first one), or the kind's icon on
 * its tint. width/height reserve the space so nothing shifts while it loads; the store's own
 * pictures come from the image route at the widths the box needs (`sizes`, else `width` px) over a
 * blurred stand-in.
 */
export function ProductImage({
  product,
  src,
  alt,
  width,
  height,
  priority,
  sizes,
  className,
  iconClassName = "size-1/4 max-w-24",
}: {
  product: PicturedProduct;
  src?: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  sizes?: string;
  className?: string;
  iconClassName?: string;
}) {
  const image = src ?? product.images[0];
  if (image) {
    const sources = imageSources(image, width);
    return (
      // The image route (lib/images) does what next/image's optimizer would, for pictures whose
      // address is only known at run time, so a plain <img> with its srcset.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.srcSet ? (sizes ?? `${width}px`) : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        // Off the frame, even for the page's largest paint: a synchronous decode held the first frame
        // back for it (markup on stack, `npm run bench:lighthouse -- --split`), and the first
        // frame's time decides whether Lighthouse counts the page's scripts before its LCP.
        decoding="async"
        style={
          sources.placeholder
            ? { backgroundImage: `url(${JSON.stringify(sources.placeholder)})`, backgroundSize: "cover" }
            : undefined
        }
        className={cn("size-full object-cover", className)}
      />
    );
  }
  const { icon: Icon, tone } = fallbackIcon(product);
  return (
    <div
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={cn("flex size-full items-center justify-center", tone, className)}
    >
      <Icon className={cn("opacity-85", iconClassName)} strokeWidth={1.4} aria-hidden="true" />
    </div>
  );
}
