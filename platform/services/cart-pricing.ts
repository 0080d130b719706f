import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { cartItems, carts, productPrices, products, tenants } from "../db/schema";
import { parseFulfilment, parseTaxRate, type Locale } from "@/contract/tenant-settings";
import type { CartPackageDto } from "@/contract/dto/cart";
import { computeCartTotals, withGiftCard, type CartTotals, type DeliveryCharge } from "./cart-totals";
import { giftCardById, giftCardPart, type GiftCardRow } from "./gift-cards";
import { couponById, couponLineDiscounts, type CouponLine, type CouponRow } from "./coupon-rules";
import { computeCoverage, packageDtos, packagesById, usablePackages, type Coverage, type PackageRow } from "./packages";
import type { ProductRow } from "./catalog";

type Conn = Db | Tx;
export type CartRow = typeof carts.$inferSelect;

// Only what a line shows and prices: product rows carry wide JSON columns a cart read never needs.
const lineProductColumns = {
  id: products.id,
  typeString: products.typeString,
  nameAr: products.nameAr,
  nameEn: products.nameEn,
  images: products.images,
  hasPackage: products.hasPackage,
  isFullDayBooking: products.isFullDayBooking,
  isVariableDuration: products.isVariableDuration,
  depositPercent: products.depositPercent,
  giftThemes: products.giftThemes,
};
export const linePriceColumns = {
  id: productPrices.id,
  nameAr: productPrices.nameAr,
  nameEn: productPrices.nameEn,
  amount: productPrices.amount,
};

export type ItemRow = {
  item: typeof cartItems.$inferSelect;
  product: Pick<ProductRow, keyof typeof lineProductColumns>;
  price: Pick<typeof productPrices.$inferSelect, keyof typeof linePriceColumns>;
};

/** The order a cart's lines are listed, priced and invoiced in: the order they were added. */
export const LINE_ORDER = [asc(cartItems.createdAt), asc(cartItems.id)];

/** The cart's lines with what they show and cost, in the order they were added. */
export function loadCartLines(conn: Conn, tenantId: string, cartId: string): Promise<ItemRow[]> {
  return conn
    .select({ item: cartItems, product: lineProductColumns, price: linePriceColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productPrices, eq(productPrices.id, cartItems.priceId))
    .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.cartId, cartId)))
    .orderBy(...LINE_ORDER);
}

/**
 * The tenant settings a cart's price depends on, read as columns: the settings document holds the
 * whole store's configuration, which every cart read would otherwise decode to look at three keys.
 */
export const pricingSettingColumns = {
  taxEnabled: sql<string | null>`${tenants.settings}->>'taxEnabled'`,
  taxPercentage: sql<string | null>`${tenants.settings}->>'taxPercentage'`,
  hasPackages: sql<string | null>`${tenants.settings}->>'hasPackages'`,
  unpaidPackagesUsable: sql<string | null>`${tenants.settings}->>'unpaidPackagesUsable'`,
  deliveryEnabled: sql<string | null>`${tenants.settings}->>'deliveryEnabled'`,
  deliveryFee: sql<string | null>`${tenants.settings}->>'deliveryFee'`,
  deliveryFreeAbove: sql<string | null>`${tenants.settings}->>'deliveryFreeAbove'`,
};
/** Those keys, as pricingSettingColumns reads them or as a whole settings document holds them. */
type PricingSettings = {
  taxEnabled?: string | null;
  taxPercentage?: string | null;
  hasPackages?: string | null;
  unpaidPackagesUsable?: string | null;
  deliveryEnabled?: string | null;
  deliveryFee?: string | null;
  deliveryFreeAbove?: string | null;
};
/** The store's delivery fee and free-from threshold (halalas), when it delivers. */
export type DeliveryPricing = { fee: number; freeAbove: number | null };
type Pricing = {
  taxRate: number;
  packagesOn: boolean;
  unpaidPackagesUsable: boolean;
  delivery: DeliveryPricing | null;
};

/**
 * The tenant's tax multiplier (1 when tax is off), whether it offers packages, and whether a
 * package bought with cash or a bank transfer pays for bookings before the store records its payment.
 */
export function pricingOf(s: PricingSettings | undefined): Pricing {
  return {
    taxRate: parseTaxRate(s?.taxEnabled === "True", s?.taxPercentage ?? undefined),
    packagesOn: s?.hasPackages === "True",
    unpaidPackagesUsable: s?.unpaidPackagesUsable === "True",
    delivery: s ? parseFulfilment(s).delivery : null,
  };
}

const DELIVERY_FEE_NAME: Record<Locale, string> = { ar: "رسوم التوصيل", en: "Delivery fee" };

/**
 * The delivery charge of a cart: a placed order's as it was fixed when it completed; an open
 * cart's from the store's settings, when it holds merchandise and the shopper chose delivery.
 */
function deliveryCharge(
  cart: CartRow,
  rows: ItemRow[],
  delivery: DeliveryPricing | null | undefined,
  locale: Locale,
): DeliveryCharge | null {
  const name = DELIVERY_FEE_NAME[locale];
  if (cart.status !== "active")
    return cart.deliveryFee === null ? null : { fee: cart.deliveryFee, freeAbove: null, name };
  if (!delivery || cart.fulfilment?.kind !== "delivery") return null;
  if (!rows.some((r) => r.product.typeString === "merchandise")) return null;
  return { ...delivery, name };
}

