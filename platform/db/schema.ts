import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  pgSequence,
  bigint,
} from "drizzle-orm/pg-core";
import type { PayLaterMethod, PaymentProvider } from "@/payment-providers/profiles";

/** Product kinds (spec §3). The numeric `type` mirrors the platform's enum; typeString is the name. */
export const PRODUCT_TYPES = ["reservation", "subscription", "merchandise", "gift"] as const;
export type ProductTypeString = (typeof PRODUCT_TYPES)[number];

export type OpeningHours = Record<string, [string, string] | null>; // "0".."6" (Sun..Sat) → ["09:00","21:00"]
export type GiftTheme = { id: string; nameAr: string; nameEn: string; color: string };
export type GiftDetails = {
  toName: string;
  fromName?: string | null;
  showBuyerInfo: boolean;
  theme: string;
  /** The recipient's mobile (E.164): the card is sent there and is theirs in their profile. */
  toMobile?: string | null;
  /** When to send it (ISO instant), when the buyer chose a later moment than the payment. */
  sendAt?: string | null;
};

/** Raw bytes (PostgreSQL bytea), read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * What a storefront page shows changes when a row of tenants, tenant_payment_accounts, products,
 * product_prices or website_pages changes: each of those rows carries a revision from this sequence, set on insert
 * and by a trigger on every update (migration 0005). The page cache compares
 * platform/services/content-version.ts's summary of them (max revision and row count per table)
 * with the one its page was rendered at. Lock-free: no shared counter row to contend for.
 */
export const contentRev = pgSequence("content_rev");
const contentRevColumn = () => bigint("rev", { mode: "number" }).notNull().default(sql`nextval('content_rev')`);
/** When a content row last changed, set with its revision (content_rev_bump): the sitemap's lastmod. */
const contentUpdatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

export const tenants = pgTable("tenants", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** The tenant's settings map: string keys to string values (spec §3 storefront configuration). */
  settings: jsonb("settings").$type<Record<string, string>>().notNull().default({}),
  rev: contentRevColumn(),
  updatedAt: contentUpdatedAtColumn(),
  ...timestamps,
});

export const tenantDomains = pgTable("tenant_domains", {
  domain: text("domain").primaryKey(),
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" }),
  ...timestamps,
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    typeString: text("type_string").$type<ProductTypeString>().notNull(),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    /**
     * The product's address in each language (`/products/<slug>`, Arabic letters allowed), unique
     * per tenant. Made from the name by the database when not given (products_slug trigger, migration
     * 0013), again when the name changes; a replaced slug keeps redirecting (productSlugRedirects).
     */
    slugAr: text("slug_ar"),
    slugEn: text("slug_en"),
    descriptionAr: text("description_ar").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    // reservation
    isFullDayBooking: boolean("is_full_day_booking").notNull().default(false),
    isVariableDuration: boolean("is_variable_duration").notNull().default(false),
    /** Fixed slots: slot length; variable duration: the unit (e.g. 60 = priced per hour). */
    slotMinutes: integer("slot_minutes"),
    /** Seats per slot (fixed), or 1 for exclusive resources (pool, resthouse); with specialists, seats per specialist. */
    capacity: integer("capacity"),
    /** With specialists: the most one slot holds in all (the rooms); null: their seats together. */
    roomCapacity: integer("room_capacity"),
    openingHours: jsonb("opening_hours").$type<OpeningHours>(),
    /** Variable duration: units per booking; full-day: nights per booking. */
    minDays: integer("min_days"),
    maxDays: integer("max_days"),
    minUnits: integer("min_units"),
    maxUnits: integer("max_units"),
    depositPercent: integer("deposit_percent"),
    /** A customer's next booking of this product must start at least this many days after their last one. */
    minDaysBetweenBookings: integer("min_days_between_bookings"),
    /** How many days ahead a reservation may be made. */
    bookingWindowDays: integer("booking_window_days").notNull().default(60),
    // subscription
    subscriptionDays: integer("subscription_days"),
    perCustomerLimit: integer("per_customer_limit"),
    hasPackage: boolean("has_package").notNull().default(false),
    packageSessions: integer("package_sessions"),
    /** Products whose bookings a package of this product pays for. */
    packageProductIds: jsonb("package_product_ids").$type<string[]>(),
    // merchandise
    stock: integer("stock"),
    // gift
    giftThemes: jsonb("gift_themes").$type<GiftTheme[]>(),
    rev: contentRevColumn(),
    updatedAt: contentUpdatedAtColumn(),
    ...timestamps,
  },
  (t) => [
    index("products_tenant_idx").on(t.tenantId, t.sortOrder),
    uniqueIndex("products_tenant_slug_ar_uq").on(t.tenantId, t.slugAr),
    uniqueIndex("products_tenant_slug_en_uq").on(t.tenantId, t.slugEn),
    check("stock_non_negative", sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);

/** A product's earlier slugs: `/products/<old slug>` answers 308 to its current address. Written by the products_slug trigger. */
export const productSlugRedirects = pgTable(
  "product_slug_redirects",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slug] })],
);

