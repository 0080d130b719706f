import "server-only";
import type { Db } from "@/platform/db/client";
import { PlatformError } from "@/platform/errors";
import { toTenantConfig, type Locale } from "@/contract/tenant-settings";
import type { TabbyEligibilityDto } from "./contract";
import { readCart } from "@/platform/services/cart";
import type { OwnerScope } from "@/platform/services/own-cart";
import { notConfigured } from "@/platform/payments/accounts";
import {
  closeAttempt,
  closingOnFailure,
  quotePayment,
  setProviderRefs,
  type PaymentQuote,
  type PaymentRequest,
} from "@/platform/payments/attempts";
import { checkCallbackUrls } from "@/platform/payments/callback-urls";
import { buyerProfile, cartLines, startPayLater, type PayLaterSession } from "@/platform/payments/pay-later-order";
import { accountConfig } from "@/platform/payments/provider-config";
import { createTabbyCheckout, type TabbyCheckoutInput } from "./client";
import { tabbyGateway } from "./gateway";

/** Tabby: its eligibility pre-check and its hosted checkout. */

/** Where the services are delivered when the account names no city (keys file storeCity / storeZip). */
const DEFAULT_CITY = "Riyadh";
const DEFAULT_ZIP = "00000";

/** Tabby's own texts for its rejection reasons (ar/en). */
const TABBY_REJECTION: Record<Locale, Record<string, string>> = {
  en: {
    order_amount_too_high:
      "This purchase is above your current spending limit with Tabby, try a smaller cart or use another payment method.",
    order_amount_too_low:
      "The purchase amount is below the minimum amount required to use Tabby, try adding more items or use another payment method.",
    default: "Sorry, Tabby is unable to approve this purchase. Please use another payment method.",
  },
  ar: {
    order_amount_too_high:
      "قيمة الطلب تفوق الحد الأقصى المسموح به حاليًا مع تابي. يُرجى تخفيض قيمة السلة أو استخدام وسيلة دفع أخرى.",
    order_amount_too_low:
      "قيمة الطلب أقل من الحد الأدنى المطلوب لاستخدام خدمة تابي. يُرجى زيادة قيمة الطلب أو استخدام وسيلة دفع أخرى.",
    default: "نأسف، تابي غير قادرة على الموافقة على هذه العملية. الرجاء استخدام طريقة دفع أخرى.",
  },
};

export const tabbyRejectionMessage = (reason: string | null, locale: Locale) =>
  TABBY_REJECTION[locale][reason ?? ""] ?? TABBY_REJECTION[locale].default;

type TabbyOrder = {
  scope: OwnerScope;
  cartId: string;
  quote: PaymentQuote;
  buyer?: { name: string; phone: string };
  urls: TabbyCheckoutInput["merchantUrls"];
  locale: Locale;
};

async function tabbyCheckout(
  db: Db,
  o: TabbyOrder,
  code: "CREATE_TABBY_SESSION_ERROR" | "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR",
) {
  const merchantCode = toTenantConfig(o.quote.settings).tabby.merchantCode;
  if (!merchantCode) throw notConfigured("tabby");
  const { cfg, account } = await accountConfig(db, o.scope.tenantId, tabbyGateway);
  const cart = await readCart(db, o.scope, o.cartId, o.locale);
  const profile = await buyerProfile(db, o.scope, new URL(o.urls.success).hostname);
  return (extra: { referenceId: string }) =>
    createTabbyCheckout(
      cfg,
      {
        amount: o.quote.amount,
        currency: "SAR",
        description: `#${o.cartId.slice(0, 8)}`,
        // Tabby's schema requires these: the buyer as given at checkout, the rest from the platform's data.
        buyer: {
          name: o.buyer?.name || profile.name,
          phone: o.buyer?.phone || profile.mobile,
          email: profile.emailOrPlaceholder,
        },
        shippingAddress: {
          city: account.storeCity || DEFAULT_CITY,
          address: profile.address ?? (o.quote.settings.brandName || DEFAULT_CITY),
          zip: account.storeZip || DEFAULT_ZIP,
        },
        buyerHistory: { registeredSince: profile.registeredSince, loyaltyLevel: profile.loyaltyLevel },
        orderHistory: profile.orders,
        orderReferenceId: extra.referenceId,
        items: cartLines(cart).map((l) => ({
          title: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          referenceId: l.referenceId,
          category: l.kind,
        })),
        lang: o.locale,
        merchantCode,
        merchantUrls: o.urls,
      },
      code,
    );
}

/** POST tabby/test-customer-eligibility: Tabby's pre-check for the signed-in customer's mobile and this cart's total. */
export async function tabbyEligibility(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  req: PaymentRequest & { origin: string; urls?: { success_url?: string; cancel_url?: string; failure_url?: string } },
): Promise<TabbyEligibilityDto> {
  const quote = await quotePayment(db, scope, cartId, "TABBY", req);
  // The storefront's own return addresses when it sent them (an embedded platform's request origin is internal).
  const given =
    req.urls?.success_url && req.urls.cancel_url && req.urls.failure_url
      ? await checkCallbackUrls(db, scope.tenantId, {
          success: req.urls.success_url,
          cancel: req.urls.cancel_url,
          failure: req.urls.failure_url,
        })
      : null;
  const done = `${req.origin}/checkout/done/${encodeURIComponent(cartId)}?payment_method=tabby`;
  const create = await tabbyCheckout(
    db,
    {
      scope,
      cartId,
      quote,
      urls: given
        ? { success: given.success.href, cancel: given.cancel.href, failure: given.failure.href }
        : { success: done, cancel: `${done}&status=cancel`, failure: `${done}&status=failure` },
      locale: req.locale,
    },
    "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR",
  );
  const checkout = await create({ referenceId: cartId });
  if (checkout.status === "created") return { eligible: true, rejectionReason: null, message: null };
  return {
    eligible: false,
    rejectionReason: checkout.rejectionReason,
    message: tabbyRejectionMessage(checkout.rejectionReason, req.locale),
  };
}

/** POST tabby/session ⇒ Tabby's hosted page; a rejection here is SP:TabbyNotEligible with Tabby's message. */
export const createTabbySession: PayLaterSession = async (db, scope, input, req, { createLiveAttempt }) => {
  const { urls, quote, details } = await startPayLater(db, scope, input, req, "TABBY");
  const buyer = { name: details.customerName, phone: details.customerMobile };
  const order = { scope, cartId: input.reference, quote, buyer, locale: req.locale };
  const create = await tabbyCheckout(
    db,
    {
      ...order,
      urls: {
        success: urls.success_url.toString(),
        cancel: urls.cancel_url.toString(),
        failure: urls.failure_url.toString(),
      },
    },
    "CREATE_TABBY_SESSION_ERROR",
  );
  const attempt = await createLiveAttempt(db, scope, {
    cartId: input.reference,
    provider: "tabby",
    method: "TABBY",
    amount: quote.amount,
    details,
  });
  const checkout = await closingOnFailure(db, attempt, () => create({ referenceId: attempt.id }));
  if (checkout.status !== "created" || !checkout.paymentId || !checkout.webUrl) {
    await closeAttempt(db, attempt, "failed", checkout.rejectionReason ?? "not_available");
    throw new PlatformError("SP:TabbyNotEligible", 400, tabbyRejectionMessage(checkout.rejectionReason, req.locale), {
      rejectionReason: checkout.rejectionReason,
    });
  }
  await setProviderRefs(db, attempt, { providerRef: checkout.paymentId, sessionRef: checkout.id });
  return { checkout_url: checkout.webUrl };
};
