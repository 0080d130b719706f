/**
 * Message files, one per namespace and language: messages/{locale}/{namespace}.json.
 * Split so that features own their texts; merged into one catalogue per request.
 */
export const NAMESPACES = ["common", "home", "product", "cart", "errors", "validation", "account", "checkout", "order", "text", "locations", "outage"] as const;

/**
 * Texts only the server reads: never sent to the browser. `outage` is the "temporarily
 * unavailable" page, which the server's request guard (scripts/request-guard.mjs) reads from the files.
 */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ["home", "outage"];

/**
 * Texts of the checkout and of orders: the browser gets them with the code that shows them (the cart
 * sheet's chunk loads them, components/intl/deferred-messages.tsx) or on the pages that show them
 * at once (checkout, orders, profile), not inline in every page's flight data.
 */
export const DEFERRED_NAMESPACES = ["checkout", "order"] as const;

/** The messages a page hands to its client components: all but the server's, and the deferred ones only when asked. */
export function clientMessages<T extends Record<string, unknown>>(messages: T, { deferred }: { deferred: boolean }): Partial<T> {
  const skipped = (ns: string) => SERVER_ONLY_NAMESPACES.includes(ns) || (!deferred && (DEFERRED_NAMESPACES as readonly string[]).includes(ns));
  return Object.fromEntries(Object.entries(messages).filter(([ns]) => !skipped(ns))) as Partial<T>;
}
