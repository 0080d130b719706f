"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { CalendarX } from "lucide-react";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { ConfirmInline } from "@/components/ui/confirm-inline";
import { FormMessage } from "@/components/ui/form-message";
import { singleFlight } from "@/lib/intent";
import { ordersApi } from "@/lib/store-client/orders";
import { useFailureMessage } from "@/lib/use-failure-message";
import type { CartDto } from "@/contract/dto/cart";
import { useFormatSar } from "@/components/money/sar-style";

type Props = {
  cartId: string;
  itemId: string;
  /** The order was paid online: the question says the money goes back. */
  refunds: boolean;
};

/**
 * Cancelling a booking of the shopper's order: asked once more in place, then one request. One
 * intent, one effect: a second tap joins the first (and the platform answers a line cancelled
 * already as it is, whichever tab asks). A refusal (too late, the provider did not answer) is said
 * in the shopper's language and the booking stays.
 */
export function CancelBooking({ cartId, itemId, refunds }: Props) {
  const t = useTranslations("order.cancel");
  const locale = useLocale();
  const sar = useFormatSar();
  const router = useRouter();
  const errorMessage = useFailureMessage();
  const [send] = useState(() => singleFlight<CartDto>());
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    setPending(true);
    setError(null);
    try {
      const order = await send((key) =>
        ordersApi.cancelBooking({ params: { cartId, itemId } }, { locale, idempotencyKey: key }),
      );
      const refunded = order.cartItems.find((i) => i.id === itemId)?.refundedAmount ?? 0;
      toast.success(refunded > 0 ? t("doneRefund", { amount: sar(refunded) }) : t("done"));
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
      setAsking(false);
    }
  };

  return (
    <div className="mt-2 grid gap-2">
      {asking ? (
        <ConfirmInline
          question={refunds ? t("questionRefund") : t("question")}
          confirmLabel={t("confirm")}
          cancelLabel={t("keep")}
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(false)}
          busy={pending}
        />
      ) : (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setAsking(true)}>
          <CalendarX aria-hidden="true" />
          {t("action")}
        </Button>
      )}
      {error ? <FormMessage>{error}</FormMessage> : null}
    </div>
  );
}
