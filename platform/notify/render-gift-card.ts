import "server-only";
import { giftCardById } from "../services/gift-cards";
import { storeOrigin } from "./order-address";
import type { Db } from "../db/client";
import type { TenantRow } from "../services/tenants";
import type { MessageParams, RenderedMessage } from "./kinds";

const DAY: Record<"ar" | "en", Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat("ar-SA-u-ca-gregory-nu-latn", { timeZone: "Asia/Riyadh", dateStyle: "long" }),
  en: new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Riyadh", dateStyle: "long" }),
};

/** SAR as a text message can carry it: no riyal sign (older phones draw it as a box). */
const sar = (halalas: number, locale: "ar" | "en") => {
  const n = (halalas / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
  return locale === "ar" ? `${n} ر.س` : `SAR ${n}`;
};

/**
 * The gift card's arrival, sent to its recipient: the store, who sent it (unless the buyer hid
 * their name), the amount, until when it can be spent, and the card's page on the store's own
 * address. A card gone since (the store deleted the order) sends nothing. The WhatsApp template's
 * parameters, in order: recipient, store, sender (or the store), amount, expiry, link.
 */
// Typed as render.ts's Renderer without importing it: render.ts imports this file.
export async function renderGiftCard(
  ctx: { db: Db; tenant: TenantRow; locale: "ar" | "en"; now: Date },
  params: MessageParams["gift_card_received"],
): Promise<RenderedMessage | null> {
  const card = await giftCardById(ctx.db, ctx.tenant.id, params.giftCardId);
  if (!card) return null;
  // Arabic is the store's address without a prefix, English under /en (lib/site-routing.ts).
  const path = `${ctx.locale === "en" ? "/en" : ""}/gift/${card.token}`;
  const link = `${await storeOrigin(ctx.db, ctx.tenant)}${path}`;
  const store = ctx.tenant.settings.brandName || ctx.tenant.name;
  const amount = sar(card.amount, ctx.locale);
  const until = DAY[ctx.locale].format(card.expiresAt);
  const from = card.fromName;
  const text =
    ctx.locale === "ar"
      ? `${card.recipientName}، وصلتك بطاقة هدية من ${store}${from ? ` أهداك إياها ${from}` : ""} بقيمة ${amount}، صالحة حتى ${until}: ${link}`
      : `${card.recipientName}, you have a ${amount} gift card from ${store}${from ? `, sent by ${from}` : ""}, valid until ${until}: ${link}`;
  return { text, templateParams: [card.recipientName, store, from ?? store, amount, until, link] };
}
