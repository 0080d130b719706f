"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useSession } from "@/components/auth/use-session";
import { useCart, useSetCart } from "@/components/cart/use-cart";
import { useFailureMessage } from "@/lib/use-failure-message";
import { toast } from "@/components/toast";
import { withDeferredMessages } from "@/components/intl/deferred-messages";
import { couponParam, forgetCouponLink, linkedCoupon, rememberCouponLink } from "@/lib/coupon-link";
import { checkoutApi } from "@/lib/store-client/checkout";
import { isSessionLost } from "./use-checkout-session";

/**
 * A coupon from a shared link (/discount/{code} or ?coupon={code} on any page). The code is checked
 * first: an unknown, inactive or expired one is said in the shopper's language and nothing else
 * changes. A good one is remembered (lib/coupon-link.ts) and applied to the cart as soon as the
 * cart has something in it and the shopper is signed in (applying a coupon needs a customer, spec
 * §6): now, at the first add, or right after sign-in. One toast says it was saved, one that it was
 * applied; a refusal then (the cart doesn't qualify) is said and the code is let go.
 */
function LinkedCoupon() {
  const t = useTranslations("cart.couponLink");
  const locale = useLocale();
  const errorMessage = useFailureMessage();
  const { isSignedIn } = useSession();
  const { data: cart } = useCart();
  const setCart = useSetCart();
  // The code waiting to be applied (kept in storage across pages; here to re-run the effect below).
  const [waiting, setWaiting] = useState(linkedCoupon);
  const letGo = () => {
    forgetCouponLink();
    setWaiting(null);
  };

  // The link's code: checked once per page load (a ref: effects may run twice).
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const code = couponParam(window.location.search);
    if (!code) return;
    // The address loses the parameter: a reload or a shared copy of this page doesn't bring it back.
    const url = new URL(window.location.href);
    url.searchParams.delete("coupon");
    window.history.replaceState(window.history.state, "", url);
    checkoutApi.checkCoupon({ params: { code } }, { locale }).then(
      (found) => {
        rememberCouponLink(found.code);
        setWaiting(found.code);
        toast.success(t("saved", { code: found.code }));
      },
      (err) => toast.error(errorMessage(err)),
    );
  }, [locale, t, errorMessage]);

  // Applied once the cart can take it; `applying` keeps one call per code however often this runs.
  const applying = useRef<string | null>(null);
  const items = cart?.cartItems.length ?? 0;
  const cartCoupon = cart?.couponCode ?? null;
  useEffect(() => {
    const code = waiting;
    if (!code || !isSignedIn || items === 0 || applying.current === code) return;
    if (cartCoupon !== null) {
      // The cart has a coupon already (this one, or one the shopper chose): the link's is done.
      applying.current = code;
      forgetCouponLink();
      return;
    }
    applying.current = code;
    checkoutApi.applyCoupon({ body: { couponCode: code } }, { locale }).then(
      (next) => {
        letGo();
        setCart(next);
        toast.success(t("applied", { code }));
      },
      (err) => {
        // Signed out meanwhile: kept for the next sign-in.
        if (isSessionLost(err)) {
          applying.current = null;
          return;
        }
        letGo();
        toast.error(errorMessage(err));
      },
    );
  }, [waiting, isSignedIn, items, cartCoupon, locale, setCart, t, errorMessage]);

  return null;
}

// Its refusals (coupons) are texts the page does not carry.
export default withDeferredMessages(LinkedCoupon);
