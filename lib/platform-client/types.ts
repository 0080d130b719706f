/**
 * The platform API's data shapes (spec §3), as the storefront receives them inside `{data}`.
 * Amounts are SAR as decimal numbers (two places); the platform stores halalas.
 */
import type { CustomFieldType, ProductTypeString, OpeningHours } from "@/platform/db/schema";
import type { PaymentMethod } from "@/lib/tenant-config";

export type { ProductTypeString };

export type ApiError = { code: string; message: string; details?: Record<string, unknown> };
export type ApiEnvelope<T> = { data: T } | { error: ApiError };

export type PriceDto = { id: string; name: string; amount: number };

export type GiftThemeDto = { id: string; name: string; color: string };

export type ProductDto = {
  id: string;
  /** 0 reservation, 1 subscription, 2 merchandise, 3 gift. */
  type: number;
  typeString: ProductTypeString;
  name: string;
  description: string;
  images: string[];
  /** The lowest price, before tax. */
  amount: number;
  hasPackage: boolean;
  isFullDayBooking: boolean;
  isVariableDuration: boolean;
  prices: PriceDto[];
  reservation: null | {
    slotMinutes: number | null;
    capacity: number;
    minDays: number | null;
    maxDays: number | null;
    minUnits: number | null;
    maxUnits: number | null;
    depositPercent: number | null;
    bookingWindowDays: number;
    openingHours: OpeningHours | null;
  };
  subscription: null | { durationDays: number | null; perCustomerLimit: number | null; packageSessions: number | null };
  /** Merchandise: units left; null for other kinds. */
  stock: number | null;
  giftThemes: GiftThemeDto[] | null;
};

/** GET products/{id}/availability. Dates are Riyadh calendar days (YYYY-MM-DD); instants are ISO strings. */
export type AvailabilityDto =
  | { kind: "slots"; date: string; slots: { from: string; to: string; available: number; capacity: number }[] }
  | { kind: "duration"; date: string; unitMinutes: number; minUnits: number; starts: { from: string; maxUnits: number }[] }
  | { kind: "days"; from: string; days: { date: string; available: boolean }[] };

export type GiftDetailsDto = { toName: string; fromName?: string | null; showBuyerInfo: boolean; theme: string };
/** A gift line in a cart also carries its theme's localized name and colour. */
export type CartGiftDetailsDto = GiftDetailsDto & { themeName: string; themeColor: string | null };

export type CartItemDto = {
  id: string;
  type: number;
  /** Line amount before tax: unit price × quantity × effective units. */
  amount: number;
  taxAmount: number;
  quantity: number;
  /** quantity × units (hours or nights). */
  effectiveQuantity: number;
  product: { id: string; name: string; typeString: ProductTypeString; images: string[]; hasPackage: boolean; isFullDayBooking: boolean; isVariableDuration: boolean };
  price: { id: string; name: string; amount: number };
  giftDetails: CartGiftDetailsDto | null;
  reservationDateFrom: string | null;
  /** Exclusive end; full-day bookings display it minus one day. */
  reservationDateTo: string | null;
  subscriptionStartDate: string | null;
  /** Paid for by one of the owner's packages (see CartDto.packages); its amount counts in discountAmount. */
  packageCovered: boolean;
};

export type CartDto = CartCheckoutFields & {
  id: string;
  customerId: string | null;
  cartItems: CartItemDto[];
  items: CartItemDto[];
  couponId: string | null;
  couponCode: string | null;
  subTotal: number;
  discountAmount: number;
  taxAmount: number;
  fees: { name: string; amount: number }[];
  totalAmount: number;
  depositAmount: number;
  amountToBePaid: number;
  hasPackageDiscounts: boolean;
  status: string;
  currency: "SAR";
};

