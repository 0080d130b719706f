import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CircleX } from "lucide-react";
import { OpenCartButton } from "@/components/order/open-cart-button";
import { OrderNotice } from "@/components/order/order-pending";
import { buttonVariants } from "@/components/ui/button";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.paymentErrorPage");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** /checkout/payment-error (spec §2): a payment that cannot be recovered where it happened; the cart is still there. */
export default async function PaymentErrorPage({ params }: Props) {
  const { locale } = await loadSite(await params);
  const t = await getTranslations("order.paymentErrorPage");
  return (
    <div className="mx-auto grid max-w-2xl px-4 pt-8 pb-10 sm:px-6 sm:pt-12">
      <OrderNotice
        icon={<CircleX className="size-7" />}
        title={t("title")}
        actions={
          <>
            <OpenCartButton atPayment>{t("retry")}</OpenCartButton>
            <Link
              prefetch={false}
              href={localePath(locale, "/")}
              className={buttonVariants({ size: "lg", variant: "outline" })}
            >
              {t("home")}
            </Link>
          </>
        }
      >
        <p>{t("description")}</p>
      </OrderNotice>
    </div>
  );
}
