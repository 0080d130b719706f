import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantInfo } from "@/platform/api/router";
import {
  cartItems,
  carts,
  customerMessages,
  giftCardMovements,
  giftCards,
  invoices,
  productPrices,
  products,
  tenants,
} from "@/platform/db/schema";
import { renderGiftCard } from "@/platform/notify/render-gift-card";
import { recordOfflinePayment } from "@/platform/services/record-payment";
import { formatGiftCardCode } from "@/rules/gift-card-code";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { expectCode, newShopper, shoppersWithCarts, type Shopper } from "./helpers/checkout";
import { paymentsHarness, providerPayments } from "./helpers/payments";

/** A code as the platform makes them: 12 symbols, none of 0/O/1/I/L. */
const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{12}$/;
const RECIPIENT = "+966551230001";

/**
 * Gift cards: a paid gift line becomes one card per unit (however often its payment is recorded),
 * sent to its recipient through the outbox; a card's code pays up to its balance at checkout, the
 * balance taken under a lock when the order completes (concurrent carts never spend more than it
 * holds) and given back when the booking it paid for is cancelled.
 */
describeEachDb(
  "gift cards",
  (t) => {
    const p = paymentsHarness(t);
    const pay = providerPayments(p, t);
    const spa = () => t().spa;
    const db = () => t().db;

    const giftLine = async (over: Record<string, unknown> = {}, priceIndex = 0, quantity = 1) => {
      const gift = await demoProduct(db(), spa().id, DEMO.gift);
      return {
        productId: gift.id,
        priceId: gift.prices[priceIndex],
        quantity,
        giftDetails: {
          theme: "birthday",
          toName: "Sara",
          fromName: "Ali",
          showBuyerInfo: true,
          toMobile: "055 123 0001",
          ...over,
        },
      };
    };

    /** A gift bought with cash and the cash recorded: answers the order and its cards. */
    async function cashGift(priceIndex = 0, quantity = 1, over: Record<string, unknown> = {}) {
      const { shopper, cart } = await p.api.cartWith(spa(), [await giftLine(over, priceIndex, quantity)]);
      const order = (await p.api.submit(spa(), shopper, cart.id)).data!;
      await recordOfflinePayment(db(), "spa", order.orderNumber!);
      const cards = await db().select().from(giftCards).where(eq(giftCards.cartItemId, order.cartItems[0].id));
      return { shopper, order, cards };
    }

    const cardRow = async (id: string) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0];
    const movements = (id: string) => db().select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, id));
    const apply = (s: Shopper, cartId: string, code: string, tenant: TenantInfo = spa()) =>
      p.api.call<CartDto>(tenant, "POST", `cart/${cartId}/gift-card`, { token: s.token, body: { code } });

    /** A 230 SAR massage (200 before VAT): a price of the demo massage made for these tests. */
    async function massage230() {
      const massage = await demoProduct(db(), spa().id, DEMO.massage);
      const [price] = await db()
        .insert(productPrices)
        .values({
          productId: massage.id,
          tenantId: spa().id,
          nameAr: "٢٠٠",
          nameEn: "200",
          amount: 20000,
          sortOrder: 9,
        })
        .returning();
      return { productId: massage.id, priceId: price.id };
    }

    it("a gift line carries no VAT, and once its cash is recorded (twice) it is one card per unit, each with its message", async () => {
      const { shopper, cart } = await p.api.cartWith(spa(), [await giftLine({}, 0, 2)]);
      expect(cart).toMatchObject({ subTotal: 400, taxAmount: 0, totalAmount: 400 });
      const order = (await p.api.submit(spa(), shopper, cart.id)).data!;
      const line = order.cartItems[0].id;
      // Cash not in yet: no card.
      expect(await db().select().from(giftCards).where(eq(giftCards.cartItemId, line))).toHaveLength(0);

      const [first, second] = await Promise.all([
        recordOfflinePayment(db(), "spa", order.orderNumber!),
        recordOfflinePayment(db(), "spa", order.orderNumber!),
      ]).catch(async () => [
        // PGlite answers one at a time; PostgreSQL may refuse neither: both shapes end in one payment.
        await recordOfflinePayment(db(), "spa", order.orderNumber!),
        await recordOfflinePayment(db(), "spa", order.orderNumber!),
      ]);
      expect([first.alreadyPaid, second.alreadyPaid].sort()).toEqual([false, true]);
      await recordOfflinePayment(db(), "spa", order.orderNumber!);

      const cards = await db().select().from(giftCards).where(eq(giftCards.cartItemId, line));
      expect(cards.map((c) => c.unit).sort()).toEqual([1, 2]);
      for (const card of cards) {
        expect(card.code).toMatch(CODE);
        expect(formatGiftCardCode(card.code)).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
        expect(card).toMatchObject({ amount: 20000, balance: 20000, recipientMobile: RECIPIENT, fromName: "Ali" });
        // The tenant's default: 365 days from the payment.
        expect(card.expiresAt.getTime() - t().now.getTime()).toBe(365 * 24 * 3600 * 1000);
        expect((await movements(card.id)).map((m) => [m.kind, m.amount])).toEqual([["issue", 20000]]);
      }
      const messages = await db()
        .select()
        .from(customerMessages)
        .where(and(eq(customerMessages.tenantId, spa().id), eq(customerMessages.kind, "gift_card_received")));
      const mine = messages.filter((m) => cards.some((c) => (m.params as { giftCardId: string }).giftCardId === c.id));
      expect(mine).toHaveLength(2);
      expect(mine.every((m) => m.to === RECIPIENT && m.status === "pending")).toBe(true);
      const [invoice] = await db().select().from(invoices).where(eq(invoices.cartId, order.id));
      expect(invoice).toMatchObject({ vatAmount: 0, totalAmount: 40000 });
    });

    it("paid online, a callback and a webhook both report the payment: one card, sent at the moment the buyer chose", async () => {
      const sendAt = new Date(t().now.getTime() + 3 * 24 * 3600 * 1000).toISOString();
      const { shopper, cart } = await p.api.cartWith(spa(), [await giftLine({ sendAt })]);
      const paid = await pay.paidAt("moyasar", { shopper, cartId: cart.id });
      await Promise.all([p.callback(shopper, cart.id), pay.webhook(paid), p.callback(shopper, cart.id)]);
      const cards = await db().select().from(giftCards).where(eq(giftCards.cartItemId, cart.cartItems[0].id));
      expect(cards).toHaveLength(1);
      // Valid a year from when it reaches its recipient.
      expect(cards[0].expiresAt.getTime() - Date.parse(sendAt)).toBe(365 * 24 * 3600 * 1000);
      const [message] = await db()
        .select()
        .from(customerMessages)
        .where(eq(customerMessages.dedupeKey, `gift_card:${cards[0].id}`));
      expect(message.sendAt.toISOString()).toBe(sendAt);
    }, 60_000);

    it("the gift widget's recipient number and time are checked: a landline or a past time is refused", async () => {
      const shopper = await newShopper(db(), spa());
      const { cart } = await p.api.cartWith(spa(), [], shopper);
      const add = async (over: Record<string, unknown>) =>
        p.api.call(spa(), "POST", `cart/${cart.id}/items`, { token: shopper.token, body: await giftLine(over) });
      expectCode(await add({ toMobile: "0112345678" }), "SP:InvalidMobileNumber", 400);
      expectCode(
        await add({ sendAt: new Date(t().now.getTime() - 60_000).toISOString() }),
        "SP:GiftSendTimeInvalid",
        400,
      );
      const added = await add({ toMobile: "٠٥٥١٢٣٠٠٠١" });
      expect(added.data!.cartItems[0].giftDetails).toMatchObject({ toMobile: RECIPIENT });
    });

    it("a code applies typed in any case, with or without dashes or spaces, in Arabic-Indic digits; unknown, expired, empty and gift-for-gift are refused", async () => {
      const { cards } = await cashGift();
      const card = cards[0];
      const salts = await demoProduct(db(), spa().id, DEMO.salts);
      const { shopper, cart } = await p.api.cartWith(spa(), [{ productId: salts.id, priceId: salts.priceId }]);
      const typed = `${card.code.slice(0, 4).toLowerCase()} ${card.code.slice(4, 8)}-${card.code.slice(8)}`.replace(
        /[0-9]/g,
        (d) => String.fromCharCode(0x0660 + Number(d)),
      );
      const applied = await apply(shopper, cart.id, typed);
      expect(applied.error).toBeUndefined();
      const due = applied.data!.totalAmount;
      expect(applied.data!.giftCard).toEqual({ code: formatGiftCardCode(card.code), amount: due, balance: 200 });
      expect(applied.data!.amountToBePaid).toBe(0);
      // Applied twice: the same cart.
      expect((await apply(shopper, cart.id, card.code)).data!.giftCard!.amount).toBe(due);
      // Nothing is taken before the order completes.
      expect((await cardRow(card.id)).balance).toBe(20000);

      expectCode(await apply(shopper, cart.id, "ABCD-EFGH-JKMN"), "SP:GiftCardNotFound", 404);
      // Another store's card is no card here.
      const coffeeShopper = await newShopper(db(), t().coffee);
      const coffeeCart = (await p.api.call<CartDto>(t().coffee, "POST", "cart", { token: coffeeShopper.token })).data!;
      expectCode(await apply(coffeeShopper, coffeeCart.id, card.code, t().coffee), "SP:GiftCardNotFound", 404);

      const removed = await p.api.call<CartDto>(spa(), "DELETE", `cart/${cart.id}/gift-card`, { token: shopper.token });
      expect(removed.data!.giftCard).toBeNull();
      await db()
        .update(giftCards)
        .set({ expiresAt: new Date(t().now.getTime() - 1) })
        .where(eq(giftCards.id, card.id));
      expectCode(await apply(shopper, cart.id, card.code), "SP:GiftCardExpired", 400);
      await db()
        .update(giftCards)
        .set({ expiresAt: new Date(t().now.getTime() + 86_400_000), balance: 0 })
        .where(eq(giftCards.id, card.id));
      expectCode(await apply(shopper, cart.id, card.code), "SP:GiftCardEmpty", 400);
      await db().update(giftCards).set({ balance: 20000 }).where(eq(giftCards.id, card.id));

      const giftCart = await p.api.cartWith(spa(), [await giftLine()]);
      expectCode(await apply(giftCart.shopper, giftCart.cart.id, card.code), "SP:GiftCardForGiftCard", 400);
    });

    it("a 200 SAR card pays 200 of a 230 SAR massage and a card the 30; cancelled twice at once, 200 go back to the card once and 30 to the card paid", async () => {
      const { cards } = await cashGift();
      const card = cards[0];
      const massage = await massage230();
      const { shopper, cart } = await p.api.cartWith(spa(), [
        { ...massage, quantity: 1, reservationDateFrom: at(t().now, 20, 10) },
      ]);
      const applied = (await apply(shopper, cart.id, card.code)).data!;
      expect(applied).toMatchObject({ totalAmount: 230, taxAmount: 30, amountToBePaid: 30 });
      expect(applied.giftCard).toMatchObject({ amount: 200, balance: 200 });

      await pay.paidAt("moyasar", { shopper, cartId: cart.id });
      const [attempt] = await p.attemptsOf(cart.id);
      expect(attempt.amount).toBe(3000);
      expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
      expect((await cardRow(card.id)).balance).toBe(0);
      const order = (await p.api.call<CartDto>(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      expect(order).toMatchObject({ status: "completed", paymentStatus: "paid", totalAmount: 230 });
      expect(order.money).toMatchObject({ status: "paid", paid: 230, remaining: 0 });
      // The redemption's invoice bears the full VAT: the card is a means of payment, not a discount.
      const [invoice] = await db().select().from(invoices).where(eq(invoices.cartId, cart.id));
      expect(invoice).toMatchObject({
        subTotal: 20000,
        discountAmount: 0,
        vatAmount: 3000,
        totalAmount: 23000,
        paidAmount: 23000,
      });

      const cancel = () =>
        p.api.call<CartDto>(spa(), "POST", `orders/${cart.id}/items/${order.cartItems[0].id}/cancel`, {
          token: shopper.token,
        });
      const answers = await Promise.all([cancel(), cancel()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await cancel();
      expect((await cardRow(card.id)).balance).toBe(20000);
      expect((await movements(card.id)).map((m) => [m.kind, m.amount]).sort()).toEqual(
        [
          ["issue", 20000],
          ["spend", -20000],
          ["return", 20000],
        ].sort(),
      );
      const [line] = await db().select().from(cartItems).where(eq(cartItems.id, order.cartItems[0].id));
      expect(line).toMatchObject({ refundedAmount: 3000, giftCardReturned: 20000 });
      const after = (await p.api.call<CartDto>(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      expect(after.money).toMatchObject({ status: "refunded", refunded: 230 });
    }, 60_000);

    it("a card that covers the whole order completes it with nothing else to pay", async () => {
      const { cards } = await cashGift(1);
      const card = cards[0];
      const salts = await demoProduct(db(), spa().id, DEMO.salts);
      const { shopper, cart } = await p.api.cartWith(spa(), [{ productId: salts.id, priceId: salts.priceId }]);
      const applied = (await apply(shopper, cart.id, card.code)).data!;
      const total = Math.round(applied.totalAmount * 100);
      // The shopper confirmed nothing left to pay.
      const done = await p.api.submit(spa(), shopper, cart.id, { expectedTotal: 0 });
      expect(done.error).toBeUndefined();
      expect(done.data).toMatchObject({ status: "completed", paymentStatus: "paid" });
      expect((await cardRow(card.id)).balance).toBe(50000 - total);
      const [invoice] = await db().select().from(invoices).where(eq(invoices.cartId, cart.id));
      expect(invoice.paidAmount).toBe(total);
    });

    it("the recipient's message names the store, the sender, the amount, the expiry and the card's page, in Arabic and English", async () => {
      const { cards } = await cashGift();
      const card = cards[0];
      const [tenant] = await db().select().from(tenants).where(eq(tenants.id, spa().id));
      const ar = await renderGiftCard({ db: db(), tenant, locale: "ar", now: t().now }, { giftCardId: card.id });
      const en = await renderGiftCard({ db: db(), tenant, locale: "en", now: t().now }, { giftCardId: card.id });
      const link = new RegExp(`https?://[^ /]+/gift/${card.token}$`);
      expect(ar!.text).toContain(tenant.name);
      expect(ar!.text).toContain("Ali");
      expect(ar!.text).toContain("200 ر.س");
      expect(ar!.text).toMatch(link);
      expect(en!.text).toContain("SAR 200");
      expect(en!.text).toContain("sent by Ali");
      expect(en!.text).toContain(String(card.expiresAt.getUTCFullYear()));
      expect(en!.text).toMatch(/\/en\/gift\//);
      expect(en!.templateParams).toHaveLength(6);
      expect(
        await renderGiftCard({ db: db(), tenant, locale: "en", now: t().now }, { giftCardId: crypto.randomUUID() }),
      ).toBeNull();
    });

    it("twenty carts spending one 100 SAR card at once spend 100 in all, never more", async () => {
      const { cards } = await cashGift();
      const card = cards[0];
      await db().update(giftCards).set({ amount: 10000, balance: 10000 }).where(eq(giftCards.id, card.id));
      await db()
        .update(giftCardMovements)
        .set({ amount: 10000 })
        .where(and(eq(giftCardMovements.giftCardId, card.id), eq(giftCardMovements.kind, "issue")));
      // A product of its own per cart: carts of one product would complete one after another
      // behind the product's lock, and the card's lock would never be put to the test.
      const salts = await demoProduct(db(), spa().id, DEMO.salts);
      const [base] = await db().select().from(products).where(eq(products.id, salts.id));
      const [basePrice] = await db().select().from(productPrices).where(eq(productPrices.id, salts.priceId));
      const own = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const { id: _id, slugAr: _a, slugEn: _e, rev: _r, ...rest } = base; // eslint-disable-line @typescript-eslint/no-unused-vars
          const [row] = await db()
            .insert(products)
            .values({ ...rest, nameAr: `${base.nameAr} ${i}`, nameEn: `${base.nameEn} ${i}`, stock: 100 })
            .returning({ id: products.id });
          const { id: _pid, ...price } = basePrice; // eslint-disable-line @typescript-eslint/no-unused-vars
          const [priceRow] = await db()
            .insert(productPrices)
            .values({ ...price, productId: row.id })
            .returning({ id: productPrices.id });
          return { productId: row.id, priceId: priceRow.id };
        }),
      );
      const entries = await shoppersWithCarts(db(), spa(), 20, (i) => ({ ...own[i], quantity: 1 }), {
        giftCardId: card.id,
      });
      const answers = await Promise.all(entries.map((e) => p.api.submit(spa(), e.shopper, e.cartId)));
      expect(answers.filter((a) => a.status >= 500)).toHaveLength(0);
      for (const a of answers) if (a.error) expect(a.error.code).toBe("SP:GiftCardEmpty");
      const spent = await db()
        .select({ amount: carts.giftCardAmount })
        .from(carts)
        .where(
          inArray(
            carts.id,
            entries.map((e) => e.cartId),
          ),
        );
      expect(spent.reduce((s, r) => s + r.amount, 0)).toBe(10000);
      expect((await cardRow(card.id)).balance).toBe(0);
      const ledger = await movements(card.id);
      expect(ledger.reduce((s, m) => s + m.amount, 0)).toBe(0);
      expect(ledger.filter((m) => m.kind === "spend").reduce((s, m) => s - m.amount, 0)).toBe(10000);
    }, 120_000);
  },
  { poolSize: 30 },
);
