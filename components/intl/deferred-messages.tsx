"use client";

import { Suspense, use, useMemo, type ReactNode } from "react";
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from "next-intl";
import { DEFERRED_NAMESPACES } from "@/i18n/namespaces";

type Messages = Record<string, unknown>;
const loads = new Map<string, Promise<Messages>>();

/** The deferred namespaces in `locale`, fetched once per page (each is a chunk of its own, cached by the browser). */
export function loadDeferredMessages(locale: string): Promise<Messages> {
  let load = loads.get(locale);
  if (!load) {
    load = Promise.all(DEFERRED_NAMESPACES.map(async (ns) => [ns, (await import(`../../messages/${locale}/${ns}.json`)).default] as const)).then(Object.fromEntries);
    // A failed fetch (a dropped connection) is tried again at the next opening.
    load.catch(() => loads.delete(locale));
    loads.set(locale, load);
  }
  return load;
}

function Provide({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const base = useMessages();
  const deferred = use(loadDeferredMessages(locale));
  const messages = useMemo(() => ({ ...base, ...deferred }), [base, deferred]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}

/** `children` with the checkout's and orders' texts too, shown once they are here. */
export function WithDeferredMessages({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Provide>{children}</Provide>
    </Suspense>
  );
}
