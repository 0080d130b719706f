/**
 * Addresses of the image route (/api/img): a tenant picture at a given width, in the format the
 * browser prefers (AVIF, WebP, else the original's). Small and dependency-free: product pictures
 * are drawn in server and client components alike, and this runs in both.
 */

/** The widths the route renders (anything else is refused, so the cache holds a bounded set). */
export const IMAGE_WIDTHS = [64, 96, 128, 160, 240, 320, 480, 640, 960, 1280] as const;
/** The blurred stand-in shown while a picture loads. */
export const PLACEHOLDER_WIDTH = 24;

/** Only the store's own files go through the route; a picture on another host is used as it is. */
export function routable(src: string): boolean {
  return src.startsWith("/") && !src.startsWith("//") && !src.startsWith("/api/");
}

export function imageUrl(src: string, width: number): string {
  return `/api/img?w=${width}&u=${encodeURIComponent(src)}`;
}

export type ImageSources = { src: string; srcSet?: string; placeholder?: string };

/**
 * The `src`, width-based `srcSet` and placeholder for a picture drawn `width` CSS pixels wide at
 * most: from half the box (a narrower slot than `sizes` says) to three times it (a 3× screen).
 */
export function imageSources(src: string, width: number): ImageSources {
  if (!routable(src)) return { src };
  const top = IMAGE_WIDTHS.find((w) => w >= width * 3) ?? IMAGE_WIDTHS.at(-1)!;
  const widths = IMAGE_WIDTHS.filter((w) => w >= width / 2 && w <= top);
  const fallback = IMAGE_WIDTHS.find((w) => w >= width) ?? top;
  return {
    src: imageUrl(src, fallback),
    srcSet: widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(", "),
    // Not behind a picture that may be transparent (it would show through).
    placeholder: /\.(svg|png|gif)([?#]|$)/i.test(src) ? undefined : `${imageUrl(src, PLACEHOLDER_WIDTH)}&blur=1`,
  };
}