export type AddCartItemInput = {
  productId: string;
  priceId: string;
  quantity?: number;
  /** Fixed slot or variable start: ISO instant. Full-day: first day YYYY-MM-DD. */
  reservationDateFrom?: string;
  /** Full-day: exclusive end day YYYY-MM-DD (last day + 1). */
  reservationDateTo?: string;
  /** Variable duration: number of units (hours). */
  units?: number;
  subscriptionStartDate?: string;
  giftDetails?: GiftDetailsDto;
};

export type UpdateCartItemInput = { priceId?: string; quantity: number };

export type WebsitePageDto = { path: string; title: string; body: string };

export type WebsiteConfigDto = {
  tenant: { id: string; name: string; slug: string };
  /** The public part of the settings map (no secret keys). */
  settings: Record<string, string>;
  pages: { path: string; title: string }[];
};

export type TenantDto = { id: string; slug: string; name: string; settings: Record<string, string>; payments: PaymentEndpoints };

/** What a platform call needs to know of its tenant. */
export type TenantRef = Omit<TenantDto, "payments">;

/**
 * Browser-safe addresses of the tenant's payment providers (issue 5): the live provider's or this
 * app's /sandbox/<provider> (relative). Null where the tenant has no account with that provider.
 * Secrets never travel here: they stay in the platform's tenant_payment_accounts.
 */
export type PaymentEndpoints = {
  /** Moyasar API base for the browser's calls with the publishable key: POST {base}/tokens, POST {base}/applepay/initiate. */
  moyasarApiUrl: string | null;
  /** MyFatoorah (or rekaz-pay) embedded card form script (session.js). */
  myfatoorahScriptUrl: string | null;
  /** Tabby's promo card widget script (tabby-card.js, global TabbyCard). */
  tabbyCardScriptUrl: string | null;
  /** Tamara's promo widget script (tamara-widget.js, element <tamara-widget>). */
  tamaraWidgetScriptUrl: string | null;
};

// ── The customer's account (issue 3) ────────────────────────────────────────────────────────

export type { CustomFieldType };

/** GET identity-customer/me and every profile update. */
export type CustomerDto = {
  id: string;
  name: string;
  /** E.164, e.g. "+966500000001". */
  mobileNumber: string;
  email: string | null;
  /** Field name → value; document/image values are upload names (see UploadDto). */
  customFields: Record<string, string>;
  /** Name set and every required custom field filled. */
  isProfileComplete: boolean;
};

/** PUT identity-customer/ — name trimmed 1–100; email optional (null or "" clears it). */
export type UpdateProfileInput = { name: string; email?: string | null };

/** POST identity-customer/customer — the signed-in customer's own record; mobileNumber must be theirs. */
export type SaveCustomerInput = { name: string; mobileNumber: string; email?: string | null; customFields?: Record<string, string | null> };

/**
 * PUT identity-customer/customer-custom-fields. Merged over the stored values: a key sent replaces
 * that field ("" or null clears it), a key not sent keeps its value. Unknown names are refused.
 */
export type UpdateCustomFieldsInput = { customFields: Record<string, string | null> };

/** GET customer/checkout-custom-fields (labels in the request's language). */
export type CustomFieldDefinitionDto = {
  name: string;
  label: string;
  type: CustomFieldType;
  /** Select fields only. */
  options?: { value: string; label: string }[];
  isRequired: boolean;
};

/** POST customer/uploads answer; `name` is server-made (`<uuid>.<ext>`) and is the custom field's value. */
export type UploadDto = { name: string; contentType: string; size: number };
export type UploadPurpose = "custom-field";

export type PresetFieldDto = { name: string; label: string; type: "text" | "number" | "date"; isRequired: boolean };
export type PresetDto = { id: string; name: string; fields: PresetFieldDto[] };
export type PresetValueDto = { id: string; presetId: string; customerId: string; values: Record<string, string>; isDefault: boolean; createdAt: string };
/** Body of POST presets/value and PUT presets/values/{id}; values are validated against the preset's fields. */
export type PresetValueInput = { values: Record<string, string | null>; isDefault?: boolean };