export const productPrices = pgTable(
  "product_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    /** Halalas, before tax. Per slot, per unit of duration, per night, per item or per gift. */
    amount: integer("amount").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    rev: contentRevColumn(),
    updatedAt: contentUpdatedAtColumn(),
  },
  (t) => [index("product_prices_product_idx").on(t.productId)],
);

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    /** E.164. */
    mobileNumber: text("mobile_number").notNull(),
    email: text("email"),
    /** Spec §3's phone_number: another number to reach them (a landline, say), E.164; the mobile signs in. */
    phoneNumber: text("phone_number"),
    customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
    /** The customer turned booking reminders off in their profile: a due reminder is then not sent. */
    bookingRemindersOff: boolean("booking_reminders_off").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("customers_tenant_mobile_uq").on(t.tenantId, t.mobileNumber)],
);

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    kind: text("kind").$type<"percentage" | "fixed">().notNull(),
    /** Percentage points, or halalas for fixed. */
    value: integer("value").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    minCartAmount: integer("min_cart_amount"),
    maxUsage: integer("max_usage"),
    perCustomerUsage: integer("per_customer_usage"),
    usageCount: integer("usage_count").notNull().default(0),
    productIds: jsonb("product_ids").$type<string[]>(),
    customerIds: jsonb("customer_ids").$type<string[]>(),
    channel: text("channel").$type<"both" | "website" | "mobile">().notNull().default("both"),
    ...timestamps,
  },
  (t) => [uniqueIndex("coupons_tenant_code_uq").on(t.tenantId, t.code)],
);

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    /** The gift card applied to pay part (or all) of the order. */
    giftCardId: uuid("gift_card_id"),
    /** Halalas the gift card paid, fixed when the order completes (an open cart's part follows the balance). */
    giftCardAmount: integer("gift_card_amount").notNull().default(0),
    /** active | completed */
    status: text("status").notNull().default("active"),
    currency: text("currency").notNull().default("SAR"),
    /** "ar" | "en": the language the order was placed in, which its messages are written in. */
    locale: text("locale").notNull().default("ar"),
    paymentMethod: text("payment_method"),
    /** unpaid | pay_on_site (cash) | pending_review (bank transfer) | paid | deposit_paid (online) | cancelled | refunded (every line cancelled) */
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    /** Short human order number, unique per tenant, given at completion. */
    orderNumber: text("order_number"),
    /** Whether the customer's prepaid package sessions pay for the items they cover. */
    usePackages: boolean("use_packages").notNull().default(true),
    bookingNotes: text("booking_notes"),
    /** The customer's name and mobile as given at checkout (the order keeps them if the profile changes). */
    customerName: text("customer_name"),
    customerMobile: text("customer_mobile"),
    transferorName: text("transferor_name"),
    receiptUploadId: uuid("receipt_upload_id"),
    /** The campaign the order came from (spec §3 UTM record), stored when the order completes. */
    utm: jsonb("utm").$type<UtmRecord>(),
    /**
     * What the ad platforms' server events need of the shopper's browser and request (cookies, page,
     * address, user agent), kept only when the shopper accepted marketing tracking.
     */
    tracking: jsonb("tracking").$type<OrderTracking>(),
    /**
     * How a cart with merchandise is handed over, as the shopper chose it: a copy of the address or
     * the branch, so that changing or deleting the saved location or the branch later changes nothing.
     */
    fulfilment: jsonb("fulfilment").$type<Fulfilment>(),
    /** The delivery fee charged (halalas before VAT; 0 when free), fixed when the order completes. */
    deliveryFee: integer("delivery_fee"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When the order's purchase event was first claimed for the pixels: once per order, whichever browser shows it. */
    purchaseTrackedAt: timestamp("purchase_tracked_at", { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carts_tenant_customer_idx").on(t.tenantId, t.customerId),
    uniqueIndex("carts_order_number_uq").on(t.tenantId, t.orderNumber),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceId: uuid("price_id")
      .notNull()
      .references(() => productPrices.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    /** Units the price is multiplied by besides quantity: hours (variable duration), nights (full day). */
    units: integer("units").notNull().default(1),
    reservationDateFrom: timestamp("reservation_date_from", { withTimezone: true }),
    /** Exclusive end: slot end, or the checkout day for full-day bookings (shown minus one day). */
    reservationDateTo: timestamp("reservation_date_to", { withTimezone: true }),
    subscriptionStartDate: text("subscription_start_date"),
    giftDetails: jsonb("gift_details").$type<GiftDetails>(),
    /** The specialist chosen (null: any specialist, set to the one assigned when the order completes). */
    specialistId: uuid("specialist_id"),
    /** The branch chosen (null: any), set to the booking's branch when the order completes. */
    branchId: uuid("branch_id"),
    /** The customer's package whose sessions paid for this line (set when the order completes). */
    customerPackageId: uuid("customer_package_id"),
    /** When the customer cancelled this booking of their placed order (its seats freed). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Halalas given back for this line when it was cancelled (its share of what was paid online). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** The provider's id of that refund. */
    refundRef: text("refund_ref"),
    /** Halalas of this line's cost that went back to the order's gift card when it was cancelled. */
    giftCardReturned: integer("gift_card_returned").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("cart_items_cart_idx").on(t.cartId),
    index("cart_items_product_from_idx").on(t.productId, t.reservationDateFrom),
    check("quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** A daily break in a specialist's working hours: [from, to) as "HH:MM". */
export type DailyBreak = [string, string];

/** A place the tenant serves in (spec §3 "hide branches"): where a specialist works and a booking is kept. */
export const branches = pgTable(
  "branches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    addressAr: text("address_ar").notNull().default(""),
    addressEn: text("address_en").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    phone: text("phone"),
    /** When the branch is open; a booking there must fall inside it. Null: the product's hours. */
    openingHours: jsonb("opening_hours").$type<OpeningHours>(),
    sortOrder: integer("sort_order").notNull().default(0),
    rev: contentRevColumn(),
    updatedAt: contentUpdatedAtColumn(),
    ...timestamps,
  },
  (t) => [index("branches_tenant_idx").on(t.tenantId, t.sortOrder)],
);

/**
 * A person who serves fixed-slot reservations (therapist, barber, trainer) in one or more branches,
 * with their own week (workingHours), a daily break and days off. They serve the products in
 * productIds, only the prices in priceIds when set. In a slot they take up to the product's capacity.
 */
export const specialists = pgTable(
  "specialists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    bioAr: text("bio_ar").notNull().default(""),
    bioEn: text("bio_en").notNull().default(""),
    photo: text("photo"),
    branchIds: jsonb("branch_ids").$type<string[]>().notNull().default([]),
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    /** Null: every price of those products. */
    priceIds: jsonb("price_ids").$type<string[]>(),
    workingHours: jsonb("working_hours").$type<OpeningHours>().notNull(),
    breaks: jsonb("breaks").$type<DailyBreak[]>().notNull().default([]),
    /** Riyadh days (YYYY-MM-DD) off. */
    daysOff: jsonb("days_off").$type<string[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    rev: contentRevColumn(),
    updatedAt: contentUpdatedAtColumn(),
    ...timestamps,
  },
  (t) => [index("specialists_tenant_idx").on(t.tenantId, t.sortOrder)],
);

/** Seats held by completed orders (and seeded bookings); the source of truth for availability. */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    cartItemId: uuid("cart_item_id").references(() => cartItems.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    seats: integer("seats").notNull().default(1),
    /** Who serves it (null: a product without specialists, or a booking made before they were kept). */
    specialistId: uuid("specialist_id").references(() => specialists.id),
    branchId: uuid("branch_id").references(() => branches.id),
    ...timestamps,
  },
  (t) => [
    index("bookings_product_time_idx").on(t.tenantId, t.productId, t.startsAt),
    index("bookings_specialist_time_idx").on(t.specialistId, t.startsAt),
  ],
);

export const customerPackages = pgTable(
  "customer_packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    totalSessions: integer("total_sessions").notNull(),
    remainingSessions: integer("remaining_sessions").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * The order line that bought the package (null for one the store gave): its sessions wait for
     * that order to be paid (see usablePackages).
     */
    cartItemId: uuid("cart_item_id").references(() => cartItems.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [check("remaining_non_negative", sql`${t.remainingSessions} >= 0`)],
);

export const couponUsages = pgTable(
  "coupon_usages",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.couponId, t.cartId] })],
);

