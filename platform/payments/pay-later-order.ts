import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { carts, customerLocations, customers, payments } from "../db/schema";
import { toHalalas } from "../money";
import type { CartDto } from "@/contract/dto/cart";
import type { PayLaterSessionDto, PayLaterSessionInput } from "@/contract/payment-start";
import type { PayLaterMethod } from "@/payment-providers/profiles";
import type { OwnerScope } from "../services/own-cart";
import { attemptDetails, quotePayment, type PaymentRequest } from "./attempts";
import type { PaymentOps } from "./server-part";
import { checkCallbackUrls } from "./callback-urls";

/** What the pay-later providers share: the full total, paid through the provider's hosted page. */

/** The cart's lines as the providers list them (halalas; each line's own amount before tax). */
export const cartLines = (cart: CartDto) =>
  cart.items.map((item) => ({
    name: item.product.name,
    quantity: item.quantity,
    unitPrice: Math.round(toHalalas(item.amount) / Math.max(1, item.quantity)),
    referenceId: item.id,
    sku: item.product.id,
    kind: item.product.typeString,
  }));

/** A pay-later provider's session endpoint: its hosted checkout for the cart (spec §7: each takes the same). */
export type PayLaterSession = (
  db: Db,
  scope: OwnerScope,
  input: PayLaterSessionInput,
  req: PaymentRequest,
  payments: PaymentOps,
) => Promise<PayLaterSessionDto>;

/** The pay-later start both providers share: URLs, the dry run, the attempt. */
export async function startPayLater(
  db: Db,
  scope: OwnerScope,
  input: PayLaterSessionInput,
  req: PaymentRequest,
  method: PayLaterMethod,
) {
  const urls = await checkCallbackUrls(db, scope.tenantId, {
    success_url: input.success_url,
    cancel_url: input.cancel_url,
    failure_url: input.failure_url,
  });
  const quote = await quotePayment(db, scope, input.reference, method, req, input.checkout?.expectedTotal);
  const details = await attemptDetails(db, scope, input.reference, input.checkout, req);
  return { urls, quote, details };
}

/**
 * What a pay-later provider asks about the buyer, from the platform's own data: email (the
 * profile's; without one, the mobile number at the store's host, so that a provider that requires
 * the field never gets it empty), since when the customer is known, the number of earlier completed orders (loyalty)
 * and the paid ones (order history), and where the customer is (the newest saved location's
 * description; the store's city otherwise — services are delivered at the store).
 */
export async function buyerProfile(db: Db, scope: OwnerScope, storeHost: string) {
  const [customer] = await db
    .select({
      name: customers.name,
      mobileNumber: customers.mobileNumber,
      email: customers.email,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, scope.customerId)));
  const mobile = customer?.mobileNumber ?? "";
  const history = await db
    .select({ completedAt: carts.completedAt, amount: payments.amount, status: payments.status })
    .from(carts)
    .leftJoin(payments, eq(payments.cartId, carts.id))
    .where(
      and(eq(carts.tenantId, scope.tenantId), eq(carts.customerId, scope.customerId), isNotNull(carts.completedAt)),
    )
    .orderBy(desc(carts.completedAt))
    .limit(10);
  const [location] = await db
    .select({ description: customerLocations.description })
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, scope.tenantId), eq(customerLocations.customerId, scope.customerId)))
    .orderBy(desc(customerLocations.createdAt))
    .limit(1);
  return {
    name: customer?.name || mobile,
    mobile,
    email: customer?.email || null,
    emailOrPlaceholder: customer?.email || `${mobile.replace(/\D/g, "")}@${storeHost}`,
    registeredSince: (customer?.createdAt ?? new Date()).toISOString(),
    loyaltyLevel: history.length,
    orders: history.map((o) => ({
      purchasedAt: (o.completedAt ?? new Date()).toISOString(),
      amount: o.amount ?? 0,
      status: "complete" as const,
    })),
    address: location?.description?.trim() || null,
  };
}
