import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts } from "../db/schema";
import { notFound } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { CartDto } from "@/contract/dto/cart";
import type { OrderInvoicesDto, OrderLinkDto } from "@/contract/dto/account";
import { readOrderInvoices } from "../invoices/invoices";
import { platformSecret } from "./access-tokens";
import { readCart } from "./cart";
import { isUuid } from "./ids";
import { enforceRateLimit, type RateLimit } from "./rate-limit";

type Conn = Db | Tx;

/**
 * An order's link key: an HMAC of the tenant and the order under the platform's secret, so that a
 * placed order can be opened without signing in by whoever holds its link (the shopper on another
 * device, the friend a gift was shared with), and by nobody who guesses or edits one. Nothing is
 * stored: the key is the same whenever it is asked for, and changing the secret retires every link.
 */
export function orderViewKey(tenantId: string, cartId: string): string {
  return createHmac("sha256", platformSecret())
    .update(`order-view\n${tenantId}\n${cartId}`)
    .digest("base64url")
    .slice(0, 32);
}

function keyMatches(tenantId: string, cartId: string, key: string): boolean {
  const expected = Buffer.from(orderViewKey(tenantId, cartId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const orderNotFound = () => notFound("Order");

/** The placed order's owner, or null when the id names no placed order of the tenant. */
async function placedOrderOwner(
  db: Conn,
  tenantId: string,
  cartId: string,
): Promise<{ customerId: string | null } | null> {
  if (!isUuid(cartId)) return null;
  const [row] = await db
    .select({ customerId: carts.customerId })
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId), eq(carts.status, "completed")))
    .limit(1);
  return row ?? null;
}

/** The caller's own placed order, or a 404 (another customer's, a guest's, not placed, unknown). */
async function checkOwnOrder(db: Conn, tenantId: string, customerId: string, cartId: string): Promise<void> {
  const owner = await placedOrderOwner(db, tenantId, cartId);
  if (!owner || owner.customerId !== customerId) throw orderNotFound();
}

/** A placed order whose link key matches, or a 404. */
async function checkOrderKey(
  db: Conn,
  tenantId: string,
  cartId: string,
  key: string,
): Promise<{ customerId: string | null }> {
  const owner = await placedOrderOwner(db, tenantId, cartId);
  if (!owner || !keyMatches(tenantId, cartId, key)) throw orderNotFound();
  return owner;
}

/** GET orders/{id}/link — the key of the caller's own placed order (anything else is a 404). */
export async function orderLink(db: Conn, tenantId: string, customerId: string, cartId: string): Promise<OrderLinkDto> {
  await checkOwnOrder(db, tenantId, customerId, cartId);
  return { key: orderViewKey(tenantId, cartId) };
}

/**
 * GET orders/{id}/shared/{key} — a placed order read through its link, as its owner reads it but
 * without what only the owner should see (the mobile number, the notes, the customer's id, the
 * campaign and click ids the order came with): a link travels in chats. A key that does not match (edited, another order's, another tenant's) is the
 * same 404 as an unknown id.
 */
export async function sharedOrder(
  db: Conn,
  tenantId: string,
  cartId: string,
  key: string,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  const owner = await checkOrderKey(db, tenantId, cartId, key);
  const order = await readCart(db, { tenantId, customerId: owner.customerId }, cartId, locale, now);
  return { ...order, customerId: null, customerMobile: null, bookingNotes: null, utm: null };
}

/**
 * Drawing the documents as a PDF takes the storefront's thread for a while: a customer (or an
 * order's link) gets that many files per window, plenty to keep and share one.
 */
export const INVOICE_FILE_LIMIT: RateLimit = { limit: 10, windowMs: 10 * 60 * 1000 };

/** GET orders/{id}/invoice — the tax documents of the caller's own placed order (`asFile`: counted, see INVOICE_FILE_LIMIT). */
export async function ownOrderInvoices(
  db: Conn,
  tenantId: string,
  customerId: string,
  cartId: string,
  asFile = false,
): Promise<OrderInvoicesDto> {
  await checkOwnOrder(db, tenantId, customerId, cartId);
  if (asFile) await enforceRateLimit(db, `invoice-file:${tenantId}:customer:${customerId}`, INVOICE_FILE_LIMIT);
  return readOrderInvoices(db, tenantId, cartId);
}

/** GET orders/{id}/shared/{key}/invoice — the same, through the order's link. */
export async function sharedOrderInvoices(
  db: Conn,
  tenantId: string,
  cartId: string,
  key: string,
  asFile = false,
): Promise<OrderInvoicesDto> {
  await checkOrderKey(db, tenantId, cartId, key);
  if (asFile) await enforceRateLimit(db, `invoice-file:${tenantId}:order:${cartId}`, INVOICE_FILE_LIMIT);
  return readOrderInvoices(db, tenantId, cartId);
}
