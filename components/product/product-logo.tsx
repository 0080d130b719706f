import { CalendarClock, Gift, Layers, Repeat, ShoppingBag, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import type { ProductTypeString } from "@/lib/platform-client/types";

type LogoProduct = { images: string[]; typeString: ProductTypeString; hasPackage?: boolean };

const FALLBACKS: Record<ProductTypeString, { icon: LucideIcon; tone: string }> = {
  reservation: { icon: CalendarClock, tone: "bg-primary-soft text-primary" },
  subscription: { icon: Repeat, tone: "bg-accent-soft text-accent-foreground" },
  merchandise: { icon: ShoppingBag, tone: "bg-muted text-foreground/75" },
  gift: { icon: Gift, tone: "bg-[#f7e8ea] text-[#8c2f3f]" },
};

/** Spec §2: the product's first image, else an icon by kind (a package subscription has its own). */
export function fallbackIcon(product: LogoProduct): { icon: LucideIcon; tone: string } {
  if (product.typeString === "subscription" && product.hasPackage) return { icon: Layers, tone: FALLBACKS.subscription.tone };
  return FALLBACKS[product.typeString] ?? FALLBACKS.merchandise;
}

/**
 * The product's picture at a fixed square size (default 80 px, spec §2). `alt` is empty by default
 * because the product name is almost always written next to it.
 */
export function ProductLogo({ product, size = 80, alt = "", className, priority }: { product: LogoProduct; size?: number; alt?: string; className?: string; priority?: boolean }) {
  const image = product.images[0];
  if (image) {
    return (
      // Tenant images come from any host, so a plain <img> with fixed dimensions (no layout shift).
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={image}
        alt={alt}
        width={size}
        height={size}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={cn("shrink-0 rounded-lg bg-muted object-cover", className)}
        style={{ width: size, height: size }}
      />
    );
  }
  const { icon: Icon, tone } = fallbackIcon(product);
  return (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-slot="product-logo-fallback"
      className={cn("inline-flex shrink-0 items-center justify-center rounded-lg", tone, className)}
      style={{ width: size, height: size }}
    >
      <Icon strokeWidth={1.5} style={{ width: Math.round(size * 0.45), height: Math.round(size * 0.45) }} />
    </span>
  );
}
