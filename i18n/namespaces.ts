/**
 * Message files, one per namespace and language: messages/{locale}/{namespace}.json.
 * Split so that features own their texts; merged into one catalogue per request.
 */
export const NAMESPACES = ["common", "home", "product", "cart", "errors", "validation", "account", "checkout", "order", "text", "locations"] as const;
