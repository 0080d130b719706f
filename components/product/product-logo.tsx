import { cn } from "@/lib/cn";
import { ProductImage, type PicturedProduct } from "./product-image";

/**
 * Spec §2: the product's first image, else an icon by kind (a package subscription has its own),
 * as a square of `size` px (default 80). `alt` is empty by default because the product name is
 * almost always written next to it.
 */
export function ProductLogo({
  product,
  size = 80,
  alt = "",
  className,
  priority,
}: {
  product: PicturedProduct;
  size?: number;
  alt?: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <span
      data-slot="product-logo"
      className={cn("inline-flex shrink-0 overflow-hidden rounded-lg bg-muted", className)}
      style={{ width: size, height: size }}
    >
      <ProductImage
        product={product}
        alt={alt}
        width={size}
        height={size}
        priority={priority}
        iconClassName="size-[45%]"
      />
    </span>
  );
}
