import { cn } from "@/lib/cn";
import { imageSources } from "@/lib/images/url";

/** The tenant's logo, or its initial on the brand colour when it has none. Decorative: the name is beside it. */
export function StoreMark({
  name,
  logoUrl,
  size,
  className,
  lazy,
}: {
  name: string;
  logoUrl: string | null;
  size: number;
  className?: string;
  lazy?: boolean;
}) {
  if (logoUrl) {
    const { src, srcSet } = imageSources(logoUrl, size);
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the image route sizes the store's own logos (lib/images)
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? `${size}px` : undefined}
        loading={lazy ? "lazy" : undefined}
        alt=""
        width={size}
        height={size}
        className={cn("shrink-0 rounded-lg object-contain", className)}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-lg bg-primary font-display font-bold text-primary-foreground",
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
