import { MapPin, Store } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { CartDto } from "@/contract/dto/cart";

/**
 * Where the order's merchandise goes, as the order kept it: "Deliver to" the address line (and
 * the note for the driver), or "Pickup at" the branch with its address.
 */
export async function OrderFulfilment({ fulfilment }: { fulfilment: CartDto["fulfilment"] }) {
  if (!fulfilment) return null;
  const t = await getTranslations("order.fulfilment");
  const delivery = fulfilment.kind === "delivery";
  const Icon = delivery ? MapPin : Store;
  return (
    <section aria-labelledby="order-fulfilment" className="rounded-xl border border-border bg-card p-4 shadow-soft">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1 text-sm">
          <h2 id="order-fulfilment" className="font-sans text-sm font-semibold">
            {delivery ? t("deliverTo") : t("pickupAt")}
          </h2>
          {delivery ? (
            <>
              <p dir="auto" className="mt-1 break-words">
                {fulfilment.addressLine}
              </p>
              {fulfilment.driverNote ? (
                <p dir="auto" className="mt-1 whitespace-pre-line break-words text-muted-foreground">
                  {t("driverNote")}: {fulfilment.driverNote}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="mt-1 font-medium">{fulfilment.branchName}</p>
              {fulfilment.branchAddress ? (
                <p className="mt-0.5 text-muted-foreground">{fulfilment.branchAddress}</p>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