export const websitePages = pgTable(
  "website_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** Without a leading slash, e.g. "z/terms-and-conditions". */
    path: text("path").notNull(),
    titleAr: text("title_ar").notNull(),
    titleEn: text("title_en").notNull(),
    /** Plain text paragraphs separated by blank lines (rendered as text, never as HTML). */
    bodyAr: text("body_ar").notNull(),
    bodyEn: text("body_en").notNull(),
    rev: contentRevColumn(),
    updatedAt: contentUpdatedAtColumn(),
    ...timestamps,
  },
  (t) => [uniqueIndex("website_pages_tenant_path_uq").on(t.tenantId, t.path)],
);

export const bankAccounts = pgTable("bank_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" }),
  /** Bank code, e.g. "alrajhi", "snb" (logo by code). */
  bank: text("bank").notNull(),
  holderName: text("holder_name").notNull(),
  iban: text("iban").notNull(),
  accountNumber: text("account_number").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ── Sign-in, sessions and the customer's account ──────────────────────────────────

/** One SMS code sent to a number; `tokenHash` binds the verify call to this send. */
export const otpChallenges = pgTable(
  "otp_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    mobileNumber: text("mobile_number").notNull(),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** Verify attempts on this code, counted before each comparison; the 5th wrong one spends the code. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("otp_challenges_token_uq").on(t.tokenHash),
    index("otp_challenges_number_idx").on(t.tenantId, t.mobileNumber, t.createdAt),
  ],
);

