import { eq } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { bookings, carts, products } from "@/platform/db/schema";
import { AddCartItemInput, UpdateCartItemInput } from "@/contract/input/cart";
import {
  addCartItem,
  createCart,
  getCart,
  removeCartItem,
  resetCart,
  updateCartItem,
  type CartScope,
} from "@/platform/services/cart";
import type {
  AddCartItemBody as StorefrontAddInput,
  UpdateCartItemBody as StorefrontUpdateInput,
} from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { at, dayAhead, DEMO, demoProduct, expectPlatformError } from "./helpers/demo-catalog";

const OUTDATED = "SP:Reservation:SelectedSlotIsUnavailableOrOutdated";
const guest = (tenantId: string): CartScope => ({ tenantId, customerId: null });

describeEachDb("cart", (t) => {
  const newCart = async (tenant: "spa" | "coffee" = "spa") =>
    (await createCart(t().db, guest(t()[tenant].id), "en")).id;
  const add = (cartId: string, input: Record<string, unknown>, tenant: "spa" | "coffee" = "spa") =>
    addCartItem(t().db, guest(t()[tenant].id), cartId, AddCartItemInput.parse(input), "en", t().now);
  const product = (name: string, tenant: "spa" | "coffee" = "spa") => demoProduct(t().db, t()[tenant].id, name);
  const read = (cartId: string) => getCart(t().db, guest(t().spa.id), cartId, "en");
  const snapshot = (cart: CartDto) => ({
    items: cart.items.map((i) => [i.id, i.quantity, i.price.id]),
    total: cart.totalAmount,
  });

  describe("merchandise", () => {
    it("merges the same product into one line up to the stock, and refuses the 4th massage oil", async () => {
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      await add(cartId, { productId: oil.id, priceId: oil.priceId, quantity: 2 });
      const three = await add(cartId, { productId: oil.id, priceId: oil.priceId });
      expect(three.items).toHaveLength(1);
      expect(three.items[0]).toMatchObject({ quantity: 3, effectiveQuantity: 3, amount: 180, taxAmount: 27 });
      const err = await expectPlatformError(
        add(cartId, { productId: oil.id, priceId: oil.priceId }),
        "SP:MerchandiseItemInsufficientStock",
        409,
      );
      expect(err.details).toEqual({ available: 0 });
      expect(snapshot(await read(cartId))).toEqual(snapshot(three));
    });

    it("checks the stock on a quantity change too, and changes nothing when refused", async () => {
      const cartId = await newCart("coffee");
      const grinder = await product(DEMO.grinder, "coffee");
      const cart = await add(cartId, { productId: grinder.id, priceId: grinder.priceId }, "coffee");
      const update = updateCartItem(
        t().db,
        guest(t().coffee.id),
        cartId,
        cart.items[0].id,
        { quantity: 2 },
        "en",
        t().now,
      );
      await expectPlatformError(update, "SP:MerchandiseItemInsufficientStock", 409);
      expect((await getCart(t().db, guest(t().coffee.id), cartId, "en")).items[0].quantity).toBe(1);
    });
  });

  describe("what is left for each open line", () => {
    it("says how many more a line may hold, and flags it once stock or seats run out elsewhere", async () => {
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      const massage = await product(DEMO.massage);
      const bathSalts = await add(cartId, { productId: oil.id, priceId: oil.priceId, quantity: 2 });
      expect(bathSalts.items[0].available).toBe(3);
      const both = await add(cartId, {
        productId: massage.id,
        priceId: massage.priceId,
        reservationDateFrom: at(t().now, 2, 15),
      });
      // The massage has two seats at a time; nothing is booked at 15:00 yet.
      expect(both.items.map((i) => i.available)).toEqual([3, 2]);

      // Another order takes one bottle and fills the slot.
      await t().db.update(products).set({ stock: 1 }).where(eq(products.id, oil.id));
      const [taken] = await t()
        .db.insert(bookings)
        .values({
          tenantId: t().spa.id,
          productId: massage.id,
          startsAt: new Date(at(t().now, 2, 15)),
          endsAt: new Date(at(t().now, 2, 16)),
          seats: 2,
        })
        .returning({ id: bookings.id });
      const after = await read(cartId);
      expect(after.items.map((i) => [i.quantity, i.available])).toEqual([
        [2, 1],
        [1, 0],
      ]);
      // A gift or a subscription has nothing that runs out.
      const gift = await product(DEMO.gift);
      const withGift = await add(cartId, {
        productId: gift.id,
        priceId: gift.priceId,
        giftDetails: { theme: "eid", toName: "Sara", showBuyerInfo: false },
      });
      expect(withGift.items[2].available).toBeNull();
      // The other suites of this file share the demo's stock and slots.
      await t().db.update(products).set({ stock: 3 }).where(eq(products.id, oil.id));
      await t().db.delete(bookings).where(eq(bookings.id, taken.id));
    });
  });

  describe("fixed slots", () => {
    it("books seats of a real slot and refuses more than are free, counting this cart", async () => {
      const cartId = await newCart();
      const massage = await product(DEMO.massage);
      const cart = await add(cartId, {
        productId: massage.id,
        priceId: massage.priceId,
        reservationDateFrom: at(t().now, 1, 19),
      });
      expect(cart.items[0]).toMatchObject({
        reservationDateFrom: at(t().now, 1, 19),
        reservationDateTo: at(t().now, 1, 20),
        quantity: 1,
      });
      const two = await add(cartId, {
        productId: massage.id,
        priceId: massage.priceId,
        reservationDateFrom: at(t().now, 1, 19),
      });
      expect(two.items).toHaveLength(1);
      expect(two.items[0].quantity).toBe(2);
      const err = await expectPlatformError(
        add(cartId, { productId: massage.id, priceId: massage.prices[1], reservationDateFrom: at(t().now, 1, 19) }),
        "SP:SlotIsNotAvailable",
        409,
      );
      expect(err.details).toEqual({ available: 0 });
      expect(snapshot(await read(cartId))).toEqual(snapshot(two));
    });

    it("refuses the seeded fully booked 20:00 slot", async () => {
      const cartId = await newCart();
      const massage = await product(DEMO.massage);
      await expectPlatformError(
        add(cartId, { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 1, 20) }),
        "SP:SlotIsNotAvailable",
        409,
      );
      expect((await read(cartId)).items).toEqual([]);
    });

    it("refuses past, misaligned, after-hours and out-of-window times as outdated", async () => {
      const cartId = await newCart();
      const massage = await product(DEMO.massage);
      const tryAt = (from: string) =>
        add(cartId, { productId: massage.id, priceId: massage.priceId, reservationDateFrom: from });
      await expectPlatformError(tryAt(at(t().now, 0, 10)), OUTDATED, 400); // the suite's clock is 12:00
      await expectPlatformError(tryAt(at(t().now, 0, 12)), OUTDATED, 400); // starting right now
      await expectPlatformError(tryAt(at(t().now, 1, 19, 30)), OUTDATED, 400);
      await expectPlatformError(tryAt(at(t().now, 1, 9)), OUTDATED, 400);
      await expectPlatformError(tryAt(at(t().now, 1, 22)), OUTDATED, 400);
      await expectPlatformError(tryAt(at(t().now, 61, 10)), OUTDATED, 400);
      await expectPlatformError(tryAt(dayAhead(t().now, 1)), "SP:ValidationError", 400);
      expect((await read(cartId)).items).toEqual([]);
    });

    it("re-checks seats when the quantity of a slot line changes", async () => {
      const cartId = await newCart();
      const massage = await product(DEMO.massage);
      const cart = await add(cartId, {
        productId: massage.id,
        priceId: massage.priceId,
        reservationDateFrom: at(t().now, 2, 11),
      });
      const itemId = cart.items[0].id;
      const two = await updateCartItem(
        t().db,
        guest(t().spa.id),
        cartId,
        itemId,
        { quantity: 2, priceId: massage.prices[1] },
        "en",
        t().now,
      );
      expect(two.items[0]).toMatchObject({
        quantity: 2,
        amount: 640,
        price: { id: massage.prices[1], name: "Hot stone massage", amount: 320 },
      });
      await expectPlatformError(
        updateCartItem(t().db, guest(t().spa.id), cartId, itemId, { quantity: 3 }, "en", t().now),
        "SP:SlotIsNotAvailable",
        409,
      );
      expect(snapshot(await read(cartId))).toEqual(snapshot(two));
    });
  });

  describe("variable duration", () => {
    const pool = () => product(DEMO.pool);
    it("books whole hours and prices them per hour", async () => {
      const cartId = await newCart();
      const p = await pool();
      const cart = await add(cartId, {
        productId: p.id,
        priceId: p.priceId,
        reservationDateFrom: at(t().now, 1, 15),
        units: 3,
      });
      expect(cart.items[0]).toMatchObject({
        quantity: 1,
        effectiveQuantity: 3,
        amount: 450,
        taxAmount: 67.5,
        reservationDateTo: at(t().now, 1, 18),
      });
      expect(cart).toMatchObject({
        subTotal: 450,
        taxAmount: 67.5,
        totalAmount: 517.5,
        amountToBePaid: 517.5,
        depositAmount: 0,
      });
    });

    it("refuses hours overlapping the seeded booking or the same pool already in the cart", async () => {
      const cartId = await newCart();
      const p = await pool();
      await expectPlatformError(
        add(cartId, { productId: p.id, priceId: p.priceId, reservationDateFrom: at(t().now, 1, 17), units: 2 }),
        "SP:SlotIsNotAvailable",
        409,
      );
      await add(cartId, { productId: p.id, priceId: p.priceId, reservationDateFrom: at(t().now, 3, 10), units: 2 });
      await expectPlatformError(
        add(cartId, { productId: p.id, priceId: p.priceId, reservationDateFrom: at(t().now, 3, 11), units: 1 }),
        "SP:SlotIsNotAvailable",
        409,
      );
      const after = await add(cartId, {
        productId: p.id,
        priceId: p.priceId,
        reservationDateFrom: at(t().now, 3, 12),
        units: 1,
      });
      expect(after.items).toHaveLength(2);
    });

    it("enforces minimum and maximum units, opening hours and the clock", async () => {
      const cartId = await newCart();
      const p = await pool();
      const tryUnits = (from: string, units: number) =>
        add(cartId, { productId: p.id, priceId: p.priceId, reservationDateFrom: from, units });
      await expectPlatformError(tryUnits(at(t().now, 1, 8), 0), "SP:MinimumDaysRequirementNotMet", 400);
      const max = await expectPlatformError(tryUnits(at(t().now, 1, 8), 7), "SP:MaximumDaysExceeded", 400);
      expect(max.details).toEqual({ maximum: 6 });
      await expectPlatformError(tryUnits(at(t().now, 1, 22), 2), OUTDATED, 400); // ends after 23:00
      await expectPlatformError(tryUnits(at(t().now, 1, 7), 1), OUTDATED, 400); // before opening
      await expectPlatformError(tryUnits(at(t().now, 1, 10, 30), 1), OUTDATED, 400);
      await expectPlatformError(tryUnits(at(t().now, 0, 11), 1), OUTDATED, 400);
      await expectPlatformError(
        add(cartId, { productId: p.id, priceId: p.priceId, reservationDateFrom: at(t().now, 1, 8) }),
        "SP:ValidationError",
        400,
      );
      expect((await read(cartId)).items).toEqual([]);
    });
  });

  describe("full-day", () => {
    const resthouse = () => product(DEMO.resthouse);
    const stay = async (cartId: string, first: number, nights: number) => {
      const p = await resthouse();
      return add(cartId, {
        productId: p.id,
        priceId: p.priceId,
        reservationDateFrom: dayAhead(t().now, first),
        reservationDateTo: dayAhead(t().now, first + nights),
      });
    };

    it("prices nights with tax and asks a 30% deposit now", async () => {
      const cartId = await newCart();
      const cart = await stay(cartId, 2, 2);
      expect(cart).toMatchObject({
        subTotal: 1800,
        taxAmount: 270,
        totalAmount: 2070,
        depositAmount: 621,
        amountToBePaid: 621,
        discountAmount: 0,
        fees: [],
      });
      expect(cart.items[0]).toMatchObject({
        quantity: 1,
        effectiveQuantity: 2,
        amount: 1800,
        taxAmount: 270,
        // Two nights at 900 with VAT, as the product page shows it.
        amountWithTax: 2070,
        reservationDateFrom: dayAhead(t().now, 2),
        reservationDateTo: dayAhead(t().now, 4),
        product: { isFullDayBooking: true, typeString: "reservation" },
      });
    });

    it("refuses 8 nights, 0 nights and a check-out before check-in", async () => {
      const cartId = await newCart();
      const max = await expectPlatformError(stay(cartId, 20, 8), "SP:MaximumDaysExceeded", 400);
      expect(max.details).toEqual({ maximum: 7 });
      await expectPlatformError(stay(cartId, 20, 0), "SP:MinimumDaysRequirementNotMet", 400);
      await expectPlatformError(stay(cartId, 20, -2), "SP:MinimumDaysRequirementNotMet", 400);
      expect(await stay(cartId, 20, 7)).toMatchObject({ subTotal: 6300 });
    });

    it("refuses a stay starting in the past or beyond the booking window", async () => {
      const cartId = await newCart();
      await expectPlatformError(stay(cartId, -1, 2), OUTDATED, 400);
      await expectPlatformError(stay(cartId, 121, 1), OUTDATED, 400);
      expect((await stay(cartId, 0, 1)).items).toHaveLength(1);
    });

    it("refuses a stay over a booked night or over nights already in the cart", async () => {
      const cartId = await newCart();
      await expectPlatformError(stay(cartId, 9, 2), "SP:SlotIsNotAvailable", 409);
      await expectPlatformError(stay(cartId, 11, 1), "SP:SlotIsNotAvailable", 409);
      await stay(cartId, 8, 2); // nights 8 and 9, out on day 10
      await stay(cartId, 12, 1); // in on the day the seeded stay ends
      await expectPlatformError(stay(cartId, 7, 2), "SP:SlotIsNotAvailable", 409);
      expect((await read(cartId)).items).toHaveLength(2);
    });

    it("refuses a malformed day", async () => {
      const cartId = await newCart();
      const p = await resthouse();
      const bad = add(cartId, {
        productId: p.id,
        priceId: p.priceId,
        reservationDateFrom: at(t().now, 3, 0),
        reservationDateTo: dayAhead(t().now, 4),
      });
      await expectPlatformError(bad, "SP:ValidationError", 400);
    });
  });

  describe("subscriptions and gifts", () => {
    it("starts a subscription today or within 90 days", async () => {
      const cartId = await newCart();
      const m = await product(DEMO.membership);
      const start = (n: number) =>
        add(cartId, { productId: m.id, priceId: m.priceId, subscriptionStartDate: dayAhead(t().now, n) });
      expect((await start(0)).items[0]).toMatchObject({
        subscriptionStartDate: dayAhead(t().now, 0),
        amount: 400,
        type: 1,
      });
      await start(90);
      await expectPlatformError(start(-1), "SP:ValidationError", 400);
      await expectPlatformError(start(91), "SP:ValidationError", 400);
      await expectPlatformError(add(cartId, { productId: m.id, priceId: m.priceId }), "SP:ValidationError", 400);
      expect((await read(cartId)).items).toHaveLength(2);
    });

    it("takes a gift with one of the product's themes and trimmed names", async () => {
      const cartId = await newCart();
      const g = await product(DEMO.gift);
      const cart = await add(cartId, {
        productId: g.id,
        priceId: g.prices[1],
        giftDetails: { theme: "eid", toName: "  Noura  ", fromName: "", showBuyerInfo: true },
      });
      expect(cart.items[0]).toMatchObject({
        type: 3,
        amount: 500,
        giftDetails: {
          theme: "eid",
          themeName: "Eid Mubarak",
          themeColor: "#6366f1",
          toName: "Noura",
          fromName: null,
          showBuyerInfo: true,
        },
      });
      await expectPlatformError(
        add(cartId, { productId: g.id, priceId: g.priceId, giftDetails: { theme: "coffee", toName: "Noura" } }),
        "SP:ValidationError",
        400,
      );
      await expectPlatformError(add(cartId, { productId: g.id, priceId: g.priceId }), "SP:ValidationError", 400);
    });

    it("validates gift names by schema: 1–60 characters after trimming, buyer name up to 60, no control characters", () => {
      const base = { productId: "p", priceId: "q" };
      const gift = (giftDetails: Record<string, unknown>) =>
        AddCartItemInput.safeParse({ ...base, giftDetails: { theme: "eid", ...giftDetails } }).success;
      expect(gift({ toName: "   " })).toBe(false);
      expect(gift({ toName: "x".repeat(61) })).toBe(false);
      expect(gift({ toName: ` ${"x".repeat(60)} ` })).toBe(true);
      expect(gift({ toName: "Noura", fromName: "y".repeat(61) })).toBe(false);
      expect(gift({ toName: "Noura", fromName: "Sara" })).toBe(true);
      expect(gift({ toName: "نورة 🌸" })).toBe(true);
      expect(gift({ toName: "No\u0000ura" })).toBe(false);
      expect(gift({ toName: "Noura\ud800" })).toBe(false);
    });
  });

  describe("ownership and state", () => {
    it("refuses a price of another product and an unknown or foreign product", async () => {
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      const massage = await product(DEMO.massage);
      const beans = await product(DEMO.beans, "coffee");
      await expectPlatformError(
        add(cartId, { productId: oil.id, priceId: massage.priceId }),
        "SP:ValidationError",
        400,
      );
      await expectPlatformError(add(cartId, { productId: beans.id, priceId: beans.priceId }), "SP:EntityNotFound", 404);
      await expectPlatformError(add(cartId, { productId: "nope", priceId: "nope" }), "SP:EntityNotFound", 404);
      const cart = await add(cartId, { productId: oil.id, priceId: oil.priceId });
      await expectPlatformError(
        updateCartItem(
          t().db,
          guest(t().spa.id),
          cartId,
          cart.items[0].id,
          { quantity: 1, priceId: massage.priceId },
          "en",
          t().now,
        ),
        "SP:ValidationError",
        400,
      );
    });

    it("does not let another tenant read or change a cart", async () => {
      const { db, coffee } = t();
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      const cart = await add(cartId, { productId: oil.id, priceId: oil.priceId });
      const beans = await product(DEMO.beans, "coffee");
      await expectPlatformError(getCart(db, guest(coffee.id), cartId, "en"), "SP:EntityNotFound", 404);
      await expectPlatformError(
        add(cartId, { productId: beans.id, priceId: beans.priceId }, "coffee"),
        "SP:EntityNotFound",
        404,
      );
      await expectPlatformError(
        removeCartItem(db, guest(coffee.id), cartId, cart.items[0].id, "en"),
        "SP:EntityNotFound",
        404,
      );
      await expectPlatformError(resetCart(db, guest(coffee.id), cartId, "en"), "SP:EntityNotFound", 404);
      expect((await read(cartId)).items).toHaveLength(1);
    });

    it("refuses every change to a completed cart", async () => {
      const { db, spa } = t();
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      const cart = await add(cartId, { productId: oil.id, priceId: oil.priceId });
      await db.update(carts).set({ status: "completed" }).where(eq(carts.id, cartId));
      const itemId = cart.items[0].id;
      await expectPlatformError(
        add(cartId, { productId: oil.id, priceId: oil.priceId }),
        "SP:CartAlreadyCompleted",
        400,
      );
      await expectPlatformError(
        updateCartItem(db, guest(spa.id), cartId, itemId, { quantity: 2 }, "en"),
        "SP:CartAlreadyCompleted",
        400,
      );
      await expectPlatformError(
        removeCartItem(db, guest(spa.id), cartId, itemId, "en"),
        "SP:CartAlreadyCompleted",
        400,
      );
      await expectPlatformError(resetCart(db, guest(spa.id), cartId, "en"), "SP:CartAlreadyCompleted", 400);
      expect(await read(cartId)).toMatchObject({ status: "completed", items: [{ id: itemId, quantity: 1 }] });
    });

    it("removes an item, resets the cart and says 404 for unknown ids", async () => {
      const { db, spa } = t();
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      const gift = await product(DEMO.gift);
      await add(cartId, { productId: oil.id, priceId: oil.priceId });
      const two = await add(cartId, {
        productId: gift.id,
        priceId: gift.priceId,
        giftDetails: { theme: "thanks", toName: "Ali" },
      });
      const afterRemove = await removeCartItem(db, guest(spa.id), cartId, two.items[0].id, "en");
      expect(afterRemove.items.map((i) => i.product.name)).toEqual([DEMO.gift]);
      await expectPlatformError(
        removeCartItem(db, guest(spa.id), cartId, two.items[0].id, "en"),
        "SP:EntityNotFound",
        404,
      );
      await expectPlatformError(
        updateCartItem(db, guest(spa.id), cartId, "x", { quantity: 1 }, "en"),
        "SP:EntityNotFound",
        404,
      );
      await db.update(carts).set({ couponCode: "RELAX10" }).where(eq(carts.id, cartId));
      const reset = await resetCart(db, guest(spa.id), cartId, "en");
      expect(reset).toMatchObject({
        items: [],
        cartItems: [],
        couponCode: null,
        couponId: null,
        subTotal: 0,
        totalAmount: 0,
        status: "active",
      });
      await expectPlatformError(
        getCart(db, guest(spa.id), "00000000-0000-4000-8000-000000000000", "en"),
        "SP:EntityNotFound",
        404,
      );
      await expectPlatformError(getCart(db, guest(spa.id), "abc", "en"), "SP:EntityNotFound", 404);
    });
  });

  describe("reading", () => {
    it("returns lines in order with localized names and totals over every line", async () => {
      const { db, spa } = t();
      const cartId = await newCart();
      const oil = await product(DEMO.oil);
      const massage = await product(DEMO.massage);
      await add(cartId, { productId: oil.id, priceId: oil.priceId, quantity: 2 });
      await add(cartId, { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 4, 10) });
      const en = await getCart(db, guest(spa.id), cartId, "en");
      expect(en.items.map((i) => [i.product.name, i.price.name, i.type])).toEqual([
        [DEMO.oil, "100 ml bottle", 2],
        [DEMO.massage, "Swedish massage", 0],
      ]);
      expect(en).toMatchObject({
        subTotal: 370,
        taxAmount: 55.5,
        totalAmount: 425.5,
        depositAmount: 0,
        amountToBePaid: 425.5,
        currency: "SAR",
        customerId: null,
        hasPackageDiscounts: false,
      });
      expect(en.cartItems).toEqual(en.items);
      const ar = await getCart(db, guest(spa.id), cartId, "ar");
      expect(ar.items.map((i) => i.product.name)).toEqual(["زيت مساج باللافندر", "مساج استرخاء ٦٠ دقيقة"]);
    });
  });
});

describe("cart input schema", () => {
  it("accepts what the storefront's client sends", () => {
    expectTypeOf<StorefrontAddInput>().toExtend<z.input<typeof AddCartItemInput>>();
    expectTypeOf<StorefrontUpdateInput>().toExtend<z.input<typeof UpdateCartItemInput>>();
    const fullDay: StorefrontAddInput = {
      productId: "p",
      priceId: "q",
      reservationDateFrom: "2030-01-01",
      reservationDateTo: "2030-01-03",
    };
    expect(AddCartItemInput.parse(fullDay)).toEqual({ ...fullDay, quantity: 1 });
  });
});
