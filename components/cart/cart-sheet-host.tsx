"use client";

import { useEffect } from "react";
import dynamic from "next/dynamic";
import { isCartHash, openCartSheet, useCartSheetRequested } from "./cart-sheet-state";

/** The sheet's code (vaul, the item list, the checkout) is fetched on the first opening, not with the page. */
export const loadCartSheet = () => import("./cart-sheet");

const CartSheet = dynamic(() => loadCartSheet().then((m) => m.CartSheet), { ssr: false });

export function CartSheetHost() {
  // A reload while the sheet was open (its step is in the hash) opens it again.
  useEffect(() => {
    if (isCartHash(window.location.hash)) openCartSheet();
  }, []);
  return useCartSheetRequested() ? <CartSheet /> : null;
}
