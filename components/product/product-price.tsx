import { getTranslations } from "next-intl/server";
import { cn } from "@/lib/cn";
import { withTax } from "@/lib/money";
import type { ProductDto } from "@/contract/dto/catalog";
import { priceUnitKey } from "./product-kind";
import { getSarStyle } from "@/lib/money-server";
import { Sar } from "@/components/money/sar";

/**
 * The price a shopper pays (VAT included when the tenant charges it, brief's money rule): the lowest
 * price, "from" when there are several, and the unit for hourly or nightly bookings.
 */
export async function ProductPrice({
  product,
  locale,
  taxRate,
  size = "md",
  showVatNote = false,
  className,
}: {
  product: ProductDto;
  locale: string;
  taxRate: number;
  size?: "md" | "lg";
  showVatNote?: boolean;
  className?: string;
}) {
  const t = await getTranslations("product.price");
  const amounts = product.prices.length > 0 ? product.prices.map((p) => p.amount) : [product.amount];
  const lowest = Math.min(...amounts);
  const unit = priceUnitKey(product);
  const several = new Set(amounts).size > 1;
  return (
    <div className={cn("flex flex-wrap items-baseline gap-x-1.5", className)}>
      {several ? (
        <span className={cn("text-muted-foreground", size === "lg" ? "text-sm" : "text-xs")}>{t("from")}</span>
      ) : null}
      <span className={cn("tabular font-bold text-foreground", size === "lg" ? "text-2xl" : "text-base")}>
        <Sar amount={withTax(lowest, taxRate)} locale={locale} style={getSarStyle()} />
      </span>
      {unit ? (
        <span className={cn("text-muted-foreground", size === "lg" ? "text-sm" : "text-xs")}>{t(unit)}</span>
      ) : null}
      {showVatNote && taxRate > 1 ? (
        <span className="basis-full text-xs text-muted-foreground">{t("vatIncluded")}</span>
      ) : null}
    </div>
  );
}
