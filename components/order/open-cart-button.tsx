"use client";

import type { ReactNode } from "react";
import { ShoppingBag } from "lucide-react";
import { openCartSheet, openCartSheetAt } from "@/components/cart/cart-sheet-state";
import { hashForStep } from "@/components/checkout/checkout-steps";
import { Button } from "@/components/ui/button";

/**
 * The cart is a sheet, not a page: pages that send the shopper back to it open it in place.
 * `atPayment`: a retry after a payment that did not go through resumes at the payment step, with
 * the details and method kept (as far as the checkout allows: see checkout-steps' allowedStep).
 */
export function OpenCartButton({
  children,
  variant = "default",
  atPayment = false,
}: {
  children: ReactNode;
  variant?: "default" | "outline";
  atPayment?: boolean;
}) {
  return (
    <Button
      size="lg"
      variant={variant}
      onClick={atPayment ? () => openCartSheetAt(hashForStep("payment")) : openCartSheet}
    >
      <ShoppingBag aria-hidden="true" />
      {children}
    </Button>
  );
}