export async function tenantPricing(conn: Conn, tenantId: string): Promise<Pricing> {
  const [row] = await conn.select(pricingSettingColumns).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return pricingOf(row);
}

export type CartPricing = {
  totals: CartTotals;
  /** The coverage that pays (empty while usePackages is off). */
  coverage: Coverage;
  packages: CartPackageDto[];
  coupon: CouponRow | null;
  /** Lines as the coupon sees them (after package coverage), and their sum: the coupon's cart amount. */
  couponLines: CouponLine[];
  cartAmount: number;
  /** The cart's gift card as read now (null: none applied). */
  giftCard: GiftCardRow | null;
};

const NO_COVERAGE: Coverage = { byItem: new Map(), uses: new Map() };
const lineAmount = (r: ItemRow) => r.price.amount * r.item.quantity * r.item.units;

/** A completed order's coverage is what it spent (cart_items.customer_package_id), not what is left now. */
async function completedCoverage(
  conn: Conn,
  tenantId: string,
  customerId: string,
  rows: ItemRow[],
): Promise<{ packages: PackageRow[]; coverage: Coverage }> {
  const coverage: Coverage = { byItem: new Map(), uses: new Map() };
  for (const r of rows) {
    const pkg = r.item.customerPackageId;
    if (!pkg) continue;
    coverage.byItem.set(r.item.id, pkg);
    coverage.uses.set(pkg, (coverage.uses.get(pkg) ?? 0) + r.item.quantity * r.item.units);
  }
  return { packages: await packagesById(conn, tenantId, customerId, [...coverage.uses.keys()]), coverage };
}

/**
 * Prices a cart: package coverage first (a covered line costs nothing), then the coupon on what
 * is left of the lines it applies to, then tax on the net amount. An active cart's coupon gives no
 * discount while the cart is below its minimum; the other coupon rules are checked by validate and
 * submit, which answer the coupon's code.
 */
export async function priceCart(
  conn: Conn,
  p: {
    tenantId: string;
    cart: CartRow;
    rows: ItemRow[];
    taxRate: number;
    /** Spec §3 hasPackages: whether an open cart's lines may be paid by package sessions (a placed order keeps what it spent). */
    packagesOn?: boolean;
    unpaidPackagesUsable?: boolean;
    /** The store's delivery fee for an open cart (a placed order keeps the one it was charged). */
    delivery?: DeliveryPricing | null;
    locale: Locale;
    now: Date;
  },
): Promise<CartPricing> {
  const { tenantId, cart, rows } = p;
  const completed = cart.status !== "active";
  let packages: PackageRow[] = [];
  let coverage = NO_COVERAGE;
  if (cart.customerId && completed) {
    ({ packages, coverage } = await completedCoverage(conn, tenantId, cart.customerId, rows));
  } else if (p.packagesOn && cart.customerId && rows.some((r) => r.product.typeString === "reservation")) {
    packages = await usablePackages(conn, tenantId, cart.customerId, p.now, p.unpaidPackagesUsable);
    const lines = rows.map((r) => ({
      id: r.item.id,
      productId: r.product.id,
      isReservation: r.product.typeString === "reservation",
      sessions: r.item.quantity * r.item.units,
    }));
    coverage = computeCoverage(lines, packages);
  }
  const paying = completed || cart.usePackages ? coverage : NO_COVERAGE;
  const packageDiscounts = rows.map((r) => (paying.byItem.has(r.item.id) ? lineAmount(r) : 0));
  const couponLines = rows.map((r, i) => ({ productId: r.product.id, base: lineAmount(r) - packageDiscounts[i] }));
  const cartAmount = couponLines.reduce((s, l) => s + l.base, 0);
  const coupon = cart.couponId ? await couponById(conn, tenantId, cart.couponId) : null;
  const meetsMinimum =
    coupon !== null && (completed || coupon.minCartAmount === null || cartAmount >= coupon.minCartAmount);
  const couponDiscounts = coupon && meetsMinimum ? couponLineDiscounts(coupon, couponLines) : rows.map(() => 0);
  const totals = computeCartTotals(
    rows.map((r, i) => ({
      unitPrice: r.price.amount,
      quantity: r.item.quantity,
      units: r.item.units,
      depositPercent: r.product.depositPercent,
      discount: packageDiscounts[i] + couponDiscounts[i],
      untaxed: r.product.typeString === "gift",
    })),
    p.taxRate,
    0,
    deliveryCharge(cart, rows, p.delivery, p.locale),
  );
  // A placed order keeps what its card paid; an open cart's card pays what its balance allows now.
  const giftCard = cart.giftCardId ? await giftCardById(conn, tenantId, cart.giftCardId) : null;
  const paidByCard = completed ? cart.giftCardAmount : giftCardPart(giftCard, totals.totalAmount, p.now);
  return {
    totals: withGiftCard(totals, paidByCard),
    giftCard,
    coverage: paying,
    packages: packageDtos(packages, coverage, p.locale),
    coupon,
    couponLines,
    cartAmount,
  };
}
