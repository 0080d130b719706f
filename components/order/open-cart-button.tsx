"use client";

import type { ReactNode } from "react";
import { ShoppingBag } from "lucide-react";
import { openCartSheet } from "@/components/cart/cart-sheet-state";
import { Button } from "@/components/ui/button";

/** The cart is a sheet, not a page: pages that send the shopper back to it open it in place. */
export function OpenCartButton({ children, variant = "default" }: { children: ReactNode; variant?: "default" | "outline" }) {
  return (
    <Button size="lg" variant={variant} onClick={openCartSheet}>
      <ShoppingBag aria-hidden="true" />
      {children}
    </Button>
  );
}
