"use client";

import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Clock } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { bankTransferSchema, receiptProblemMessage, type BankTransferValues } from "@/lib/checkout/bank-transfer";
import type { CartDto } from "@/contract/dto/cart";
import { BankAccountList, useBankAccounts } from "./bank-account-list";
import { checkoutApi } from "@/lib/store-client/checkout";
import { bankTransferForm, type CheckoutDetails } from "./payment-api";
import { PaymentActions } from "./payment-actions";
import { ReceiptField } from "./receipt-field";
import { usePayOrder } from "./use-pay-order";
import { useFormatSar } from "@/components/money/sar-style";

/** The platform's verdicts on the receipt's bytes, shown under the receipt field like the browser's own. */
const RECEIPT_REFUSALS: Record<string, string> = {
  "SP:BankReceiptRequired": receiptProblemMessage.required,
  "SP:FileRequired": receiptProblemMessage.required,
  "SP:FileTooLarge": receiptProblemMessage.tooLarge,
  "SP:UnsupportedFileType": receiptProblemMessage.unsupportedType,
};

type Props = { cart: CartDto; amount: number; checkout: CheckoutDetails; onBack: () => void };

/**
 * Bank transfer (spec §5): the store's accounts to transfer to, then who transferred and the
 * receipt. Sending it completes the order, pending the store's review of the transfer.
 */
export function BankTransferPayment({ cart, amount, checkout, onBack }: Props) {
  const t = useTranslations("order.bankTransfer");
  const tRoot = useTranslations();
  const locale = useLocale();
  const sar = useFormatSar();
  const id = useId();
  const accounts = useBankAccounts();
  const form = useForm<BankTransferValues>({
    resolver: zodResolver(bankTransferSchema),
    defaultValues: { transferorName: checkout.customer.name, receipt: null },
    reValidateMode: "onChange",
  });
  const pay = usePayOrder(cart.id, {
    onRefused: (err) => {
      const message = Object.hasOwn(RECEIPT_REFUSALS, err.code) ? RECEIPT_REFUSALS[err.code] : null;
      if (message) form.setError("receipt", { message }, { shouldFocus: true });
      return Boolean(message);
    },
  });
  const { errors } = form.formState;
  const busy = pay.isPending || pay.isSuccess;
  const noAccounts = accounts.isSuccess && accounts.data.length === 0;

  const submit = form.handleSubmit((values) =>
    pay.mutate(() =>
      checkoutApi.bankReceipt(
        {
          body: bankTransferForm({
            transferorName: values.transferorName.trim(),
            receipt: values.receipt as File,
            checkout,
          }),
        },
        { locale },
      ),
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          {t("title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("instructions", { amount: sar(amount) })}</p>
      </div>
      <BankAccountList query={accounts} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`} required>
          {t("transferorName")}
        </Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          aria-required="true"
          aria-invalid={errors.transferorName ? true : undefined}
          aria-describedby={errors.transferorName ? `${id}-name-error` : undefined}
          disabled={busy}
          {...form.register("transferorName")}
        />
        <FormMessage id={`${id}-name-error`}>
          {errors.transferorName?.message ? tRoot(errors.transferorName.message) : null}
        </FormMessage>
      </div>
      <Controller
        control={form.control}
        name="receipt"
        render={({ field, fieldState }) => (
          <ReceiptField
            inputRef={field.ref}
            id={`${id}-receipt`}
            value={field.value ?? null}
            onChange={field.onChange}
            error={fieldState.error?.message ? tRoot(fieldState.error.message) : null}
            disabled={busy}
          />
        )}
      />
      <p className="flex items-start gap-2 rounded-lg bg-accent-soft p-3 text-sm text-accent-foreground">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t("reviewNote")}
      </p>
      <PaymentActions
        onBack={onBack}
        busy={busy}
        disabled={noAccounts || accounts.isError}
        submitLabel={t("submit")}
        type="submit"
      />
    </form>
  );
}
