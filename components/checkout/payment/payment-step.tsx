"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { CartDto } from "@/lib/platform-client/types";
import type { TenantConfig } from "@/lib/tenant-config";

/** The methods the checkout lists (lib/checkout/payment-methods.ts); only CASH and BANK_TRANSFER pay here. */
export type PaymentStepMethod = "CARD" | "APPLE_PAY" | "TABBY" | "TAMARA" | "CASH" | "BANK_TRANSFER";

/** What the customer-info step collected; sent with the order so the platform keeps a snapshot. */
export type CheckoutDetails = {
  customer: { name: string; mobileNumber: string };
  bookingNotes?: string | null;
  termsAccepted?: boolean;
};

export type PaymentStepProps = {
  method: PaymentStepMethod;
  cart: CartDto;
  config: TenantConfig;
  checkout: CheckoutDetails;
  onBack: () => void;
  /** A key of the `checkout` namespace naming the cash method (cash on delivery, pay later, confirm booking…). */
  cashLabelKey?: string;
};

/** The last checkout step: pays the cart with the chosen method. */
export function PaymentStep({ onBack }: PaymentStepProps) {
  const t = useTranslations("order");
  return (
    <div className="flex flex-col gap-4">
      <Button variant="outline" onClick={onBack}>
        {t("payment.back")}
      </Button>
    </div>
  );
}
