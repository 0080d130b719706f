import "server-only";
import { and, eq } from "drizzle-orm";
import { customers } from "@/platform/db/schema";
import { readCart } from "@/platform/services/cart";
import { closingOnFailure, setProviderRefs } from "@/platform/payments/attempts";
import { cartLines, startPayLater, type PayLaterSession } from "@/platform/payments/pay-later-order";
import { accountConfig } from "@/platform/payments/provider-config";
import { createTamaraCheckout } from "./client";
import { tamaraGateway } from "./gateway";

/** Tamara: its hosted checkout; Tamara notifies us on the success URL's host. */

/** POST tamara/cart-session ⇒ Tamara's hosted page; Tamara notifies us on the success URL's host. */
export const createTamaraSession: PayLaterSession = async (db, scope, input, req, { createLiveAttempt }) => {
  const { urls, quote, details } = await startPayLater(db, scope, input, req, "TAMARA");
  const { cfg } = await accountConfig(db, scope.tenantId, tamaraGateway);
  const cart = await readCart(db, scope, input.reference, req.locale);
  const [firstName, ...rest] = details.customerName.split(/\s+/);
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, scope.customerId)));
  const attempt = await createLiveAttempt(db, scope, {
    cartId: input.reference,
    provider: "tamara",
    method: "TAMARA",
    amount: quote.amount,
    details,
  });
  const order = await closingOnFailure(db, attempt, () =>
    createTamaraCheckout(cfg, {
      orderReferenceId: attempt.id,
      totalAmount: attempt.amount,
      shippingAmount: 0,
      taxAmount: quote.totals.taxAmount,
      items: cartLines(cart).map((l) => ({
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        referenceId: l.referenceId,
        sku: l.sku,
        type: l.kind,
      })),
      consumer: {
        firstName,
        lastName: rest.join(" ") || firstName,
        phoneNumber: details.customerMobile,
        email: customer?.email || null,
      },
      description: `#${attempt.cartId.slice(0, 8)}`,
      merchantUrl: {
        success: urls.success_url.toString(),
        failure: urls.failure_url.toString(),
        cancel: urls.cancel_url.toString(),
        notification: `${urls.success_url.origin}/api/app/payment/webhooks/tamara`,
      },
      locale: req.locale === "en" ? "en_US" : "ar_SA",
    }),
  );
  await setProviderRefs(db, attempt, { providerRef: order.orderId, sessionRef: order.checkoutId });
  return { checkout_url: order.checkoutUrl };
};
