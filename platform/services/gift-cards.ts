import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  cartItems,
  carts,
  customers,
  giftCardMovements,
  giftCards,
  productPrices,
  products,
  type GiftDetails,
} from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { enqueueMessage } from "../notify/outbox";
import {
  DEFAULT_GIFT_CARD_EXPIRY_DAYS,
  parseGiftCardExpiryDays,
  type Locale,
  type SettingsMap,
} from "@/contract/tenant-settings";
import type { GiftCardDto } from "@/contract/dto/gift-cards";
import { toSar } from "../money";
import {
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  isGiftCardCodeShape,
  normalizeGiftCardCode,
} from "@/rules/gift-card-code";
import { enforceRateLimit, type RateLimit } from "./rate-limit";

type Conn = Db | Tx;
export type GiftCardRow = typeof giftCards.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export function newGiftCardCode(): string {
  return Array.from(
    { length: GIFT_CARD_CODE_LENGTH },
    () => GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)],
  ).join("");
}

/** The /gift/<token> page's name: not the code, so a page address seen over a shoulder spends nothing by itself. */
const newGiftCardToken = () => randomBytes(18).toString("base64url");

export const giftCardNotFound = () => new PlatformError("SP:GiftCardNotFound", 404, "No gift card has this code");

/** A card usable now, or the reason it is not: expired, or nothing left on it. */
export function checkGiftCardUsable(card: Pick<GiftCardRow, "expiresAt" | "balance">, now: Date): void {
  if (card.expiresAt.getTime() <= now.getTime())
    throw new PlatformError("SP:GiftCardExpired", 400, "This gift card has expired");
  if (card.balance <= 0) throw new PlatformError("SP:GiftCardEmpty", 400, "Nothing is left on this gift card");
}

/** Guessing codes is bounded per customer: a code is 12 symbols of 31, and every look-up counts. */
export const GIFT_CARD_LOOKUP_LIMIT: RateLimit = { limit: 10, windowMs: 10 * 60 * 1000 };

/** The tenant's card of a typed code (any case, with or without separators, Arabic-Indic digits), or SP:GiftCardNotFound. */
export async function findGiftCardByCode(conn: Conn, tenantId: string, typed: string): Promise<GiftCardRow> {
  const code = normalizeGiftCardCode(typed);
  if (!isGiftCardCodeShape(code)) throw giftCardNotFound();
  const [card] = await conn
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.tenantId, tenantId), eq(giftCards.code, code)))
    .limit(1);
  if (!card) throw giftCardNotFound();
  return card;
}

export async function giftCardById(conn: Conn, tenantId: string, id: string): Promise<GiftCardRow | null> {
  const [card] = await conn
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.tenantId, tenantId), eq(giftCards.id, id)))
    .limit(1);
  return card ?? null;
}

/** The card row locked until the transaction ends: concurrent orders spending it run one after another. */
export async function lockGiftCard(tx: Tx, tenantId: string, id: string): Promise<GiftCardRow | null> {
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.tenantId, tenantId), eq(giftCards.id, id)))
    .for("update");
  return card ?? null;
}

/** What a card pays of `due` halalas now: its balance up to the amount, nothing once it expired. */
export const giftCardPart = (card: Pick<GiftCardRow, "balance" | "expiresAt"> | null, due: number, now: Date) =>
  card && card.expiresAt.getTime() > now.getTime() ? Math.max(0, Math.min(card.balance, due)) : 0;

/**
 * The order's spend of its card, in the completion's transaction with the card row locked (the
 * caller locked it before pricing, so `amount` was priced from the balance as it is now). One spend
 * per order (unique movement), and the balance's check constraint refuses going below zero.
 */
