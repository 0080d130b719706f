"use client";

import { useEffect, useSyncExternalStore } from "react";
import { onDemand } from "@/components/on-demand";
import { hasCouponLink } from "@/lib/coupon-link-waiting";
import { cartSheetFailed, isCartHash, openCartSheet, useCartSheetRequested } from "./cart-sheet-state";

/** The sheet's code (vaul, the item list, the checkout) is fetched on the first opening, not with the page. */
export const loadCartSheet = () => import("./cart-sheet");

const CartSheet = onDemand(() => loadCartSheet().then((m) => m.CartSheet), cartSheetFailed);
// A coupon link's code that does not arrive: the link waits in the address for the next page.
const LinkedCoupon = onDemand(
  () => import("@/components/checkout/linked-coupon").then((m) => m.default),
  () => {},
);
const noSubscription = () => () => {};

export function CartSheetHost() {
  // A reload while the sheet was open (its step is in the hash) opens it again.
  useEffect(() => {
    if (isCartHash(window.location.hash)) openCartSheet();
  }, []);
  // A coupon link's code (in the address, or waiting for the cart): its code loads only then.
  const couponLink = useSyncExternalStore(noSubscription, hasCouponLink, () => false);
  return (
    <>
      {useCartSheetRequested() ? <CartSheet /> : null}
      {couponLink ? <LinkedCoupon /> : null}
    </>
  );
}
