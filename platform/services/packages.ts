import "server-only";
import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { cartItems, carts, customerPackages, products } from "../db/schema";
import { PlatformError } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { CartPackageDto } from "@/contract/dto/cart";
import { localized } from "./catalog";

type Conn = Db | Tx;

/**
 * Prepaid packages (a subscription product with hasPackage): their sessions pay for bookings of the
 * products listed in the package product's packageProductIds. A cart line is covered as a whole —
 * one session per seat and unit (quantity × units), in line order, while a package has sessions
 * left; packages that expire first are used first. Sessions are only spent when the order
 * completes (spendSessions), with a conditional decrement so that two orders can never spend the
 * same session.
 */
export type PackageRow = {
  id: string;
  nameAr: string;
  nameEn: string;
  totalSessions: number;
  remainingSessions: number;
  /** The products this package's sessions pay for. */
  coversProductIds: string[];
};

export type CoverageLine = { id: string; productId: string; isReservation: boolean; sessions: number };

export type Coverage = {
  /** Cart item id → the package that pays for it. */
  byItem: Map<string, string>;
  /** Package id → sessions this cart would spend. */
  uses: Map<string, number>;
};

/** Which package covers which line (pure). Packages in the order given (soonest expiry first). */
export function computeCoverage(lines: CoverageLine[], packages: PackageRow[]): Coverage {
  const left = new Map(packages.map((p) => [p.id, p.remainingSessions]));
  const byItem = new Map<string, string>();
  const uses = new Map<string, number>();
  for (const line of lines) {
    if (!line.isReservation || line.sessions <= 0) continue;
    const pkg = packages.find(
      (p) => p.coversProductIds.includes(line.productId) && (left.get(p.id) ?? 0) >= line.sessions,
    );
    if (!pkg) continue;
    left.set(pkg.id, left.get(pkg.id)! - line.sessions);
    uses.set(pkg.id, (uses.get(pkg.id) ?? 0) + line.sessions);
    byItem.set(line.id, pkg.id);
  }
  return { byItem, uses };
}

const packageColumns = {
  id: customerPackages.id,
  nameAr: products.nameAr,
  nameEn: products.nameEn,
  totalSessions: customerPackages.totalSessions,
  remainingSessions: customerPackages.remainingSessions,
  coversProductIds: products.packageProductIds,
};

const toRow = (r: Omit<PackageRow, "coversProductIds"> & { coversProductIds: string[] | null }): PackageRow => ({
  ...r,
  coversProductIds: r.coversProductIds ?? [],
});

/**
 * A package bought by an order is usable once that order is paid (online at checkout — a deposit
 * defers only the stay it is for —, or cash and transfers when the store records the money); one
 * the store gave has no order and is usable.
 */
const boughtPaid = or(
  isNull(customerPackages.cartItemId),
  sql`exists (select 1 from ${cartItems} inner join ${carts} on ${carts.id} = ${cartItems.cartId}
    where ${cartItems.tenantId} = ${customerPackages.tenantId} and ${cartItems.id} = ${customerPackages.cartItemId}
      and ${carts.paymentStatus} in ('paid', 'deposit_paid'))`,
);

/**
 * The customer's packages that can pay for something now: not expired, sessions left, and paid for
 * (unless the store lets an unpaid one be used: `unpaidUsable`).
 */
export async function usablePackages(
  conn: Conn,
  tenantId: string,
  customerId: string,
  now: Date,
  unpaidUsable = false,
): Promise<PackageRow[]> {
  const rows = await conn
    .select(packageColumns)
    .from(customerPackages)
    .innerJoin(products, eq(products.id, customerPackages.productId))
    .where(
      and(
        eq(customerPackages.tenantId, tenantId),
        eq(customerPackages.customerId, customerId),
        gt(customerPackages.remainingSessions, 0),
        or(isNull(customerPackages.expiresAt), gt(customerPackages.expiresAt, now)),
        unpaidUsable ? undefined : boughtPaid,
      ),
    )
    .orderBy(
      sql`${customerPackages.expiresAt} asc nulls last`,
      asc(customerPackages.createdAt),
      asc(customerPackages.id),
    );
  return rows.map(toRow);
}

/** Packages by id (the ones a completed order used), whatever their sessions now. */
export async function packagesById(
  conn: Conn,
  tenantId: string,
  customerId: string,
  ids: string[],
): Promise<PackageRow[]> {
  if (ids.length === 0) return [];
  const rows = await conn
    .select(packageColumns)
    .from(customerPackages)
    .innerJoin(products, eq(products.id, customerPackages.productId))
    .where(
      and(
        eq(customerPackages.tenantId, tenantId),
        eq(customerPackages.customerId, customerId),
        inArray(customerPackages.id, ids),
      ),
    )
    .orderBy(asc(customerPackages.createdAt), asc(customerPackages.id));
  return rows.map(toRow);
}

/** The cart's package section: packages that cover (or, switched off, would cover) its lines. */
export function packageDtos(packages: PackageRow[], coverage: Coverage, locale: Locale): CartPackageDto[] {
  return packages
    .filter((p) => coverage.uses.has(p.id))
    .map((p) => ({
      id: p.id,
      productName: localized(locale, p.nameAr, p.nameEn),
      remainingSessions: p.remainingSessions,
      totalSessions: p.totalSessions,
      sessionsToUse: coverage.uses.get(p.id) ?? 0,
      coversItemIds: [...coverage.byItem].filter(([, pkg]) => pkg === p.id).map(([item]) => item),
    }));
}

/**
 * Locks the customer's package rows (id order, like spendSessions) for the completion's
 * transaction, before it prices the cart: an order of the same customer pricing meanwhile waits,
 * then sees the sessions this one spent.
 */
export async function lockPackages(tx: Tx, owner: { tenantId: string; customerId: string }): Promise<void> {
  await tx
    .select({ id: customerPackages.id })
    .from(customerPackages)
    .where(and(eq(customerPackages.tenantId, owner.tenantId), eq(customerPackages.customerId, owner.customerId)))
    .orderBy(asc(customerPackages.id))
    .for("no key update");
}

export const notEnoughSessions = () =>
  new PlatformError("SP:NotEnoughPackageSessions", 409, "Your package no longer has enough sessions for this order");

/**
 * Spends the sessions an order uses. Each decrement is conditional (enough left, not expired), so
 * concurrent orders of one customer can never spend more than the package holds.
 */
export async function spendSessions(
  tx: Tx,
  owner: { tenantId: string; customerId: string },
  uses: Map<string, number>,
  now: Date,
): Promise<void> {
  // In id order, as lockPackages took them: every order locks package rows in the same order.
  for (const [id, sessions] of [...uses].sort(([a], [b]) => a.localeCompare(b))) {
    const spent = await tx
      .update(customerPackages)
      .set({ remainingSessions: sql`${customerPackages.remainingSessions} - ${sessions}` })
      .where(
        and(
          eq(customerPackages.tenantId, owner.tenantId),
          eq(customerPackages.customerId, owner.customerId),
          eq(customerPackages.id, id),
          gte(customerPackages.remainingSessions, sessions),
          or(isNull(customerPackages.expiresAt), gt(customerPackages.expiresAt, now)),
        ),
      )
      .returning({ id: customerPackages.id });
    if (spent.length === 0) throw notEnoughSessions();
  }
}
