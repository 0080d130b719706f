// The chosen stack's floor for `npm run bench:lighthouse` and its first-load JavaScript: bench/floor
// plus what every storefront page's client code is built on — next/link, next/dynamic, next-intl's
// client (messages precompiled as the storefront's are) and TanStack Query (a provider, a query and
// a mutation). Whatever it costs above bench/floor, the storefront pays before a line of its own.
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";

export default async function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <NextIntlClientProvider messages={await getMessages()}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