/** One booking of the customer (GET customer/reservations). */
export type ReservationDto = {
  id: string;
  productId: string;
  productName: string;
  /** First product image, null when it has none (the UI falls back to the kind's icon). */
  productImage: string | null;
  /** ISO instants. Full-day bookings: startsAt is the first day's midnight (Riyadh) and endsAt the exclusive checkout day — show endsAt − 1 day. */
  startsAt: string;
  endsAt: string;
  isFullDayBooking: boolean;
  seats: number;
};
/** upcoming: not yet ended, soonest first; past: ended, most recent first. */
export type ReservationsDto = { upcoming: ReservationDto[]; past: ReservationDto[] };

/**
 * GET customer/subscriptions. status: "active" | "upcoming" (starts later) | "expired" (ended) |
 * "cancelled". Package counts only for subscriptions whose product is a package.
 */
export type SubscriptionDto = {
  id: string;
  productId: string;
  productName: string;
  productImage: string | null;
  /** YYYY-MM-DD Riyadh days, both inclusive. */
  startsOn: string;
  endsOn: string;
  status: "active" | "upcoming" | "expired" | "cancelled";
  packageSessionsLeft?: number;
  packageSessionsTotal?: number;
};

// ── Checkout (issue 4) ──────────────────────────────────────────────────────────────────────

/**
 * unpaid until an order completes; cash ⇒ pay_on_site, bank transfer ⇒ pending_review, online ⇒
 * paid, or deposit_paid when the online payment was the deposit (amountToBePaid < totalAmount).
 */
export type PaymentStatus = "unpaid" | "pay_on_site" | "pending_review" | "paid" | "deposit_paid";

/** Methods the platform completes an order with in this issue (online methods come with issue 5). */
export type SubmitPaymentMethod = "CASH" | "BANK_TRANSFER";

/**
 * One of the signed-in owner's prepaid packages that covers items of the cart (listed even while
 * usePackages is off, so the toggle can be shown). Sessions are only spent when the order completes.
 */
export type CartPackageDto = {
  id: string;
  productName: string;
  /** Sessions left now (for a completed order: after it). */
  remainingSessions: number;
  totalSessions: number;
  /** Sessions this cart uses: one per seat and unit (quantity × units) of each covered item. */
  sessionsToUse: number;
  /** Cart item ids this package pays for (each line is covered whole or not at all). */
  coversItemIds: string[];
};

/**
 * Checkout fields of a cart (additive to CartDto). `paymentMethod` is one of spec §3's enum once
 * the order is submitted; `completedAt` an ISO instant; `packages` is empty for guests.
 */
export type CartCheckoutFields = {
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus;
  /** Short order number (e.g. "K7P2QX"), given when the order completes. */
  orderNumber: string | null;
  bookingNotes: string | null;
  customerName: string | null;
  customerMobile: string | null;
  completedAt: string | null;
  /** Whether the customer's packages pay for the items they cover (PUT cart/{id}/packages). */
  usePackages: boolean;
  packages: CartPackageDto[];
};

/** POST cart/{id}/coupon. The platform prices the cart's own lines; `cartItems` (item ids) is accepted for compatibility. */
export type ApplyCouponInput = { couponCode: string; cartItems?: string[]; customerId?: string };

/** Where a coupon is redeemed (header x-sales-channel); the storefront is "website". */
export type SalesChannel = "website" | "mobile";

/** PUT cart/{id}/packages. */
export type SetUsePackagesInput = { usePackages: boolean };

/** The customer snapshot an order keeps (name trimmed; mobile normalised to E.164 by the platform). */
export type CheckoutCustomerInput = { name: string; mobileNumber: string };

