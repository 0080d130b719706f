import { bffRoute } from "@/lib/cart/bff";
import { tabbyEligibility } from "@/lib/payments/pay-bff";

export const dynamic = "force-dynamic";

/** Whether Tabby would approve this cart for this customer (checked when the Tabby step shows). */
export const POST = bffRoute((ctx) => tabbyEligibility(ctx));
