import { getRequestConfig } from "next-intl/server";
import { LOCALES, type Locale } from "@/contract/tenant-settings";
import { NAMESPACES } from "./namespaces";

export async function loadMessages(locale: Locale) {
  const parts = await Promise.all(
    NAMESPACES.map(async (ns) => [ns, (await import(`../messages/${locale}/${ns}.json`)).default] as const),
  );
  return Object.fromEntries(parts);
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale: Locale = (LOCALES as readonly string[]).includes(requested ?? "") ? (requested as Locale) : "ar";
  return { locale, messages: await loadMessages(locale), timeZone: "Asia/Riyadh" };
});
