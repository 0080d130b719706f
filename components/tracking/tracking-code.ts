/** The tracking code (pixels, UTM, page views), out of the page's first load: fetched on first use, right after hydration. */
export const trackingCode = () =>
  Promise.all([import("@/lib/tracking/pixels"), import("@/lib/tracking/utm"), import("@/lib/tracking/page-view"), import("@/lib/tracking/cart-value")]).then(([pixels, utm, pageView, cartValue]) => ({
    ...pixels,
    ...utm,
    ...pageView,
    ...cartValue,
  }));