/** Per number: how often its codes were spent by wrong tries, and the cool-down before the next send. */
export const otpFailures = pgTable(
  "otp_failures",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    mobileNumber: text("mobile_number").notNull(),
    /** Codes of this number spent by wrong tries since the abuse was last forgotten. */
    spentCodes: integer("spent_codes").notNull().default(0),
    /** No new code is sent to the number before then. */
    cooldownUntil: timestamp("cooldown_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mobileNumber] })],
);

/** Fixed-window counters shared by every instance (send rate per number, per IP, …). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull().default(0),
});

/**
 * One user intent's answer (the Idempotency-Key a browser sends with each mutating call), per
 * tenant, key and route, kept 24 hours: repeats of the intent replay it instead of acting again.
 * `fingerprint` is a hash of what was asked and by whom (a key reused for another request is
 * refused); `state` is running while the first call works (repeats wait), then done. `owner` is
 * whose intents they are (a signed-in customer, else the guest's address): each keeps its newest
 * answers only (api/idempotency.ts), so no one caller can fill the table within the 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    fingerprint: text("fingerprint").notNull(),
    owner: text("owner").notNull(),
    /** running | done */
    state: text("state").notNull(),
    /** {data} or {error: {status, code, message, details}} as the first call answered. */
    result: jsonb("result").$type<IdempotentResult>(),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key, t.route] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    index("idempotency_keys_owner_idx").on(t.tenantId, t.owner, t.createdAt),
  ],
);
export type IdempotentResult =
  | { data: unknown }
  | { error: { status: number; code: string; message: string; details?: Record<string, unknown> } };

/** Refresh tokens, stored hashed; each use rotates it, and a reused one revokes its whole family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("refresh_tokens_hash_uq").on(t.tokenHash), index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Messages the development SMS sink "sent" (readable at /sandbox/sms when sandboxes are on). */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    text: text("text").notNull(),
    ...timestamps,
  },
  (t) => [index("sms_outbox_to_idx").on(t.to, t.createdAt)],
);

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "select", "document", "image"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** The tenant's customer custom fields (spec §3), asked at checkout and in account settings. */
export const customFieldDefinitions = pgTable(
  "custom_field_definitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** The key in a customer's customFields map. */
    name: text("name").notNull(),
    labelAr: text("label_ar").notNull(),
    labelEn: text("label_en").notNull(),
    type: text("type").$type<CustomFieldType>().notNull(),
    /** Select options: value and labels. */
    options: jsonb("options").$type<{ value: string; labelAr: string; labelEn: string }[]>(),
    isRequired: boolean("is_required").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("custom_field_definitions_name_uq").on(t.tenantId, t.name)],
);

/** Uploaded files (custom-field documents and images, bank receipts), kept in the database so every instance sees them. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    /** Sniffed from the bytes, never taken from the request. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Server-made, e.g. "3f2a….png". */
    storedName: text("stored_name").notNull(),
    data: bytea("data").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("uploads_stored_name_uq").on(t.storedName),
    index("uploads_customer_idx").on(t.tenantId, t.customerId),
  ],
);

