import type { ReactNode } from "react";
import { Gift } from "lucide-react";

/**
 * A gift card in its theme's colour: the store, the theme, the amount and who it is for and from.
 * The gift widget draws it as a live preview of what the recipient gets (`preview`: hidden from
 * screen readers, which read the fields themselves); the card's page draws the card itself.
 */
export function GiftCardFace({
  color,
  storeName,
  themeName,
  amount,
  to,
  from,
  labels,
  preview = false,
}: {
  color: string | null;
  storeName: string;
  themeName: string;
  amount: ReactNode;
  to: string;
  from: string | null;
  labels: { to: string; from: string };
  preview?: boolean;
}) {
  const c = color ?? "#1e5b57";
  return (
    <div
      aria-hidden={preview || undefined}
      {...(preview ? { "data-gift-preview": "" } : { "data-gift-card": "" })}
      className="relative isolate flex aspect-[1.7] flex-col justify-between overflow-hidden rounded-xl p-5 text-white shadow-lift"
      style={{ background: `linear-gradient(135deg, ${c} 0%, color-mix(in srgb, ${c} 55%, #000) 100%)` }}
    >
      <div className="pointer-events-none absolute -end-10 -top-10 -z-10 size-40 rounded-full bg-white/10" />
      <div className="pointer-events-none absolute -bottom-16 -start-8 -z-10 size-44 rounded-full bg-white/10" />
      <div className="flex items-start justify-between gap-3">
        <span className="text-sm font-semibold opacity-90">{storeName}</span>
        <Gift aria-hidden="true" className="size-6 opacity-90" />
      </div>
      <div>
        <p className="text-xs uppercase tracking-wide opacity-80">{themeName}</p>
        <p className="tabular font-display text-2xl font-bold">{amount}</p>
      </div>
      <div className="flex flex-wrap justify-between gap-x-4 text-sm">
        <span className="truncate">
          <span className="opacity-75">{labels.to} </span>
          {to || "…"}
        </span>
        {from ? (
          <span className="truncate">
            <span className="opacity-75">{labels.from} </span>
            {from}
          </span>
        ) : null}
      </div>
    </div>
  );
}
