import type { OrderMoneyDto } from "@/contract/dto/cart";
import { formatDay } from "@/lib/day-format";

/** A translator of `order.done` (next-intl's `t`, on the server or in the browser). */
type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * When the order's remaining money is due, in words ("when you arrive on Thursday, 12 December"),
 * from the platform's money as it is; null when nothing is due.
 */
export function dueWords(money: Pick<OrderMoneyDto, "due" | "dueOn">, locale: string, t: Translate): string | null {
  if (!money.due) return null;
  const date = money.dueOn ? formatDay(money.dueOn, locale, { weekday: "long", day: "numeric", month: "long" }) : "";
  return t(`due.${money.due}`, { date });
}
