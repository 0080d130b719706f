/**
 * Spec §1: no page-view on paths whose first or second segment is `products` (`/products`,
 * `/products/x`, `/en/products/x`): those pages send their own view event. Pure.
 */
export function sendsPageView(pathname: string): boolean {
  const [first, second] = pathname.split("/").filter(Boolean);
  return first !== "products" && second !== "products";
}
