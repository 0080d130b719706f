/**
 * Message files, one per namespace and language: messages/{locale}/{namespace}.json.
 * Split so that features own their texts; merged into one catalogue per request.
 */
export const NAMESPACES = [
  "common",
  "home",
  "product",
  "cart",
  "errors",
  "validation",
  "account",
  "checkout",
  "order",
  "text",
  "locations",
  "outage",
] as const;

/**
 * Texts only the server reads: never sent to the browser. `outage` is the "temporarily
 * unavailable" page, which the server's request guard (scripts/request-guard.mjs) reads from the files.
 */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ["home", "outage"];

// Refusals shown only inside the sheets and the pages that carry every text (sign-in, coupons,
// payments, receipts, uploads, custom fields, locations, orders, the checkout's totals), and those
// only a broken client meets (a wrong route, method, origin or store).
// A payment provider's own codes are payments' too: spec §8's payment codes end in _ERROR, and a
// provider that refuses a buyer says so as SP:<Provider>NotEligible (docs/payments.md). Matched by
// their shape, so that the pages' first load carries no list of codes.
const SHEET_ONLY_ERRORS =
  /^(?:SP_(?:Otp|MaxRetries|Sms|InvalidMobile|Coupon|CustomerExceededCoupon|CustomerNotApplicableForCoupon|Payment|\w+NotEligible|Refund|InvalidCallback|InvalidWebhook|BankReceipt|ReceiptNot|Reschedule|Cancellation|Upload|File|UnsupportedFile|MalformedMultipart|MaximumLocations|CartTotalChanged|DeliveryLocation|DeliveryOutOfRange|PickupBranch|CartMinimum|CartIsEmpty|NotEnoughPackage|ScheduleLinked|ProviderLinked|CustomFieldValue|ValueMustBe|OptionIsNotValid|TenantMismatch|TenantNotFound|ForbiddenOrigin|RouteNotFound|MethodNotAllowed)|[A-Z_]+_ERROR$)/;

/**
 * The texts a page's flight data carries: what its client components show before a sheet opens
 * (the header's buttons, the purchase widget, toasts, failures of adding to the cart). `true` is a
 * whole namespace, a list names its parts (dotted paths), a function picks the keys it keeps.
 * The sheets (cart and checkout, sign-in, account menu, locations) take every client text with
 * their code (components/intl/deferred-messages.tsx); checkout, orders and profile get every client
 * text inline from their layouts (components/intl/all-messages.tsx).
 */
export const INLINE_MESSAGES: Record<string, true | readonly string[] | ((key: string) => boolean)> = {
  common: ["toast", "error", "notFound"],
  text: true,
  validation: true,
  // The product page's own texts are the server's; the widget's and its price's are the client's.
  product: ["price"],
  cart: ["button", "toast"],
  account: ["session", "menu.open", "menu.signIn"],
  locations: ["button", "types"],
  // Failures a page can meet outside the sheets (adding to the cart, reading slots, signing out). A
  // code without its text here reads as "unknown" (lib/use-failure-message.ts), never as a key.
  errors: (key) => !SHEET_ONLY_ERRORS.test(key),
};

/** The kinds of purchase widget (components/product/purchase/purchase-widget.tsx's WidgetSpec). */
export type WidgetKind = "slots" | "duration" | "days" | "subscription" | "merchandise" | "gift";

/** The option, quantity, total and add button every kind shows (purchase-parts.tsx). */
const PURCHASE_TEXTS = ["option", "decrease", "increase", "clamped", "total", "adding", "addToCart"];
/** The date and time fields and their loading state (booking-fields.tsx, availability-state.tsx). */
const CALENDAR_TEXTS = [
  "calendar",
  "date",
  "full",
  "seatsLeft",
  "available",
  "noSlots",
  "firstNight",
  "lastNight",
  "loading",
  "availabilityError",
  "retry",
];

/**
 * The purchase widget's texts (`product.widget`, by top-level part) each kind shows. A product page
 * hands only its own kind's over, with the widget (widgetMessages): a bottle of oil does not carry
 * the calendar's, the nights' and the specialists' texts.
 */
