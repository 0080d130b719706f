/** A provider's promo widget on product pages (filled in with the promos' move into the folders). */
export type PromoPart = Record<string, never>;
