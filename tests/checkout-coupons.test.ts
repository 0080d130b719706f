import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { couponUsages, coupons, products } from "@/platform/db/schema";
import type { AddCartItemBody } from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { demoCustomer } from "./helpers/account-api";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, expectCode, newShopper } from "./helpers/checkout";

describeEachDb("checkout coupons", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  let massage: AddCartItemBody;
  let oil: AddCartItemBody;
  let day = 1;

  beforeEach(async () => {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    const o = await demoProduct(t().db, spa().id, DEMO.oil);
    // A slot of its own for every test: seats never run out across tests.
    massage = {
      productId: m.id,
      priceId: m.priceId,
      quantity: 1,
      reservationDateFrom: at(t().now, (day++ % 50) + 1, 10),
    };
    oil = { productId: o.id, priceId: o.priceId, quantity: 1 };
    await t().db.update(products).set({ stock: 3 }).where(eq(products.id, o.id));
  });

  it("answers every coupon code from its rule (spec §8)", async () => {
    const sara = await demoCustomer(t().db, spa());
    const cases: [
      code: string,
      items: () => AddCartItemBody[],
      expected: string,
      who?: "sara",
      headers?: Record<string, string>,
    ][] = [
      ["NOPE", () => [massage], "SP:CouponNotFound"],
      ["INACTIVE", () => [massage], "SP:CouponIsNotActive"],
      ["SOON", () => [massage], "SP:CouponIsNotActive"],
      ["EXPIRED", () => [massage], "SP:CouponExpired"],
      ["WELCOME50", () => [oil], "SP:CouponMinimumCartAmountNotMet"],
      ["USEDUP", () => [massage], "SP:CouponReachedMaximumUsage"],
      // (Sara's package would pay for a massage: the oil keeps the discount at 0.)
      ["TWICE", () => [oil], "SP:CustomerExceededCouponUsage", "sara"],
      ["FIRSTVISIT", () => [oil], "SP:CouponUsageAlreadyExists", "sara"],
      ["OIL20", () => [massage], "SP:CouponNotApplicable"],
      ["VIP", () => [massage], "SP:CustomerNotApplicableForCoupon"],
      ["APPONLY", () => [massage], "SP:CouponOnlyForMobileApp"],
      ["APPONLY", () => [massage], "SP:CouponOnlyForMobileApp", undefined, { "x-sales-channel": "website" }],
      ["WEBONLY", () => [massage], "SP:CouponOnlyForWebsite", undefined, { "x-sales-channel": "mobile" }],
    ];
    for (const [code, items, expected, who, headers] of cases) {
      const { shopper, cart } = await api.cartWith(spa(), items(), who === "sara" ? sara : undefined);
      const res = await api.applyCoupon(spa(), shopper, cart.id, code, headers);
      expectCode(res, expected, 400);
      const after = await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token });
      expect(after.data, code).toMatchObject({ couponId: null, couponCode: null, discountAmount: 0 });
    }
  });

  it("applies each coupon where its rule allows it", async () => {
    const sara = await demoCustomer(t().db, spa());
    const ok: [code: string, who?: "sara", headers?: Record<string, string>][] = [
      ["relax10"],
      ["VIP", "sara"],
      ["APPONLY", undefined, { "x-sales-channel": "mobile" }],
      ["WEBONLY"],
      ["FIRSTVISIT"],
      ["TWICE"],
      ["WELCOME50"],
    ];
    for (const [code, who, headers] of ok) {
      const { shopper, cart } = await api.cartWith(spa(), [massage, oil], who === "sara" ? sara : undefined);
      const res = await api.applyCoupon(spa(), shopper, cart.id, code, headers);
      expect(res.error, code).toBeUndefined();
      expect(res.data!.couponCode).toBe(code.toUpperCase());
      expect(res.data!.discountAmount, code).toBeGreaterThan(0);
      await api.call(spa(), "POST", `cart/${cart.id}/reset`, { token: shopper.token });
    }
  });

  it("takes spec §7's body (cartId, couponCode, cartItems, customerId) and answers the code applied as `code`", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [massage]);
    const body = {
      cartId: cart.id,
      couponCode: "relax10",
      cartItems: cart.cartItems.map((i) => i.id),
      customerId: shopper.id,
    };
    const res = await api.call<CartDto & { code: string }>(spa(), "POST", `cart/${cart.id}/coupon`, {
      token: shopper.token,
      body,
    });
    expect(res.error).toBeUndefined();
    expect(res.data).toMatchObject({ code: "RELAX10", couponCode: "RELAX10", discountAmount: 25 });
    const other = await api.cartWith(spa(), [massage], shopper);
    expectCode(
      await api.call(spa(), "POST", `cart/${other.cart.id}/coupon`, {
        token: shopper.token,
        body: { ...body, cartId: cart.id },
      }),
      "SP:ValidationError",
      400,
    );
    expect(
      (await api.call(spa(), "GET", `cart/${other.cart.id}`, { token: shopper.token })).data!.couponCode,
    ).toBeNull();
  });

  it("the same code applied twice at once from two tabs: both answer the cart with it, applied once", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [massage]);
    const both = await Promise.all([
      api.applyCoupon(spa(), shopper, cart.id, "RELAX10"),
      api.applyCoupon(spa(), shopper, cart.id, "relax10"),
    ]);
    for (const res of both) {
      expect(res.error).toBeUndefined();
      expect(res.data).toMatchObject({ couponCode: "RELAX10", discountAmount: 25, totalAmount: 258.75 });
    }
  });

  it("takes a percentage or a fixed amount off the applicable items, before tax, never below zero", async () => {
    const twoOils = { ...oil, quantity: 2 };
    const relax = await api.cartWith(spa(), [massage, twoOils]);
    // Massage 250 + oil 2 × 60 = 370; RELAX10 is 10% of the massage only.
    const r = (await api.applyCoupon(spa(), relax.shopper, relax.cart.id, "RELAX10")).data!;
    expect(r).toMatchObject({
      subTotal: 370,
      discountAmount: 25,
      taxAmount: 51.75,
      totalAmount: 396.75,
      amountToBePaid: 396.75,
    });
    const oil20 = await api.cartWith(spa(), [massage, twoOils]);
    expect((await api.applyCoupon(spa(), oil20.shopper, oil20.cart.id, "OIL20")).data).toMatchObject({
      discountAmount: 24,
      taxAmount: 51.9,
      totalAmount: 397.9,
    });
    const welcome = await api.cartWith(spa(), [massage]);
    expect((await api.applyCoupon(spa(), welcome.shopper, welcome.cart.id, "WELCOME50")).data).toMatchObject({
      subTotal: 250,
      discountAmount: 50,
      taxAmount: 30,
      totalAmount: 230,
    });

    // A fixed amount larger than what it applies to takes that off, no more.
    await t()
      .db.insert(coupons)
      .values({ tenantId: spa().id, code: "HUGE", kind: "fixed", value: 100_000, productIds: [oil.productId] });
    const huge = await api.cartWith(spa(), [massage, oil]);
    expect((await api.applyCoupon(spa(), huge.shopper, huge.cart.id, "HUGE")).data).toMatchObject({
      subTotal: 310,
      discountAmount: 60,
      taxAmount: 37.5,
      totalAmount: 287.5,
    });
    await t().db.insert(coupons).values({ tenantId: spa().id, code: "ALLFREE", kind: "fixed", value: 100_000 });
    const all = await api.cartWith(spa(), [oil]);
    const free = (await api.applyCoupon(spa(), all.shopper, all.cart.id, "ALLFREE")).data!;
    expect(free).toMatchObject({ subTotal: 60, discountAmount: 60, taxAmount: 0, totalAmount: 0, amountToBePaid: 0 });
    expect(free.items[0].taxAmount).toBe(0);
  });

  it("holds one coupon per cart: remove it to apply another; signing in is required", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [massage]);
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/coupon`, { body: { couponCode: "RELAX10" } }),
      "SP:Unauthorized",
      401,
    );
    expect((await api.applyCoupon(spa(), shopper, cart.id, "RELAX10")).data?.couponCode).toBe("RELAX10");
    expectCode(await api.applyCoupon(spa(), shopper, cart.id, "WELCOME50"), "SP:CouponAlreadyExists", 400);
    // The same code again (a second tab, a second tap with its own key) is the same intent: the cart as it is.
    const again = await api.applyCoupon(spa(), shopper, cart.id, " relax10 ");
    expect(again.error).toBeUndefined();
    expect(again.data).toMatchObject({ couponCode: "RELAX10", discountAmount: 25 });
    const removed = await api.call(spa(), "DELETE", `cart/${cart.id}/coupon`, { token: shopper.token });
    expect(removed.data).toMatchObject({ couponId: null, couponCode: null, discountAmount: 0, totalAmount: 287.5 });
    expect((await api.call(spa(), "DELETE", `cart/${cart.id}/coupon`, { token: shopper.token })).status).toBe(200);
    expect((await api.applyCoupon(spa(), shopper, cart.id, "WELCOME50")).data?.discountAmount).toBe(50);
    // Only for the caller, on the caller's own cart, on a known channel.
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/coupon`, {
        token: shopper.token,
        body: { couponCode: "X", customerId: "someone-else" },
      }),
      "SP:Forbidden",
      403,
    );
    const other = await newShopper(t().db, spa());
    expectCode(await api.applyCoupon(spa(), other, cart.id, "RELAX10"), "SP:EntityNotFound", 404);
    const fresh = await api.cartWith(spa(), [massage]);
    expectCode(
      await api.applyCoupon(spa(), fresh.shopper, fresh.cart.id, "RELAX10", { "x-sales-channel": "tv" }),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await api.call(spa(), "POST", `cart/${fresh.cart.id}/coupon`, {
        token: fresh.shopper.token,
        body: { couponCode: "" },
      }),
      "SP:ValidationError",
      400,
    );
    // Coupons are the tenant's own.
    const coffeeShopper = await newShopper(t().db, t().coffee);
    const coffeeCart = await api.call(t().coffee, "POST", "cart", { token: coffeeShopper.token });
    expectCode(
      await api.applyCoupon(t().coffee, coffeeShopper, coffeeCart.data!.id, "RELAX10"),
      "SP:CouponNotFound",
      400,
    );
  });

  it("gives no discount while the cart is below the minimum, and validate says why", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [massage, oil]);
    const applied = (await api.applyCoupon(spa(), shopper, cart.id, "WELCOME50")).data!;
    expect(applied.discountAmount).toBe(50);
    const massageLine = applied.items.find((i) => i.product.id === massage.productId)!;
    const left = (await api.call(spa(), "DELETE", `cart/${cart.id}/items/${massageLine.id}`, { token: shopper.token }))
      .data!;
    expect(left).toMatchObject({ couponCode: "WELCOME50", subTotal: 60, discountAmount: 0, totalAmount: 69 });
    expectCode(await api.validate(spa(), shopper, cart.id), "SP:CouponMinimumCartAmountNotMet", 400);
    expectCode(await api.submit(spa(), shopper, cart.id), "SP:CouponMinimumCartAmountNotMet", 400);
  });

  it("counts a use only when the order completes, and re-checks the coupon then", async () => {
    const a = await api.cartWith(spa(), [massage]);
    const b = await api.cartWith(spa(), [oil]);
    expect((await api.applyCoupon(spa(), a.shopper, a.cart.id, "ONCE")).error).toBeUndefined();
    expect((await api.applyCoupon(spa(), b.shopper, b.cart.id, "ONCE")).error).toBeUndefined();
    const [before] = await t()
      .db.select()
      .from(coupons)
      .where(and(eq(coupons.tenantId, spa().id), eq(coupons.code, "ONCE")));
    expect(before.usageCount).toBe(0);

    const done = await api.submit(spa(), a.shopper, a.cart.id);
    expect(done.data).toMatchObject({ status: "completed", couponCode: "ONCE", discountAmount: 37.5 });
    const [after] = await t().db.select().from(coupons).where(eq(coupons.id, before.id));
    expect(after.usageCount).toBe(1);
    expect(await t().db.select().from(couponUsages).where(eq(couponUsages.couponId, before.id))).toMatchObject([
      { cartId: a.cart.id, customerId: a.shopper.id },
    ]);

    expectCode(await api.validate(spa(), b.shopper, b.cart.id), "SP:CouponReachedMaximumUsage", 400);
    expectCode(await api.submit(spa(), b.shopper, b.cart.id), "SP:CouponReachedMaximumUsage", 400);
    const c = await api.cartWith(spa(), [massage]);
    expectCode(await api.applyCoupon(spa(), c.shopper, c.cart.id, "ONCE"), "SP:CouponReachedMaximumUsage", 400);
    // The completed order keeps its discount.
    expect((await api.call(spa(), "GET", `cart/${a.cart.id}`, { token: a.shopper.token })).data).toMatchObject({
      discountAmount: 37.5,
      totalAmount: 244.38,
    });

    // Once per customer: a second order with FIRSTVISIT is refused to the same customer.
    const first = await api.cartWith(spa(), [oil]);
    await api.applyCoupon(spa(), first.shopper, first.cart.id, "FIRSTVISIT");
    const second = await api.cartWith(spa(), [oil], first.shopper);
    await api.applyCoupon(spa(), first.shopper, second.cart.id, "FIRSTVISIT");
    expect((await api.submit(spa(), first.shopper, first.cart.id)).data?.status).toBe("completed");
    expectCode(await api.submit(spa(), first.shopper, second.cart.id), "SP:CouponUsageAlreadyExists", 400);
    const third = await api.cartWith(spa(), [oil], first.shopper);
    expectCode(
      await api.applyCoupon(spa(), first.shopper, third.cart.id, "FIRSTVISIT"),
      "SP:CouponUsageAlreadyExists",
      400,
    );
  });

  it("re-checks the window and the channel at completion", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [massage]);
    await api.applyCoupon(spa(), shopper, cart.id, "RELAX10");
    await t()
      .db.update(coupons)
      .set({ endsAt: new Date(t().now.getTime() - 1000) })
      .where(and(eq(coupons.tenantId, spa().id), eq(coupons.code, "RELAX10")));
    try {
      expectCode(await api.submit(spa(), shopper, cart.id), "SP:CouponExpired", 400);
    } finally {
      await t()
        .db.update(coupons)
        .set({ endsAt: null })
        .where(and(eq(coupons.tenantId, spa().id), eq(coupons.code, "RELAX10")));
    }
    const web = await api.cartWith(spa(), [massage]);
    await api.applyCoupon(spa(), web.shopper, web.cart.id, "WEBONLY");
    const res = await api.call(spa(), "POST", `cart/${web.cart.id}/submit`, {
      token: web.shopper.token,
      body: api.submitBody(web.shopper),
      headers: { "x-sales-channel": "mobile" },
    });
    expectCode(res, "SP:CouponOnlyForWebsite", 400);
    expect((await api.submit(spa(), web.shopper, web.cart.id)).data?.status).toBe("completed");
  });

  it("checks a coupon link's code without a sign-in: the store's spelling when active, the rule's code otherwise, another store's unknown", async () => {
    const ok = await api.call<{ code: string }>(spa(), "GET", "coupons/%20relax10%20");
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ code: "RELAX10" });
    for (const [code, expected] of [
      ["NOPE", "SP:CouponNotFound"],
      ["EXPIRED", "SP:CouponExpired"],
      ["INACTIVE", "SP:CouponIsNotActive"],
      ["SOON", "SP:CouponIsNotActive"],
    ] as const) {
      expectCode(await api.call(spa(), "GET", `coupons/${code}`), expected, 400);
    }
    expectCode(await api.call(t().coffee, "GET", "coupons/RELAX10"), "SP:CouponNotFound", 400);
    // Checking changes nothing: no usage counted.
    expect(
      await t()
        .db.select()
        .from(couponUsages)
        .where(
          eq(
            couponUsages.couponId,
            (
              await t()
                .db.select()
                .from(coupons)
                .where(and(eq(coupons.tenantId, spa().id), eq(coupons.code, "RELAX10")))
            )[0].id,
          ),
        ),
    ).toEqual([]);
  });
});