export async function spendGiftCard(
  tx: Tx,
  p: { tenantId: string; giftCardId: string; cartId: string; amount: number },
): Promise<void> {
  if (p.amount <= 0) return;
  await tx.insert(giftCardMovements).values({
    tenantId: p.tenantId,
    giftCardId: p.giftCardId,
    kind: "spend",
    amount: -p.amount,
    cartId: p.cartId,
  });
  await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${p.amount}` })
    .where(and(eq(giftCards.tenantId, p.tenantId), eq(giftCards.id, p.giftCardId)));
}

/**
 * A cancelled line's part paid by the card goes back to it: once per line (unique movement; a
 * second cancel of the line writes nothing), never above the card's face value.
 */
export async function returnToGiftCard(
  tx: Tx,
  p: { tenantId: string; giftCardId: string; cartId: string; cartItemId: string; amount: number },
): Promise<void> {
  if (p.amount <= 0) return;
  const written = await tx
    .insert(giftCardMovements)
    .values({
      tenantId: p.tenantId,
      giftCardId: p.giftCardId,
      kind: "return",
      amount: p.amount,
      cartId: p.cartId,
      cartItemId: p.cartItemId,
    })
    .onConflictDoNothing()
    .returning({ id: giftCardMovements.id });
  if (written.length === 0) return;
  await tx
    .update(giftCards)
    .set({ balance: sql`least(${giftCards.amount}, ${giftCards.balance} + ${p.amount})` })
    .where(and(eq(giftCards.tenantId, p.tenantId), eq(giftCards.id, p.giftCardId)));
}

/**
 * The order's language for the recipient's message: the store's first language (the order keeps
 * none of its own).
 */
/**
 * Issues the cards of an order's gift lines once they are paid, in the transaction that records
 * the payment: one card per unit of each line's quantity (unique (line, unit): a payment recorded
 * twice, a doubled webhook, issues nothing more), each with its first movement and its message to
 * the recipient (at the payment, or at the moment the buyer chose). A line without a recipient's
 * number sends its card to the buyer, who passes it on.
 */
export async function issueGiftCards(
  tx: Tx,
  p: { tenantId: string; cartId: string; settings: SettingsMap; buyerMobile: string | null; now: Date },
): Promise<number> {
  const lines = await tx
    .select({ item: cartItems, amount: productPrices.amount })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productPrices, eq(productPrices.id, cartItems.priceId))
    .where(
      and(
        eq(cartItems.tenantId, p.tenantId),
        eq(cartItems.cartId, p.cartId),
        eq(products.typeString, "gift"),
        sql`${cartItems.cancelledAt} is null`,
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (lines.length === 0) return 0;
  // The recipient reads the card in the language the buyer ordered in.
  const [order] = await tx
    .select({ locale: carts.locale })
    .from(carts)
    .where(and(eq(carts.tenantId, p.tenantId), eq(carts.id, p.cartId)));
  const locale: Locale = order?.locale === "en" ? "en" : "ar";
  const days = parseGiftCardExpiryDays(p.settings.giftCardExpiryDays) ?? DEFAULT_GIFT_CARD_EXPIRY_DAYS;
  let issued = 0;
  for (const { item, amount } of lines) {
    const details = item.giftDetails as GiftDetails | null;
    const to = details?.toMobile ?? p.buyerMobile;
    if (!details || !to) continue;
    const chosen = details.sendAt ? new Date(details.sendAt) : null;
    const sendAt = chosen && chosen.getTime() > p.now.getTime() ? chosen : p.now;
    // A card's validity counts from when it reaches its recipient.
    const expiresAt = new Date(sendAt.getTime() + days * DAY_MS);
    for (let unit = 1; unit <= item.quantity; unit++) {
      const card = await insertCard(tx, {
        tenantId: p.tenantId,
        amount: amount * item.units,
        expiresAt,
        recipientMobile: to,
        recipientName: details.toName,
        fromName: details.showBuyerInfo ? (details.fromName ?? null) : null,
        theme: details.theme,
        productId: item.productId,
        cartItemId: item.id,
        unit,
      });
      if (!card) continue;
      issued++;
      await tx.insert(giftCardMovements).values({
        tenantId: p.tenantId,
        giftCardId: card,
        kind: "issue",
        amount: amount * item.units,
        cartId: p.cartId,
        cartItemId: item.id,
      });
      await enqueueMessage(tx, {
        tenantId: p.tenantId,
        kind: "gift_card_received",
        dedupeKey: `gift_card:${card}`,
        to,
        locale,
        params: { giftCardId: card },
        sendAt,
      });
    }
  }
  return issued;
}

const isUniqueViolation = (err: unknown, index: string): boolean => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint ?? "";
  return code === "23505" && (constraint === index || String(err).includes(index));
};

/**
 * One card of a line's unit, or null when that unit has its card already. A code colliding with
 * another card's (1 in ~10¹⁷ per card) is drawn again inside a savepoint.
 */
async function insertCard(
  tx: Tx,
  values: Omit<typeof giftCards.$inferInsert, "code" | "token" | "balance">,
): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const rows = await sp
          .insert(giftCards)
          .values({ ...values, balance: values.amount, code: newGiftCardCode(), token: newGiftCardToken() })
          .onConflictDoNothing({ target: [giftCards.cartItemId, giftCards.unit] })
          .returning({ id: giftCards.id });
        return rows[0]?.id ?? null;
      });
    } catch (err) {
      if (attempt >= 4 || !isUniqueViolation(err, "gift_cards_tenant_code_uq")) throw err;
    }
  }
}

export type GiftCardMovementRow = {
  kind: "issue" | "spend" | "return";
  amount: number;
  at: Date;
  orderNumber: string | null;
};

/** A card's movements, newest first, with the order number of the spends and returns. */
export async function giftCardHistory(
  conn: Conn,
  tenantId: string,
  ids: string[],
): Promise<Map<string, GiftCardMovementRow[]>> {
  const byCard = new Map<string, GiftCardMovementRow[]>();
  if (ids.length === 0) return byCard;
  const rows = await conn
    .select({
      cardId: giftCardMovements.giftCardId,
      kind: giftCardMovements.kind,
      amount: giftCardMovements.amount,
      at: giftCardMovements.createdAt,
      orderNumber: carts.orderNumber,
    })
    .from(giftCardMovements)
    .leftJoin(carts, eq(carts.id, giftCardMovements.cartId))
    .where(and(eq(giftCardMovements.tenantId, tenantId), inArray(giftCardMovements.giftCardId, ids)))
    .orderBy(desc(giftCardMovements.createdAt), desc(giftCardMovements.id));
  for (const r of rows) {
    const list = byCard.get(r.cardId) ?? [];
    list.push({ kind: r.kind, amount: r.amount, at: r.at, orderNumber: r.kind === "issue" ? null : r.orderNumber });
    byCard.set(r.cardId, list);
  }
  return byCard;
}

/** The cards received on a mobile number, newest first. */
export function giftCardsReceived(conn: Conn, tenantId: string, mobile: string): Promise<GiftCardRow[]> {
  return conn
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.tenantId, tenantId), eq(giftCards.recipientMobile, mobile)))
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id));
}

/** The card of a /gift/<token> page, or a 404. */
export async function giftCardByToken(conn: Conn, tenantId: string, token: string): Promise<GiftCardRow> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw notFound("Gift card");
  const [card] = await conn
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.tenantId, tenantId), eq(giftCards.token, token)))
    .limit(1);
  if (!card) throw notFound("Gift card");
  return card;
}

/** Counts one code look-up of a customer (apply at checkout): over the limit, SP:TooManyRequests. */
export const limitGiftCardLookups = (db: Conn, tenantId: string, customerId: string, now: Date) =>
  enforceRateLimit(db, `gift-card:${tenantId}:${customerId}`, GIFT_CARD_LOOKUP_LIMIT, now);

/** A card as its page and its recipient's profile show it, its theme named in the reader's language. */
async function giftCardDtos(
  conn: Conn,
  tenantId: string,
  cards: GiftCardRow[],
  locale: Locale,
  now: Date,
  withHistory: boolean,
): Promise<GiftCardDto[]> {
  const productIds = [...new Set(cards.map((c) => c.productId).filter((id): id is string => id !== null))];
  const themes =
    productIds.length > 0
      ? await conn
          .select({ id: products.id, themes: products.giftThemes })
          .from(products)
          .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds)))
      : [];
  const history = withHistory
    ? await giftCardHistory(
        conn,
        tenantId,
        cards.map((c) => c.id),
      )
    : new Map();
  return cards.map((card) => {
    const theme = themes.find((p) => p.id === card.productId)?.themes?.find((t) => t.id === card.theme);
    return {
      code: formatGiftCardCode(card.code),
      amount: toSar(card.amount),
      balance: toSar(card.balance),
      currency: "SAR",
      expiresAt: card.expiresAt.toISOString(),
      expired: card.expiresAt.getTime() <= now.getTime(),
      recipientName: card.recipientName,
      fromName: card.fromName,
      themeName: theme ? (locale === "en" ? theme.nameEn : theme.nameAr) : card.theme,
      themeColor: theme?.color ?? null,
      history: (history.get(card.id) ?? []).map((m: GiftCardMovementRow) => ({
        kind: m.kind,
        amount: toSar(m.amount),
        at: m.at.toISOString(),
        orderNumber: m.orderNumber,
      })),
    };
  });
}

/** GET gift-cards/{token}: the card of a page (no history: whoever holds the link sees the card, not its use). */
export async function giftCardPage(db: Db, tenantId: string, token: string, locale: Locale, now = new Date()) {
  const card = await giftCardByToken(db, tenantId, token);
  const [dto] = await giftCardDtos(db, tenantId, [card], locale, now, false);
  return dto;
}

/** GET customer/gift-cards: the cards received on the signed-in customer's mobile number, with their history. */
export async function customerGiftCards(
  db: Db,
  tenantId: string,
  customerId: string,
  locale: Locale,
  now = new Date(),
): Promise<GiftCardDto[]> {
  const [customer] = await db
    .select({ mobile: customers.mobileNumber })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!customer) return [];
  return giftCardDtos(db, tenantId, await giftCardsReceived(db, tenantId, customer.mobile), locale, now, true);
}
