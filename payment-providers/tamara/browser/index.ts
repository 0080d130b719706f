import { defineBrowser } from "@/lib/payments/browser-part";

export const tamaraBrowser = defineBrowser({
  promo: () => import("./promo"),
});