export const WIDGET_TEXTS: Record<WidgetKind, readonly string[]> = {
  slots: [...PURCHASE_TEXTS, ...CALENDAR_TEXTS, "time", "seats", "chooseTimeFirst", "staff"],
  duration: [
    ...PURCHASE_TEXTS,
    ...CALENDAR_TEXTS,
    "booked",
    "upToHours",
    "perHour",
    "startTime",
    "duration",
    "hoursCount",
    "chooseTimeFirst",
  ],
  days: [
    ...PURCHASE_TEXTS,
    ...CALENDAR_TEXTS,
    "rangeCrossesBooked",
    "rangeTooLong",
    "rangeTooShort",
    "perNight",
    "stay",
    "nightsRule",
    "pickFirstNight",
    "pickLastNight",
    "nightsCount",
    "depositNote",
  ],
  subscription: [...PURCHASE_TEXTS, ...CALENDAR_TEXTS, "startDate", "subscriptionPeriod", "startsOn"],
  merchandise: [...PURCHASE_TEXTS, "quantity", "inStock", "soldOut"],
  gift: [
    ...PURCHASE_TEXTS,
    "giftTo",
    "giftFrom",
    "theme",
    "toName",
    "showMyName",
    "fromName",
    "toMobile",
    "toMobileHint",
    "sendLater",
    "sendAt",
  ],
};

/** The client namespaces a page carries only in part or not at all: what the sheets' code fetches. */
export const DEFERRED_NAMESPACES = NAMESPACES.filter(
  (ns) => !SERVER_ONLY_NAMESPACES.includes(ns) && INLINE_MESSAGES[ns] !== true,
);

type Tree = Record<string, unknown>;

function pickPath(source: Tree, path: string[], into: Tree) {
  const [head, ...rest] = path;
  if (!(head in source)) return;
  if (rest.length === 0) into[head] = source[head];
  else if (source[head] && typeof source[head] === "object")
    pickPath(source[head] as Tree, rest, (into[head] ??= {}) as Tree);
}

function inlinePart(namespace: Tree, pick: (typeof INLINE_MESSAGES)[string]): Tree {
  if (pick === true) return namespace;
  if (typeof pick === "function") return Object.fromEntries(Object.entries(namespace).filter(([key]) => pick(key)));
  const out: Tree = {};
  for (const path of pick) pickPath(namespace, path.split("."), out);
  return out;
}

/** The messages a page hands to its client components: the inline parts, or (`all`) every client namespace whole. */
export function clientMessages<T extends Record<string, unknown>>(messages: T, { all }: { all: boolean }): Partial<T> {
  if (!all) return inlineMessages(messages) as Partial<T>;
  const out: Tree = {};
  for (const [ns, value] of Object.entries(messages)) {
    if (SERVER_ONLY_NAMESPACES.includes(ns)) continue;
    out[ns] = value;
  }
  return out as Partial<T>;
}

const inlineCache = new WeakMap<object, Tree>();
/** The inline parts, one object per catalogue (a request's): the layout's and the product page's providers share them. */
function inlineMessages(messages: Tree): Tree {
  let inline = inlineCache.get(messages);
  if (!inline) {
    inline = {};
    for (const [ns, value] of Object.entries(messages))
      if (!SERVER_ONLY_NAMESPACES.includes(ns) && INLINE_MESSAGES[ns])
        inline[ns] = inlinePart(value as Tree, INLINE_MESSAGES[ns]);
    inlineCache.set(messages, inline);
  }
  return inline;
}

/**
 * What the purchase widget's provider holds on a product page: the page's inline texts (the same
 * objects the layout's provider holds, so that the flight data refers to them instead of repeating
 * them) and the widget's texts of this kind.
 */
export function widgetMessages<T extends Record<string, unknown>>(messages: T, kind: WidgetKind): Partial<T> {
  const inline = inlineMessages(messages);
  const product = (messages.product ?? {}) as Tree;
  const widget = inlinePart((product.widget ?? {}) as Tree, WIDGET_TEXTS[kind]);
  return { ...inline, product: { ...(inline.product as Tree), widget } } as unknown as Partial<T>;
}