/** A tenant's preset: a named group of fields customers can fill once and reuse (spec §3). */
export const presets = pgTable("presets", {
  id: uuid("id").primaryKey().defaultRandom(),
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" }),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
  fields: jsonb("fields")
    .$type<
      { name: string; labelAr: string; labelEn: string; type: "text" | "number" | "date"; isRequired: boolean }[]
    >()
    .notNull()
    .default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A customer's saved values for a preset; one per preset and customer may be the default. */
export const presetValues = pgTable(
  "preset_values",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    presetId: uuid("preset_id")
      .notNull()
      .references(() => presets.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    values: jsonb("values").$type<Record<string, string>>().notNull().default({}),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("preset_values_customer_idx").on(t.tenantId, t.customerId, t.presetId)],
);

/** Subscriptions customers hold (created when an order completes; seeded for the demo customer). */
export const customerSubscriptions = pgTable(
  "customer_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    cartItemId: uuid("cart_item_id").references(() => cartItems.id, { onDelete: "set null" }),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
    /** active | cancelled */
    status: text("status").notNull().default("active"),
    ...timestamps,
  },
  (t) => [index("customer_subscriptions_customer_idx").on(t.tenantId, t.customerId)],
);

// ── Online payments ───────────────────────────────────────────────────────────────

/** A payment provider (payment-providers/profiles.ts: the one list of them). */
export type { PaymentProvider };

/**
 * One provider account of a tenant. `baseUrl`: absent ⇒ the provider's live API; "sandbox" ⇒ this
 * app's /sandbox/<provider> (refused when SANDBOX=off); else that URL (a self-hosted fake, tests).
 * Besides its keys, an account keeps the fields its provider's gateway declares in its keys file
 * (keysFile.secretFields: an Apple Pay domain file, a webhook header's title, when to capture…).
 */
export type ProviderAccount = {
  baseUrl?: string;
  /** The provider's secret key or API token. */
  secretKey: string;
  /** Verifies the provider's webhooks (a shared secret, a signature key, a notification token). */
  webhookSecret?: string;
  [field: string]: string | undefined;
};
export type PaymentAccounts = Partial<Record<PaymentProvider, ProviderAccount>>;

/**
 * A tenant's server-side provider keys. A table of its own, never selected with the tenant row,
 * so that no tenant lookup (whose settings reach the browser) can carry a secret along.
 */
/**
 * A tenant's Apple Wallet pass certificate (spec §3 "wallet passes enabled"), set by the operator
 * CLI: the Pass Type ID and team, the signing certificate and key (PEM), and Apple's WWDR
 * intermediate. Secrets: never in the settings map, never sent to a browser.
 */
export const tenantWalletPasses = pgTable("tenant_wallet_passes", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  passTypeIdentifier: text("pass_type_identifier").notNull(),
  teamIdentifier: text("team_identifier").notNull(),
  signerCert: text("signer_cert").notNull(),
  signerKey: text("signer_key").notNull(),
  signerKeyPassphrase: text("signer_key_passphrase"),
  wwdr: text("wwdr").notNull(),
  ...timestamps,
});

export const tenantPaymentAccounts = pgTable("tenant_payment_accounts", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  accounts: jsonb("accounts").$type<PaymentAccounts>().notNull().default({}),
  /** Which payment methods and widgets the pages offer follows from the accounts (content version). */
  rev: contentRevColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Online methods as the checkout offers them (CARD is the store's card form, whichever provider's). */
export type OnlineMethod = "CARD" | "APPLE_PAY" | PayLaterMethod;
export type AttemptStateName =
  | "pending"
  | "paid"
  | "failed"
  | "cancelled"
  | "refused"
  | "superseded"
  | "refunding"
  | "refunded";

/**
 * One try at paying a cart online: created before the shopper is sent to the provider, settled
 * (paid, failed, cancelled or refused) by the one completion operation. Its id is the idempotency
 * key given to the provider (a payment's given id, where the provider takes one).
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    method: text("method").$type<OnlineMethod>().notNull(),
    /** The provider's id of this payment (a payment's, an invoice's or an order's id, as the provider names it). */
    providerRef: text("provider_ref"),
    /** A provider session before the payment exists (a card form's session, a hosted checkout's id). */
    sessionRef: text("session_ref"),
    /** Halalas this attempt charges (the amount to pay, or the full total for a pay-later method). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("SAR"),
    /**
     * pending | paid | failed | cancelled | refused (paid at the provider but the order was refused:
     * amount mismatch, stock gone) | superseded (a newer attempt of the cart, or the order's
     * completion, replaced it: released at the provider where it can be, and still watched, since
     * the shopper may finish it anyway) | refunding | refunded (taken anyway and given back automatically).
     */
    state: text("state").$type<AttemptStateName>().notNull().default("pending"),
    /** The provider's failure reason (spec §8 list, e.g. INSUFFICIENT_FUNDS) or the platform's refusal code. */
    failureReason: text("failure_reason"),
    /** The order's customer snapshot and notes, kept until the payment completes the order. */
    details: jsonb("details")
      .$type<{ customerName: string; customerMobile: string; bookingNotes: string | null }>()
      .notNull(),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** A duplicate payment given back automatically: how much (halalas), when, and the provider's refund id. */
    refundedAmount: integer("refunded_amount"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundRef: text("refund_ref"),
  },
  (t) => [
    uniqueIndex("payment_attempts_provider_ref_uq").on(t.tenantId, t.provider, t.providerRef),
    index("payment_attempts_cart_idx").on(t.tenantId, t.cartId),
  ],
);

