"use client";

import { Suspense, use, useMemo, type ComponentType, type ReactNode } from "react";
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from "next-intl";
import { DEFERRED_NAMESPACES } from "@/i18n/namespaces";

type Messages = Record<string, unknown>;
const loads = new Map<string, Promise<Messages>>();

/**
 * The client namespaces a page carries only in part (i18n/namespaces.ts), whole, in `locale`: fetched
 * once per page (each is a chunk of its own, cached by the browser).
 */
export function loadDeferredMessages(locale: string): Promise<Messages> {
  let load = loads.get(locale);
  if (!load) {
    load = Promise.all(
      DEFERRED_NAMESPACES.map(
        async (ns) => [ns, (await import(`../../messages/${locale}/${ns}.json`)).default] as const,
      ),
    ).then(Object.fromEntries);
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

// The texts start coming with the first sheet's code, before the sheet first renders.
if (typeof document !== "undefined") void loadDeferredMessages(document.documentElement.lang);

/** `children` with every client text, shown once they are here. */
function WithDeferredMessages({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Provide>{children}</Provide>
    </Suspense>
  );
}

/** A sheet's component that shows every client text: for the code a page loads on demand (the sheets). */
export function withDeferredMessages<P extends object>(
  Component: ComponentType<P>,
): ComponentType<P> & { ready: () => Promise<unknown> } {
  function WithTexts(props: P) {
    return (
      <WithDeferredMessages>
        <Component {...props} />
      </WithDeferredMessages>
    );
  }
  WithTexts.displayName = `withDeferredMessages(${Component.displayName ?? Component.name})`;
  // What components/on-demand.tsx waits for before the first render: a sheet whose texts did not
  // come (a dropped connection) fails to load as its code would, and is tried again at its next opening.
  WithTexts.ready = () => loadDeferredMessages(document.documentElement.lang);
  return WithTexts;
}
