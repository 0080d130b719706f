"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { compactIban, formatIban } from "@/lib/checkout/bank-transfer";
import type { BankAccountDto } from "@/contract/dto/checkout";
import { BankLogo, bankCode } from "./bank-logo";
import { CopyButton } from "@/components/share/copy-button";
import { checkoutApi } from "@/lib/store-client/checkout";
import { bankAccountsQueryKey } from "./payment-api";

/** The store's bank accounts; the caller learns whether any can receive the transfer. */
export function useBankAccounts() {
  const locale = useLocale();
  return useQuery({ queryKey: bankAccountsQueryKey(locale), queryFn: () => checkoutApi.bankAccounts({}, { locale }) });
}

function AccountRow({
  label,
  value,
  copyValue,
  copyLabel,
}: {
  label: string;
  value: string;
  copyValue: string;
  copyLabel: string;
}) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex items-center justify-between gap-2">
        {/* IBANs and account numbers read left to right in both languages. */}
        <span dir="ltr" className="tabular min-w-0 break-all text-start font-mono text-sm rtl:text-end">
          {value}
        </span>
        <CopyButton value={copyValue} label={copyLabel} />
      </dd>
    </div>
  );
}

function BankAccountCard({ account }: { account: BankAccountDto }) {
  const t = useTranslations("order.bankTransfer");
  const code = bankCode(account.bank);
  const bankName = code ? t(`banks.${code}`) : t("banks.other");
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-soft">
      <div className="mb-3 flex items-center gap-3">
        <BankLogo code={account.bank} />
        <div className="min-w-0">
          <p className="font-semibold">{bankName}</p>
          <p className="truncate text-sm text-muted-foreground">
            <bdi>{account.holderName}</bdi>
          </p>
        </div>
      </div>
      <dl className="grid gap-2">
        <AccountRow
          label={t("iban")}
          value={formatIban(account.iban)}
          copyValue={compactIban(account.iban)}
          copyLabel={t("copyIban", { bank: bankName })}
        />
        <AccountRow
          label={t("accountNumber")}
          value={account.accountNumber}
          copyValue={account.accountNumber}
          copyLabel={t("copyAccountNumber", { bank: bankName })}
        />
      </dl>
    </li>
  );
}

export function BankAccountList({ query }: { query: ReturnType<typeof useBankAccounts> }) {
  const t = useTranslations("order.bankTransfer");
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <p className="sr-only">{t("loading")}</p>
        <Skeleton className="h-36 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-xl bg-destructive-soft p-4 text-sm">
        <p>{t("loadError")}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="rounded-xl bg-muted p-4 text-sm">{t("noAccounts")}</p>;
  return (
    <ul className="grid gap-3" aria-label={t("accountsLabel")}>
      {query.data.map((account) => (
        <BankAccountCard key={account.id} account={account} />
      ))}
    </ul>
  );
}
