import { ProductImage } from "./product-image";

type GalleryProduct = { name: string; images: string[]; typeString: Parameters<typeof ProductImage>[0]["product"]["typeString"]; hasPackage?: boolean };

/**
 * The product's pictures in a swipeable, snap-scrolling strip (no client JS); the kind's icon
 * when it has none. The first picture is the page's LCP image and loads eagerly.
 */
export function ProductGallery({ product }: { product: GalleryProduct }) {
  if (product.images.length <= 1) {
    return (
      <div className="aspect-square overflow-hidden rounded-2xl border border-border bg-muted">
        <ProductImage product={product} alt={product.name} width={640} height={640} priority />
      </div>
    );
  }
  return (
    <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto scrollbar-none" aria-label={product.name}>
      {product.images.map((src, i) => (
        <li key={src + i} className="aspect-square w-[88%] shrink-0 snap-center overflow-hidden rounded-2xl border border-border bg-muted">
          <ProductImage product={product} src={src} alt={product.name} width={640} height={640} priority={i === 0} />
        </li>
      ))}
    </ul>
  );
}
