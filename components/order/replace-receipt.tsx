"use client";

import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { Upload } from "lucide-react";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Label } from "@/components/ui/label";
import { singleFlight } from "@/lib/intent";
import { ordersApi } from "@/lib/store-client/orders";
import { useFailureMessage } from "@/lib/use-failure-message";
import type { ReceiptReplacedDto } from "@/contract/dto/account";

/**
 * Replaces the receipt of a bank-transfer order the store has not reviewed yet. One tap, one
 * replacement: the button waits for the answer, and a second tap meanwhile joins the first (one
 * Idempotency-Key). A refusal (wrong type, too large, already reviewed) is said under the field and
 * the chosen file stays chosen.
 */
export function ReplaceReceipt({ cartId }: { cartId: string }) {
  const t = useTranslations("order.done.receipt");
  const locale = useLocale();
  const router = useRouter();
  const errorMessage = useFailureMessage();
  const ids = { input: useId(), error: useId() };
  const fileRef = useRef<HTMLInputElement>(null);
  const [send] = useState(() => singleFlight<ReceiptReplacedDto>());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    for (const file of fileRef.current?.files ?? []) form.append("files", file);
    setPending(true);
    try {
      await send((key) =>
        ordersApi.replaceReceipt({ params: { cartId }, body: form }, { locale, idempotencyKey: key }),
      );
      setError(null);
      if (fileRef.current) fileRef.current.value = "";
      toast.success(t("replaced"));
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" noValidate>
      <Label htmlFor={ids.input}>{t("file")}</Label>
      <input
        ref={fileRef}
        id={ids.input}
        name="files"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        className="text-sm file:me-3 file:rounded-lg file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
      {error ? <FormMessage id={ids.error}>{error}</FormMessage> : null}
      <Button type="submit" variant="outline" size="sm" disabled={pending} className="justify-self-start">
        <Upload aria-hidden="true" />
        {t("replace")}
      </Button>
    </form>
  );
}