/** Money received: one row per provider payment, whatever number of callbacks and webhooks report it. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    /** Spec §3's enum, one of the methods paid online. */
    method: text("method").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** paid (captured) | authorized (BNPL: the provider pays the merchant) */
    status: text("status").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_provider_payment_uq").on(t.tenantId, t.provider, t.providerPaymentId),
    uniqueIndex("payments_attempt_uq").on(t.attemptId),
  ],
);

/**
 * State of the local provider sandboxes (/sandbox/<provider>): tokens, payments, sessions and
 * orders as the simulated provider keeps them. In the database so that several instances agree.
 */
export const sandboxObjects = pgTable(
  "sandbox_objects",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    /** token | payment | session | invoice | checkout | order … */
    kind: text("kind").notNull(),
    /** The merchant account the object belongs to (derived from the key that created it). */
    account: text("account").notNull(),
    status: text("status").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_objects_kind_idx").on(t.provider, t.kind)],
);

// ── Locations ─────────────────────────────────────────────────────────────────────

/** Spec §3's location types. "current" is the browser's position, which a customer may also save. */
export const LOCATION_TYPES = ["home", "work", "resthouse", "friendsplace", "other", "current"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** A customer's saved delivery or visit location (at most 6 per customer, spec §9, enforced by the service). */
export const customerLocations = pgTable(
  "customer_locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    type: text("type").$type<LocationType>().notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    description: text("description"),
    ...timestamps,
  },
  (t) => [index("customer_locations_customer_idx").on(t.tenantId, t.customerId)],
);

/** A cart's delivery or pickup (see carts.fulfilment). */
export type Fulfilment =
  | {
      kind: "delivery";
      latitude: number;
      longitude: number;
      /** District, street, building, as typed. */
      addressLine: string;
      driverNote: string | null;
      /** The saved location it came from (its type and description), or null for the current position. */
      locationId: string | null;
      locationType: string | null;
      locationDescription: string | null;
    }
  | {
      kind: "pickup";
      branchId: string;
      nameAr: string;
      nameEn: string;
      addressAr: string;
      addressEn: string;
    };

/**
 * Spec §3's UTM record, as the storefront kept it from the landing URL and sent with the order,
 * with the landing's ad click ids (contract/input/checkout.ts CLICK_ID_FIELDS).
 */
export type UtmRecord = {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
  id?: string;
  timestamp?: string;
  fbclid?: string;
  /** Meta's `_fbc` value made from the landing's fbclid: `fb.1.<ms>.<fbclid>`. */
  fbc?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  ttclid?: string;
  ScCid?: string;
  msclkid?: string;
};

/**
 * The checkout's browser and request context for the ad platforms' server-side Purchase
 * (platform/notify/conversions.ts): Meta's `_fbp`/`_fbc` cookies, GA4's client id from `_ga`, the
 * checkout page, and the checkout request's client address and user agent.
 */
export type OrderTracking = {
  fbp?: string;
  fbc?: string;
  gaClientId?: string;
  pageUrl?: string;
  ip?: string;
  userAgent?: string;
};

/** A line of a tax invoice as issued (halalas; names in both languages, the invoice is bilingual). */
export type InvoiceLine = {
  /** The order's line it bills (invoices issued before lines were named match by position). */
  itemId?: string;
  nameAr: string;
  nameEn: string;
  /** The chosen price's name (a variant, a duration), when the product has several. */
  optionAr: string | null;
  optionEn: string | null;
  /** Units sold: quantity × nights or hours. */
  quantity: number;
  /** Price of one unit without VAT. */
  unitPrice: number;
  /** Taken off this line (a coupon's share, a package's sessions), before VAT. */
  discount: number;
  /** VAT on the line after its discount. */
  vatAmount: number;
  /** The line with VAT, after its discount. */
  total: number;
};

