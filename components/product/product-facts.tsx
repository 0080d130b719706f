import { getTranslations } from "next-intl/server";
import { CalendarRange, Clock, Hourglass, Layers, Package, Percent, Users } from "lucide-react";
import { formatNumber } from "@/lib/money";
import type { ProductDto } from "@/contract/dto/catalog";

const ICONS = {
  nights: CalendarRange,
  deposit: Percent,
  hours: Hourglass,
  minutes: Clock,
  capacity: Users,
  sessions: Layers,
  validity: CalendarRange,
  stock: Package,
  soldOut: Package,
};
type FactKey = keyof typeof ICONS;
/** A fact as a message key of `product.facts` and its values (numbers; `count` picks the plural). */
export type Fact = { key: FactKey; values: Record<string, number> };

/**
 * Short facts under the price: slot length, seats, nights allowed, deposit, validity, sessions,
 * stock. With the store's hideDuration (spec §3) no length is shown: not the slot's minutes, not
 * the hours a booking may take.
 */
export function productFacts(product: ProductDto, { hideDuration }: { hideDuration: boolean }): Fact[] {
  const r = product.reservation;
  const facts: Fact[] = [];
  if (product.typeString === "reservation" && r) {
    if (product.isFullDayBooking) {
      if (r.minDays || r.maxDays)
        facts.push({ key: "nights", values: { min: r.minDays ?? 1, max: r.maxDays ?? r.bookingWindowDays } });
      if (r.depositPercent) facts.push({ key: "deposit", values: { percent: r.depositPercent } });
    } else if (product.isVariableDuration) {
      if (!hideDuration) facts.push({ key: "hours", values: { min: r.minUnits ?? 1, max: r.maxUnits ?? 1 } });
    } else if (r.slotMinutes) {
      if (!hideDuration) facts.push({ key: "minutes", values: { n: r.slotMinutes } });
      if (r.capacity > 1) facts.push({ key: "capacity", values: { n: r.capacity, count: r.capacity } });
    }
  }
  if (product.typeString === "subscription" && product.subscription) {
    const s = product.subscription;
    if (s.packageSessions) facts.push({ key: "sessions", values: { n: s.packageSessions, count: s.packageSessions } });
    if (s.durationDays) facts.push({ key: "validity", values: { n: s.durationDays, count: s.durationDays } });
  }
  if (product.typeString === "merchandise" && product.stock !== null) {
    facts.push(
      product.stock > 0
        ? { key: "stock", values: { n: product.stock, count: product.stock } }
        : { key: "soldOut", values: {} },
    );
  }
  return facts;
}

export async function ProductFacts({
  product,
  locale,
  hideDuration,
}: {
  product: ProductDto;
  locale: string;
  hideDuration: boolean;
}) {
  const t = await getTranslations("product.facts");
  const facts = productFacts(product, { hideDuration });
  if (facts.length === 0) return null;
  // Numbers are shown in the page's digits; `count` stays a number for the plural rules.
  const text = (f: Fact) =>
    t(
      f.key,
      Object.fromEntries(Object.entries(f.values).map(([k, v]) => [k, k === "count" ? v : formatNumber(v, locale)])),
    );
  return (
    <ul className="flex flex-wrap gap-2">
      {facts.map((f) => {
        const Icon = ICONS[f.key];
        return (
          <li
            key={f.key}
            className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1.5 text-sm text-foreground/85"
          >
            <Icon className="size-4 text-primary" aria-hidden="true" />
            {text(f)}
          </li>
        );
      })}
    </ul>
  );
}
