import type { ReactNode } from "react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { CircleAlert, CircleX, Hourglass, TriangleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import type { DoneView } from "@/lib/checkout/done-state";
import { localePath } from "@/lib/site-routing";
import { OpenCartButton } from "./open-cart-button";

/** A centred notice with an icon, what happened, and the ways forward. */
const TONES = {
  muted: "bg-muted text-muted-foreground",
  destructive: "bg-destructive-soft text-destructive",
  accent: "bg-accent-soft text-accent-foreground",
} as const;

export function OrderNotice({
  icon,
  title,
  children,
  actions,
  tone = "muted",
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  tone?: keyof typeof TONES;
}) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-soft">
      <span aria-hidden="true" className={`flex size-14 items-center justify-center rounded-full ${TONES[tone]}`}>
        {icon}
      </span>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <div className="grid max-w-md gap-2 text-sm text-muted-foreground">{children}</div>
      <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div>
    </div>
  );
}

/**
 * A cart the platform has not completed: never shown as paid, whatever the address says. A
 * refused payment names its reason and offers to try again (the checkout reopens); a payment
 * taken for an order that could not be completed says the store will follow up; the shopper
 * back from a pay-later provider without paying is told so and sent back to checkout.
 */
export async function OrderPending({
  view,
  refreshHref,
}: {
  view: Exclude<DoneView, { kind: "order" }>;
  refreshHref: string;
}) {
  const [t, tRoot, locale] = await Promise.all([getTranslations("order.done"), getTranslations(), getLocale()]);
  const home = (
    <Link
      prefetch={false}
      href={localePath(locale, "/")}
      className={buttonVariants({ size: "lg", variant: "outline" })}
    >
      {t("home")}
    </Link>
  );
  if (view.kind === "failed") {
    return (
      <OrderNotice
        icon={<CircleX className="size-7" />}
        tone="destructive"
        title={t("failed.title")}
        actions={
          <>
            <OpenCartButton atPayment>{t("failed.retry")}</OpenCartButton>
            {home}
          </>
        }
      >
        <p className="font-medium text-foreground">{tRoot(view.reasonKey)}</p>
        <p>{t("failed.description")}</p>
      </OrderNotice>
    );
  }
  if (view.kind === "refused") {
    return (
      <OrderNotice icon={<TriangleAlert className="size-7" />} tone="accent" title={t("refused.title")} actions={home}>
        <p>{t("refused.description")}</p>
        <p>{t("refused.next")}</p>
      </OrderNotice>
    );
  }
  if (view.kind === "payLaterReturned") {
    return (
      <OrderNotice
        icon={<CircleAlert className="size-7" />}
        title={t(`payLaterReturned.${view.outcome}`, { provider: t(`provider.${view.provider}`) })}
        actions={
          <>
            <OpenCartButton atPayment>{t("payLaterReturned.backToCheckout")}</OpenCartButton>
            {home}
          </>
        }
      >
        <p>{t("payLaterReturned.description")}</p>
      </OrderNotice>
    );
  }
  return (
    <OrderNotice
      icon={<Hourglass className="size-7" />}
      title={t("notReceived.title")}
      actions={
        <>
          <OpenCartButton>{t("notReceived.openCart")}</OpenCartButton>
          {view.paidHint ? (
            <Link prefetch={false} href={refreshHref} className={buttonVariants({ size: "lg", variant: "outline" })}>
              {t("notReceived.refresh")}
            </Link>
          ) : (
            home
          )}
        </>
      }
    >
      <p>{t("notReceived.description")}</p>
      {view.paidHint ? <p>{t("notReceived.paidHint")}</p> : null}
    </OrderNotice>
  );
}
