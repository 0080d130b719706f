"use client";

import dynamic from "next/dynamic";
import { useCartSheetRequested } from "./cart-sheet-state";

/** The sheet's code (vaul, the item list) is fetched on the first opening, not with the page. */
export const loadCartSheet = () => import("./cart-sheet");

const CartSheet = dynamic(() => loadCartSheet().then((m) => m.CartSheet), { ssr: false });

export function CartSheetHost() {
  return useCartSheetRequested() ? <CartSheet /> : null;
}