/** Who sold, as the tenant's settings said when the invoice was issued (a later change leaves it). */
export type InvoiceSeller = {
  name: string;
  vatNumber: string;
  crNumber: string | null;
  addressAr: string | null;
  addressEn: string | null;
};

/**
 * Saudi simplified tax invoices and the credit notes that correct them, issued by the platform
 * and never changed afterwards. `number` is the tenant's own sequence, shared by both kinds,
 * without gaps: taken from invoice_counters inside the transaction that records the payment.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** invoice | credit_note */
    kind: text("kind").$type<"invoice" | "credit_note">().notNull(),
    number: integer("number").notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid("invoice_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").$type<InvoiceSeller>().notNull(),
    buyerName: text("buyer_name"),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    /** VAT rate in percent (15), as applied. */
    vatRate: doublePrecision("vat_rate").notNull(),
    /** Halalas: before VAT and discount, discount, VAT, total with VAT, and paid when issued. */
    subTotal: integer("sub_total").notNull(),
    discountAmount: integer("discount_amount").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    totalAmount: integer("total_amount").notNull(),
    paidAmount: integer("paid_amount").notNull(),
    /** Why a credit note was issued (cancelled, refunded). */
    reason: text("reason"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoices_tenant_number_uq").on(t.tenantId, t.number),
    // One invoice per order; credit notes may be several.
    uniqueIndex("invoices_one_per_order_uq").on(t.cartId).where(sql`${t.kind} = 'invoice'`),
  ],
);

/** The last document number each tenant issued: its row is locked while the next one is taken. */
export const invoiceCounters = pgTable("invoice_counters", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull(),
});

/**
 * The durable outbox of customer messages (order placed, transfer approved, booking reminder, gift
 * card received…). A row is written in the same transaction as the change it tells of, so a
 * message exists exactly when its cause committed; `platform/notify/worker.ts` sends due rows.
 * `dedupe_key` is the intent: one (tenant, key) is one message however often its cause repeats.
 */
export const customerMessages = pgTable(
  "customer_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** One of platform/notify/kinds.ts's MESSAGE_KINDS. */
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    /** The recipient, E.164. */
    to: text("to").notNull(),
    /** "ar" | "en": the order's (or the buyer's) language. */
    locale: text("locale").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    /** Not before this instant (reminders, gift cards sent on a chosen date, quiet hours). */
    sendAt: timestamp("send_at", { withTimezone: true }).notNull().defaultNow(),
    /** pending | sent | failed (retries exhausted) | cancelled (its cause was undone) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** A worker's claim: no other worker takes the row before this instant. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** sms | whatsapp: the channel that delivered it. */
    channel: text("channel"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("customer_messages_dedupe_uq").on(t.tenantId, t.dedupeKey),
    index("customer_messages_due_idx").on(t.status, t.sendAt),
  ],
);

/**
 * A tenant's WhatsApp Business Cloud API sender: server only (it holds the access token, shown
 * masked, never sent to a browser, like a payment account's secret key). `baseUrl`: none ⇒ Meta's
 * Graph API, "sandbox" ⇒ this app's /sandbox/whatsapp, anything else ⇒ that URL. `templates`: the
 * approved template for each message kind: its name and its language code for each order language
 * (a kind or a language without one goes by text message).
 */
