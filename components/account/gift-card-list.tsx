import { getTranslations } from "next-intl/server";
import { Sar } from "@/components/money/sar";
import { formatDay } from "@/lib/day-format";
import type { SarStyle } from "@/lib/money";
import type { GiftCardDto } from "@/contract/dto/gift-cards";
import type { Locale } from "@/contract/tenant-settings";
import { RIYADH_OFFSET_MS } from "@/rules/riyadh-time";

const LONG_DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const riyadhDayOf = (iso: string) => new Date(new Date(iso).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);

/** The gift cards received on the customer's number: each in its colour, its balance of its value, expiry and history. */
export async function GiftCardList({
  cards,
  locale,
  sarStyle,
}: {
  cards: GiftCardDto[];
  locale: Locale;
  sarStyle: SarStyle;
}) {
  const t = await getTranslations("account.giftCards");
  return (
    <ul className="grid gap-3">
      {cards.map((card) => {
        const day = formatDay(riyadhDayOf(card.expiresAt), locale, LONG_DAY);
        return (
          <li
            key={card.code}
            data-gift-card-row=""
            className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-soft"
          >
            <div className="flex gap-4">
              <span
                aria-hidden="true"
                className="size-14 shrink-0 rounded-lg shadow-soft"
                style={{
                  background: `linear-gradient(135deg, ${card.themeColor ?? "#1e5b57"}, color-mix(in srgb, ${card.themeColor ?? "#1e5b57"} 55%, #000))`,
                }}
              />
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold">{card.themeName}</p>
                  <p className="tabular text-lg font-bold">
                    <span className="sr-only">{t("balance")} </span>
                    <Sar amount={card.balance} locale={locale} style={sarStyle} />
                  </p>
                </div>
                <p className="text-sm text-muted-foreground">
                  {t("value")} <Sar amount={card.amount} locale={locale} style={sarStyle} />
                  {card.fromName ? ` · ${t("from", { name: card.fromName })}` : ""}
                </p>
                <p className={card.expired ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
                  {card.expired ? t("expired", { day }) : t("expires", { day })}
                </p>
                <p dir="ltr" className="tabular font-mono text-sm tracking-wider text-start rtl:text-end">
                  {card.code}
                </p>
              </div>
            </div>
            {card.history.length > 0 ? (
              <details className="rounded-lg bg-muted px-3 py-2 text-sm">
                <summary className="cursor-pointer font-medium">{t("history")}</summary>
                <ul className="mt-2 grid gap-1.5">
                  {card.history.map((m) => (
                    <li key={`${m.kind}-${m.at}`} className="flex items-start justify-between gap-3">
                      <span className="grid min-w-0">
                        <span>{m.kind === "issue" ? t("issue") : t(m.kind, { number: m.orderNumber ?? "" })}</span>
                        <span className="text-xs text-muted-foreground">
                          {formatDay(riyadhDayOf(m.at), locale, LONG_DAY)}
                        </span>
                      </span>
                      <span dir="ltr" className="tabular font-medium">
                        {m.amount > 0 ? "+" : "−"}
                        <Sar amount={Math.abs(m.amount)} locale={locale} style={sarStyle} />
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
