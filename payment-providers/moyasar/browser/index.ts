import { defineBrowser } from "@/lib/payments/browser-part";

export const moyasarBrowser = defineBrowser({});
