"use client";

import { useId } from "react";
import { useMutation } from "@tanstack/react-query";
import { Package } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { useFailureMessage } from "@/lib/use-failure-message";
import { useSetCart } from "@/components/cart/use-cart";
import { Switch } from "@/components/ui/switch";
import { formatNumber } from "@/lib/money";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutApi } from "@/lib/store-client/checkout";

/**
 * The customer's prepaid packages that cover items of this cart, and whether to use them (spec §2).
 * Covered items are discounted now; the sessions are spent only when the order completes.
 */
export function PackageSection({ cart }: { cart: CartDto }) {
  const t = useTranslations("checkout.packages");
  const locale = useLocale();
  const ids = { title: useId(), hint: useId() };
  const setCart = useSetCart();
  const errorMessage = useFailureMessage();
  const toggle = useMutation({
    mutationFn: (usePackages: boolean) => checkoutApi.setUsePackages({ body: { usePackages } }, { locale }),
    onSuccess: setCart,
    onError: (err) => toast.error(errorMessage(err), { duration: 6000 }),
  });
  if (cart.packages.length === 0) return null;
  const checked = toggle.isPending ? Boolean(toggle.variables) : cart.usePackages;
  return (
    <section aria-labelledby={ids.title} className="rounded-xl border border-border bg-card p-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
        >
          <Package className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={ids.title} className="font-sans text-sm font-semibold">
            {t("title")}
          </h3>
          <p id={ids.hint} className="text-xs text-muted-foreground">
            {t("hint")}
          </p>
        </div>
        <Switch
          checked={checked}
          disabled={toggle.isPending}
          onChange={(e) => toggle.mutate(e.target.checked)}
          aria-label={t("use")}
          aria-describedby={ids.hint}
        />
      </div>
      <ul className="mt-3 grid gap-2 text-sm">
        {cart.packages.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-muted px-3 py-2"
          >
            <span className="font-medium">{p.productName}</span>
            <span className="tabular text-muted-foreground">
              {t("sessionsLeft", {
                left: formatNumber(p.remainingSessions, locale),
                total: formatNumber(p.totalSessions, locale),
              })}
              {" · "}
              {t("covers", { count: p.coversItemIds.length, formatted: formatNumber(p.coversItemIds.length, locale) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
