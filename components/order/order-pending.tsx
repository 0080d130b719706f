import type { ReactNode } from "react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { CircleAlert, Hourglass } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import type { DoneView } from "@/lib/checkout/done-state";
import { localePath } from "@/lib/site-routing";
import { OpenCartButton } from "./open-cart-button";

/** A centred notice with an icon, what happened, and the ways forward. */
export function OrderNotice({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-soft">
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <div className="grid max-w-md gap-2 text-sm text-muted-foreground">{children}</div>
      <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div>
    </div>
  );
}

/**
 * A cart the platform has not completed: never shown as paid, whatever the address says. The
 * shopper back from Tabby or Tamara without paying is told so and sent back to checkout.
 */
export async function OrderPending({ view, refreshHref }: { view: Exclude<DoneView, { kind: "order" }>; refreshHref: string }) {
  const [t, locale] = await Promise.all([getTranslations("order.done"), getLocale()]);
  const home = (
    <Link href={localePath(locale, "/")} className={buttonVariants({ size: "lg", variant: "outline" })}>
      {t("home")}
    </Link>
  );
  if (view.kind === "payLaterReturned") {
    return (
      <OrderNotice
        icon={<CircleAlert className="size-7" />}
        title={t(`payLaterReturned.${view.outcome}`, { provider: t(`provider.${view.provider}`) })}
        actions={
          <>
            <OpenCartButton>{t("payLaterReturned.backToCheckout")}</OpenCartButton>
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
            <Link href={refreshHref} className={buttonVariants({ size: "lg", variant: "outline" })}>
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
