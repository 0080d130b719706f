import { getRequestConfig } from "next-intl/server";
import { LOCALES, type Locale } from "@/lib/tenant-config";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale: Locale = (LOCALES as readonly string[]).includes(requested ?? "") ? (requested as Locale) : "ar";
  return {
    locale,
    messages: (await import(`../messages/${locale}.json`)).default,
    timeZone: "Asia/Riyadh",
  };
});
