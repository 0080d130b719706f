/** The ids of the server-rendered promo slots (payment-promos.tsx) the widgets are drawn in (promo-loader.tsx). */
export const PROMO_SLOT = { tabby: "tabby-promo", tamara: "tamara-promo" } as const;