export type WhatsAppTemplate = { name: string; languages: Partial<Record<"ar" | "en", string>> };
export const tenantWhatsApp = pgTable("tenant_whatsapp", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  phoneNumberId: text("phone_number_id").notNull(),
  accessToken: text("access_token").notNull(),
  baseUrl: text("base_url"),
  templates: jsonb("templates").$type<Record<string, WhatsAppTemplate>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The ad platforms a tenant sends server-side Purchase events to (platform/notify/conversions.ts). */
export const CONVERSION_PLATFORMS = ["meta", "tiktok", "snap", "ga4"] as const;
export type ConversionPlatform = (typeof CONVERSION_PLATFORMS)[number];

/**
 * A tenant's server credentials for one ad platform: server only (the token is shown masked, never
 * sent to a browser). `pixelId`: Meta's pixel id, TikTok's pixel code, Snap's pixel id, GA4's
 * measurement id (G-…); `accessToken`: the platform's access token, GA4's api_secret. `baseUrl`:
 * none ⇒ the platform's own API, "sandbox" ⇒ this app's /sandbox/conversions, else that URL.
 */
export const tenantConversions = pgTable(
  "tenant_conversions",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    platform: text("platform").$type<ConversionPlatform>().notNull(),
    pixelId: text("pixel_id").notNull(),
    accessToken: text("access_token").notNull(),
    baseUrl: text("base_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.platform] })],
);

/** What the conversions sandbox accepted, per tenant and platform: read at /sandbox/conversions. */
export const conversionSandboxEvents = pgTable(
  "conversion_sandbox_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    platform: text("platform").$type<ConversionPlatform>().notNull(),
    eventName: text("event_name").notNull(),
    eventId: text("event_id").notNull(),
    /** The event as the platform received it (one element of the request's list). */
    event: jsonb("event").$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [index("conversion_sandbox_events_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** What the WhatsApp sandbox accepted, per tenant: read at /sandbox/whatsapp. */
export const whatsappSandboxMessages = pgTable("whatsapp_sandbox_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  phoneNumberId: text("phone_number_id").notNull(),
  to: text("to").notNull(),
  template: text("template").notNull(),
  language: text("language").notNull(),
  parameters: jsonb("parameters").$type<string[]>().notNull(),
  ...timestamps,
});

/**
 * A gift card: bought as a gift line, sent to its recipient's mobile, spent at checkout. `code` is
 * what is typed (normalized: upper case, no separators); `token` names its /gift/<token> page, so
 * the page's address is not the code. `balance` is kept on the row, locked while it is spent, and
 * always equals the sum of the card's movements.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    token: text("token").notNull(),
    /** Halalas: the face value, and what is left of it. */
    amount: integer("amount").notNull(),
    balance: integer("balance").notNull(),
    currency: text("currency").notNull().default("SAR"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** E.164. */
    recipientMobile: text("recipient_mobile").notNull(),
    recipientName: text("recipient_name").notNull(),
    /** The buyer's name as shown on the card (null: hidden). */
    fromName: text("from_name"),
    theme: text("theme").notNull(),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The order line that bought it, and which of its quantity's units this card is. */
    cartItemId: uuid("cart_item_id")
      .notNull()
      .references(() => cartItems.id, { onDelete: "cascade" }),
    unit: integer("unit").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("gift_cards_tenant_code_uq").on(t.tenantId, t.code),
    uniqueIndex("gift_cards_token_uq").on(t.token),
    uniqueIndex("gift_cards_line_unit_uq").on(t.cartItemId, t.unit),
    index("gift_cards_recipient_idx").on(t.tenantId, t.recipientMobile),
    check("gift_card_balance_range", sql`${t.balance} >= 0 and ${t.balance} <= ${t.amount}`),
  ],
);

/**
 * What moved on a gift card (halalas, signed): issue (+face value), spend by an order (−), back
 * when a line the card paid for is cancelled (+). One spend per order and one return per line.
 */
export const giftCardMovements = pgTable(
  "gift_card_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"issue" | "spend" | "return">().notNull(),
    amount: integer("amount").notNull(),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    cartItemId: uuid("cart_item_id").references(() => cartItems.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("gift_card_movements_card_idx").on(t.giftCardId),
    uniqueIndex("gift_card_movements_spend_uq").on(t.giftCardId, t.cartId).where(sql`${t.kind} = 'spend'`),
    uniqueIndex("gift_card_movements_return_uq").on(t.giftCardId, t.cartItemId).where(sql`${t.kind} = 'return'`),
  ],
);

/**
 * Real shoppers' Web Vitals (services/web-vitals.ts): per store, Riyadh day, page type, language,
 * device class and metric, one histogram of counts over the metric's fixed buckets
 * (rules/web-vitals.ts). A beacon adds one to a bucket; a flood of them costs no rows beyond
 * those dimensions (7 page types × 2 languages × 3 devices × 5 metrics a day at most), and
 * housekeeping drops days older than VITALS_KEPT_DAYS.
 */
export const webVitals = pgTable(
  "web_vitals",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** Riyadh's calendar day, YYYY-MM-DD. */
    day: text("day").notNull(),
    pageType: text("page_type").notNull(),
    locale: text("locale").notNull(),
    device: text("device").notNull(),
    metric: text("metric").notNull(),
    counts: integer("counts").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day, t.pageType, t.locale, t.device, t.metric] }),
    index("web_vitals_day_idx").on(t.day),
  ],
);
