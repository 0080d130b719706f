import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { clientMessages } from "@/i18n/namespaces";
import { loadSite, type SiteParams } from "@/lib/site";

/** For pages that show the checkout's or orders' texts at once: every client text, inline. */
export async function WithAllMessages({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={clientMessages(await getMessages(), { all: true })}>
      {children}
    </NextIntlClientProvider>
  );
}

/** The layout of a route whose pages all show those texts (checkout, orders). */
export async function AllMessagesLayout({ children, params }: { children: ReactNode; params: Promise<SiteParams> }) {
  await loadSite(await params);
  return <WithAllMessages>{children}</WithAllMessages>;
}
