import { defineBrowser } from "@/lib/payments/browser-part";

export const tabbyBrowser = defineBrowser({
  promo: () => import("./promo"),
});
