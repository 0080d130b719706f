import { getTranslations } from "next-intl/server";
import { CalendarRange, Clock, Hourglass, Layers, Package, Percent, Users } from "lucide-react";
import { formatNumber } from "@/lib/money";
import type { ProductDto } from "@/contract/dto/catalog";

/** Short facts under the price: slot length, seats, nights allowed, deposit, validity, sessions, stock. */
export async function ProductFacts({ product, locale }: { product: ProductDto; locale: string }) {
  const t = await getTranslations("product.facts");
  const n = (v: number) => formatNumber(v, locale);
  const r = product.reservation;
  const facts: { icon: typeof Clock; text: string }[] = [];
  if (product.typeString === "reservation" && r) {
    if (product.isFullDayBooking) {
      if (r.minDays || r.maxDays) facts.push({ icon: CalendarRange, text: t("nights", { min: n(r.minDays ?? 1), max: n(r.maxDays ?? r.bookingWindowDays) }) });
      if (r.depositPercent) facts.push({ icon: Percent, text: t("deposit", { percent: n(r.depositPercent) }) });
    } else if (product.isVariableDuration) {
      facts.push({ icon: Hourglass, text: t("hours", { min: n(r.minUnits ?? 1), max: n(r.maxUnits ?? 1) }) });
    } else if (r.slotMinutes) {
      facts.push({ icon: Clock, text: t("minutes", { n: n(r.slotMinutes) }) });
      if (r.capacity > 1) facts.push({ icon: Users, text: t("capacity", { n: n(r.capacity), count: r.capacity }) });
    }
  }
  if (product.typeString === "subscription" && product.subscription) {
    const s = product.subscription;
    if (s.packageSessions) facts.push({ icon: Layers, text: t("sessions", { n: n(s.packageSessions), count: s.packageSessions }) });
    if (s.durationDays) facts.push({ icon: CalendarRange, text: t("validity", { n: n(s.durationDays), count: s.durationDays }) });
  }
  if (product.typeString === "merchandise" && product.stock !== null) {
    facts.push({ icon: Package, text: product.stock > 0 ? t("stock", { n: n(product.stock), count: product.stock }) : t("soldOut") });
  }
  if (facts.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {facts.map((f) => (
        <li key={f.text} className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1.5 text-sm text-foreground/85">
          <f.icon className="size-4 text-primary" aria-hidden="true" />
          {f.text}
        </li>
      ))}
    </ul>
  );
}
