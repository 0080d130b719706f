import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { loadSite, type SiteParams } from "@/lib/site";
import "../../globals.css";

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<SiteParams> }) {
  const { locale } = await loadSite(await params);
  const messages = await getMessages();
  return (
    <html lang={locale} dir={locale === "ar" ? "rtl" : "ltr"}>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
