import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { cartItems, customerPackages } from "@/platform/db/schema";
import { spendSessions } from "@/platform/services/packages";
import type { AddCartItemBody } from "@/contract/input/cart";
import { describeEachDb } from "./helpers/test-db";
import { demoCustomer } from "./helpers/account-api";
import { at, DEMO, demoProduct, expectPlatformError } from "./helpers/demo-catalog";
import { checkoutApi, newShopper, withSettings } from "./helpers/checkout";
import { recordOfflinePayment } from "@/platform/services/record-payment";
import { dayAhead } from "./helpers/demo-catalog";

describeEachDb("checkout packages", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  const massage = async (day: number, hour: number, quantity = 1): Promise<AddCartItemBody> => {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    return { productId: m.id, priceId: m.priceId, quantity, reservationDateFrom: at(t().now, day, hour) };
  };
  const oil = async (): Promise<AddCartItemBody> => {
    const o = await demoProduct(t().db, spa().id, DEMO.oil);
    return { productId: o.id, priceId: o.priceId, quantity: 1 };
  };
  const saraPackage = async () => {
    const sara = await demoCustomer(t().db, spa());
    const [pkg] = await t().db.select().from(customerPackages).where(eq(customerPackages.customerId, sara.id));
    return { sara, pkg };
  };

  it("covers Sara's massage with her package: discounted, shown in the package section, nothing spent yet", async () => {
    const { sara, pkg } = await saraPackage();
    expect(pkg.remainingSessions).toBe(7);
    const { cart } = await api.cartWith(spa(), [await massage(2, 11, 2), await oil()], sara);
    const [massageLine, oilLine] = cart.items;
    expect(massageLine.packageCovered).toBe(true);
    expect(oilLine.packageCovered).toBe(false);
    // 2 seats × 250 covered; only the oil is paid (60 + 15% tax).
    expect(cart).toMatchObject({
      hasPackageDiscounts: true,
      usePackages: true,
      subTotal: 560,
      discountAmount: 500,
      taxAmount: 9,
      totalAmount: 69,
    });
    expect(cart.packages).toEqual([
      {
        id: pkg.id,
        productName: DEMO.bundle,
        remainingSessions: 7,
        totalSessions: 10,
        sessionsToUse: 2,
        coversItemIds: [massageLine.id],
      },
    ]);
    expect(
      (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0].remainingSessions,
    ).toBe(7);
    await api.call(spa(), "POST", `cart/${cart.id}/reset`, { token: sara.token });
  });

  it("holds the sessions of a package bought with cash until the store records the payment, unless the store lets an unpaid package be used", async () => {
    const bundle = await demoProduct(t().db, spa().id, DEMO.bundle);
    const bought = await api.cartWith(spa(), [
      { productId: bundle.id, priceId: bundle.priceId, subscriptionStartDate: dayAhead(t().now, 0) },
    ]);
    const shopper = bought.shopper;
    const order = (await api.submit(spa(), shopper, bought.cart.id)).data!;
    expect(order.paymentStatus).toBe("pay_on_site");
    const [pkg] = await t().db.select().from(customerPackages).where(eq(customerPackages.customerId, shopper.id));
    expect(pkg).toMatchObject({ totalSessions: 10, remainingSessions: 10, cartItemId: order.items[0].id });

    // Unpaid: the massage is charged and the package is not offered; completing spends nothing.
    const { cart } = await api.cartWith(spa(), [await massage(3, 11)], shopper);
    expect(cart).toMatchObject({ hasPackageDiscounts: false, packages: [], totalAmount: 287.5 });
    expect(cart.items[0].packageCovered).toBe(false);

    // The store's setting lets an unpaid package be used.
    const restore = await withSettings(t().db, spa(), { unpaidPackagesUsable: "True" });
    try {
      const read = (await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      expect(read).toMatchObject({ hasPackageDiscounts: true, totalAmount: 0 });
      expect(read.packages).toMatchObject([{ id: pkg.id, remainingSessions: 10, sessionsToUse: 1 }]);
    } finally {
      await restore();
    }

    // The store takes the cash: the sessions are usable, and a booking spends one.
    await recordOfflinePayment(t().db, "spa", order.orderNumber!);
    const paid = (await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
    expect(paid).toMatchObject({ hasPackageDiscounts: true, totalAmount: 0 });
    const done = await api.submit(spa(), shopper, cart.id);
    expect(done.error).toBeUndefined();
    expect(
      (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0].remainingSessions,
    ).toBe(9);
  });

  it("offers no package where the store doesn't (hasPackages off): the massage is paid, no session spent", async () => {
    const { sara, pkg } = await saraPackage();
    const restore = await withSettings(t().db, spa(), { hasPackages: null });
    try {
      const { cart } = await api.cartWith(spa(), [await massage(9, 15)], sara);
      expect(cart).toMatchObject({ hasPackageDiscounts: false, packages: [], totalAmount: 287.5 });
      expect(cart.items[0].packageCovered).toBe(false);
      const placed = await api.submit(spa(), sara, cart.id);
      expect(placed.error).toBeUndefined();
      expect(placed.data).toMatchObject({ totalAmount: 287.5, hasPackageDiscounts: false });
    } finally {
      await restore();
    }
    expect(
      (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0].remainingSessions,
    ).toBe(pkg.remainingSessions);
  });

  it("toggles package use per cart, and lists the package either way", async () => {
    const { sara, pkg } = await saraPackage();
    const { cart } = await api.cartWith(spa(), [await massage(3, 12)], sara);
    const off = await api.call(spa(), "PUT", `cart/${cart.id}/packages`, {
      token: sara.token,
      body: { usePackages: false },
    });
    expect(off.data).toMatchObject({
      usePackages: false,
      hasPackageDiscounts: false,
      discountAmount: 0,
      totalAmount: 287.5,
      packages: [{ id: pkg.id, sessionsToUse: 1 }],
    });
    expect(off.data!.items[0].packageCovered).toBe(false);
    const on = await api.call(spa(), "PUT", `cart/${cart.id}/packages`, {
      token: sara.token,
      body: { usePackages: true },
    });
    expect(on.data).toMatchObject({ usePackages: true, hasPackageDiscounts: true, totalAmount: 0 });
    expect(
      (await api.call(spa(), "PUT", `cart/${cart.id}/packages`, { token: sara.token, body: {} })).error?.code,
    ).toBe("SP:ValidationError");
    expect((await api.call(spa(), "PUT", `cart/${cart.id}/packages`, { body: { usePackages: false } })).status).toBe(
      401,
    );
    const other = await newShopper(t().db, spa());
    expect(
      (await api.call(spa(), "PUT", `cart/${cart.id}/packages`, { token: other.token, body: { usePackages: false } }))
        .status,
    ).toBe(404);
    await api.call(spa(), "POST", `cart/${cart.id}/reset`, { token: sara.token });
  });

  it("covers whole lines in order while sessions last", async () => {
    const { sara, pkg } = await saraPackage();
    // 7 sessions: three lines of 2 seats are covered, the next 2 seats no longer fit, 1 more still does.
    const lines = [
      await massage(4, 10, 2),
      await massage(4, 11, 2),
      await massage(4, 12, 2),
      await massage(4, 13, 2),
      await massage(4, 14, 1),
    ];
    const { cart } = await api.cartWith(spa(), lines, sara);
    expect(cart.items.map((i) => i.packageCovered)).toEqual([true, true, true, false, true]);
    expect(cart.packages[0]).toMatchObject({ id: pkg.id, sessionsToUse: 7 });
    expect(cart.discountAmount).toBe(7 * 250);
    await api.call(spa(), "POST", `cart/${cart.id}/reset`, { token: sara.token });
  });

  it("spends the sessions when the order completes, and the done page still shows them used", async () => {
    const { sara, pkg } = await saraPackage();
    const { cart } = await api.cartWith(spa(), [await massage(5, 15)], sara);
    const done = await api.submit(spa(), sara, cart.id);
    expect(done.data).toMatchObject({
      status: "completed",
      totalAmount: 0,
      hasPackageDiscounts: true,
      packages: [{ id: pkg.id, remainingSessions: 6, sessionsToUse: 1 }],
    });
    expect(done.data!.items[0].packageCovered).toBe(true);
    expect(
      (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0].remainingSessions,
    ).toBe(6);
    expect((await t().db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)))[0].customerPackageId).toBe(
      pkg.id,
    );
    // Switched off, the package pays nothing and keeps its sessions.
    const paid = await api.cartWith(spa(), [await massage(5, 16)], sara);
    await api.call(spa(), "PUT", `cart/${paid.cart.id}/packages`, { token: sara.token, body: { usePackages: false } });
    expect((await api.submit(spa(), sara, paid.cart.id)).data).toMatchObject({
      status: "completed",
      totalAmount: 287.5,
      hasPackageDiscounts: false,
      packages: [],
    });
    expect(
      (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0].remainingSessions,
    ).toBe(6);
  });

  it("refuses to spend sessions a package no longer has, and never uses an expired package", async () => {
    const { sara, pkg } = await saraPackage();
    const left = (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0]
      .remainingSessions;
    await expectPlatformError(
      t().db.transaction((tx) =>
        spendSessions(tx, { tenantId: spa().id, customerId: sara.id }, new Map([[pkg.id, left + 1]]), t().now),
      ),
      "SP:NotEnoughPackageSessions",
      409,
    );
    expect(
      (await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id)))[0].remainingSessions,
    ).toBe(left);

    const shopper = await newShopper(t().db, spa());
    const bundle = await demoProduct(t().db, spa().id, DEMO.bundle);
    const [expired] = await t()
      .db.insert(customerPackages)
      .values({
        tenantId: spa().id,
        customerId: shopper.id,
        productId: bundle.id,
        totalSessions: 5,
        remainingSessions: 5,
        expiresAt: new Date(t().now.getTime() - 1),
      })
      .returning();
    const { cart } = await api.cartWith(spa(), [await massage(6, 10)], shopper);
    expect(cart).toMatchObject({ hasPackageDiscounts: false, packages: [] });
    await expectPlatformError(
      t().db.transaction((tx) =>
        spendSessions(tx, { tenantId: spa().id, customerId: shopper.id }, new Map([[expired.id, 1]]), t().now),
      ),
      "SP:NotEnoughPackageSessions",
    );
  });

  it("shows no packages on a guest's cart or to a customer without one", async () => {
    const guest = await api.call(spa(), "POST", "cart");
    const added = await api.call(spa(), "POST", `cart/${guest.data!.id}/items`, { body: await massage(7, 10) });
    expect(added.data).toMatchObject({ packages: [], hasPackageDiscounts: false, usePackages: true });
    expect(added.data!.items[0].packageCovered).toBe(false);
    const { cart } = await api.cartWith(spa(), [await massage(7, 11)]);
    expect(cart).toMatchObject({ packages: [], hasPackageDiscounts: false, totalAmount: 287.5 });
  });
});