/** POST cart/{id}/submit — CASH only; BANK_TRANSFER completes through POST cart/{id}/bank-receipt. */
export type SubmitCartInput = {
  paymentMethod: SubmitPaymentMethod;
  customer: CheckoutCustomerInput;
  bookingNotes?: string | null;
  termsAccepted?: boolean;
  /** The total (halalas) the shopper confirmed; the platform refuses another (409 SP:CartTotalChanged). */
  expectedTotal?: number;
};

/**
 * The multipart `checkout` field of POST cart/{id}/bank-receipt (JSON text); the form also has
 * `transferorName` (text) and `files` (exactly one image or PDF, ≤ 5 MB).
 */
export type BankReceiptCheckoutInput = Omit<SubmitCartInput, "paymentMethod">;

/** GET cart/{id}/validate: valid, or the first failing rule's error is thrown. */
export type ValidateCartDto = { valid: true };

/** GET bank-account/bank-account (spec §7). `bank` is a bank code (logo by code), e.g. "alrajhi". */
export type BankAccountDto = { id: string; bank: string; holderName: string; iban: string; accountNumber: string };

// ── Online payments (issue 5) ───────────────────────────────────────────────────────────────
// Every call below needs the cart owner's bearer token and validates the cart first (the first
// failing rule's SP: code is thrown). Callback URLs must be on the tenant's own host (allow-list):
// the platform refuses any other with SP:InvalidCallbackUrl.

/** The order's customer and notes, as for cash: kept on the attempt until the payment completes the order. */
export type OnlineCheckoutInput = BankReceiptCheckoutInput;

/** POST payment/moyasar/session — creates a Moyasar payment from a browser-made token (card) or an Apple Pay token. */
export type CreatePaymentInput = {
  /** The cart id. */
  reference: string;
  /** Card: the token id (token_…). Apple Pay: the stringified Apple payment token. */
  token: string;
  tokenType: "token" | "applepay";
  /** Where the shopper returns after 3-D Secure (the done page). */
  callbackUrl: string;
  description?: string;
  checkout: OnlineCheckoutInput;
};

/**
 * initiated ⇒ send the shopper to redirectUrl (3-D Secure). paid ⇒ the order is already complete
 * (Apple Pay). failed ⇒ failureReason is spec §8's reason (e.g. INSUFFICIENT_FUNDS), errorMessageCode
 * the code whose message to show.
 */
export type CreatePaymentDto = {
  paymentId: string | null;
  status: "initiated" | "paid" | "failed";
  redirectUrl: string | null;
  errorMessageCode: string | null;
  failureReason: string | null;
};

/** POST payment/initiate-session/{cartId}?callbackUrl&totalAmount (totalAmount in SAR, must be the amount to pay). */
export type InitiateSessionDto = { countryCode: string; sessionId: string };

/** POST payment/execute-cart-payment?sessionId&cartId&callbackUrl&errorCallbackUrl, body { checkout }. */
export type ExecuteCartPaymentDto = { redirectUrl: string };

/** POST tabby/test-customer-eligibility { cartId }: the server's message (translated) when not eligible. */
export type TabbyEligibilityDto = { eligible: boolean; rejectionReason: string | null; message: string | null };

/** POST tabby/session and tamara/cart-session. */
export type PayLaterSessionInput = {
  /** The cart id. */
  reference: string;
  cancel_url: string;
  failure_url: string;
  success_url: string;
  checkout: OnlineCheckoutInput;
};
export type PayLaterSessionDto = { checkout_url: string };

/**
 * POST payment/{cartId}/callback-payment: settles the cart's open payment attempts by asking each
 * provider (the query the provider redirected with is never trusted). Same answer on every call.
 * none ⇒ nothing was ever tried online for this cart.
 */
export type SettlementDto = {
  outcome: "paid" | "pending" | "failed" | "cancelled" | "refused" | "none";
  provider: PaymentProvider | null;
  failureReason: string | null;
  errorMessageCode: string | null;
};

export type PaymentProvider = "moyasar" | "myfatoorah" | "rekaz-pay" | "tabby" | "tamara";
