import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, invoices, smsOutbox } from "@/platform/db/schema";
import type { CartDto, PickupBranchDto } from "@/contract/dto/cart";
import type { OrderInvoicesDto } from "@/contract/dto/account";
import type { SetFulfilmentBody } from "@/contract/input/fulfilment";
import type { LocationDto } from "@/contract/input/locations";
import type { TenantInfo } from "@/platform/api/router";
import { fulfilmentLine } from "@/platform/services/fulfilment";
import { runDueMessages } from "@/platform/notify/worker";
import { recordOfflinePayment } from "@/platform/services/record-payment";
import { checkSettings, settingsTogetherIssues } from "@/platform/services/tenant-settings-check";
import { coffeeSettings, spaSettings } from "@/platform/seed/demo";
import { COFFEE_FULFILMENT, COFFEE_ROASTERY } from "@/platform/seed/demo-delivery";
import { describeEachDb } from "./helpers/test-db";
import { sandboxChannels } from "./helpers/message-channels";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, expectCode, withSettings, type Shopper } from "./helpers/checkout";

/** About 5 km north of the roastery (inside coffee's 30 km), and Riyadh (some 850 km away). */
const NEAR = { latitude: COFFEE_ROASTERY.latitude + 0.045, longitude: COFFEE_ROASTERY.longitude };
const RIYADH = { latitude: 24.7136, longitude: 46.6753 };
const ADDRESS = "Al Rawdah, Prince Sultan Street, building 12";

describe("delivery settings, as the operator CLI checks them", () => {
  it("takes the demo's, and refuses negative or malformed amounts and radii", () => {
    expect(checkSettings({ ...coffeeSettings, ...COFFEE_FULFILMENT }, { allowNull: false }).ok).toBe(true);
    expect(settingsTogetherIssues({ ...coffeeSettings, ...COFFEE_FULFILMENT })).toEqual([]);
    expect(settingsTogetherIssues(spaSettings)).toEqual([]);
    const bad = checkSettings(
      { deliveryFee: "-5", deliveryFreeAbove: "1.234", deliveryRadiusKm: "0", deliveryEnabled: "true" },
      { allowNull: false },
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues.map((i) => i.key)).toEqual([
        "deliveryFee",
        "deliveryFreeAbove",
        "deliveryRadiusKm",
        "deliveryEnabled",
      ]);
    expect(checkSettings({ deliveryFee: "12.50", deliveryRadiusKm: "7.5" }, { allowNull: false }).ok).toBe(true);
  });

  it("refuses a fee, threshold or radius while delivery is off, and a threshold without a fee", () => {
    expect(settingsTogetherIssues({ deliveryFee: "15", pickupEnabled: "True" }).map((i) => i.key)).toEqual([
      "deliveryFee",
    ]);
    expect(settingsTogetherIssues({ deliveryEnabled: "False", deliveryRadiusKm: "3" }).map((i) => i.key)).toEqual([
      "deliveryRadiusKm",
    ]);
    expect(settingsTogetherIssues({ deliveryEnabled: "True", deliveryFreeAbove: "100" }).map((i) => i.key)).toEqual([
      "deliveryFreeAbove",
    ]);
  });
});

describeEachDb("delivery or pickup of merchandise", (t) => {
  const api = checkoutApi(() => t().db);
  const coffee = () => t().coffee;
  const beans = async (quantity = 1) => {
    const p = await demoProduct(t().db, coffee().id, DEMO.beans);
    return { productId: p.id, priceId: p.priceId, quantity };
  };
  const choose = (tenant: TenantInfo, s: Shopper, cartId: string, body: SetFulfilmentBody, locale = "en") =>
    api.call(tenant, "PUT", `cart/${cartId}/fulfilment`, { token: s.token, body, locale });
  const saveLocation = async (s: Shopper, where: { latitude: number; longitude: number }, description: string) => {
    const res = await api.call<LocationDto>(coffee(), "POST", "customer-locations", {
      token: s.token,
      body: { ...where, type: "home", description },
    });
    expect(res.error).toBeUndefined();
    return res.data!;
  };
  const branches = (tenant: TenantInfo, where?: { latitude: number; longitude: number }) =>
    api
      .call<PickupBranchDto[]>(
        tenant,
        "GET",
        `fulfilment/branches${where ? `?latitude=${where.latitude}&longitude=${where.longitude}` : ""}`,
      )
      .then((r) => r.data!);
  const halalas = (sar: number) => Math.round(sar * 100);

  it("refuses cash for beans with neither a delivery location nor a pickup branch", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    expect(cart.fulfilment).toBeNull();
    expectCode(await api.validate(coffee(), shopper, cart.id), "SP:DeliveryLocationRequired", 400);
    expectCode(await api.submit(coffee(), shopper, cart.id), "SP:DeliveryLocationRequired", 400);
    // Half a choice is none: a delivery without a position, a pickup without a branch.
    expectCode(
      await choose(coffee(), shopper, cart.id, { kind: "delivery", addressLine: ADDRESS }),
      "SP:DeliveryLocationRequired",
      400,
    );
    expectCode(await choose(coffee(), shopper, cart.id, { kind: "pickup" }), "SP:PickupBranchRequired", 400);
    const blank = await choose(coffee(), shopper, cart.id, { kind: "delivery", ...NEAR, addressLine: "  " });
    expectCode(blank, "SP:ValidationError", 400);
  });

  it("delivers to a saved location for the fee with its VAT, and the order keeps its copy after the location is deleted", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    const home = await saveLocation(shopper, NEAR, "Mum's house");
    const chosen = await choose(
      coffee(),
      shopper,
      cart.id,
      { kind: "delivery", locationId: home.id, addressLine: ADDRESS, driverNote: "Ring twice" },
      "ar",
    );
    expect(chosen.error).toBeUndefined();
    // 65 + 15 fee before VAT, 15% VAT on both: 9.75 + 2.25.
    expect(chosen.data).toMatchObject({
      subTotal: 65,
      taxAmount: 12,
      fees: [{ name: "رسوم التوصيل", amount: 15 }],
      totalAmount: 92,
      amountToBePaid: 92,
      fulfilment: {
        kind: "delivery",
        ...NEAR,
        addressLine: ADDRESS,
        driverNote: "Ring twice",
        locationId: home.id,
        locationType: "home",
        locationDescription: "Mum's house",
      },
    });
    // The total the shopper saw holds; the fee is charged once however often Pay is pressed.
    const [first, second] = await Promise.all([
      api.submit(coffee(), shopper, cart.id, { expectedTotal: halalas(92) }),
      api.submit(coffee(), shopper, cart.id, { expectedTotal: halalas(92) }),
    ]);
    const orders = [first, second].filter((r) => r.data);
    expect(orders).toHaveLength(1);
    expectCode([first, second].find((r) => r.error)!, "SP:CartAlreadyCompleted", 400);
    const order = orders[0].data!;
    expect(order).toMatchObject({ status: "completed", totalAmount: 92, fees: [{ name: "Delivery fee", amount: 15 }] });
    const [row] = await t().db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row.deliveryFee).toBe(1500);

    const gone = await api.call(coffee(), "DELETE", `customer-locations/${home.id}`, { token: shopper.token });
    expect(gone.status).toBe(200);
    const after = await api.call(coffee(), "GET", `cart/${cart.id}`, { token: shopper.token });
    expect(after.data?.fulfilment).toEqual(order.fulfilment);
    expect(after.data).toMatchObject({ totalAmount: 92, fees: [{ amount: 15 }] });
    // The store's fee changes later: the order keeps what it was charged.
    const restore = await withSettings(t().db, coffee(), { deliveryFee: "40" });
    try {
      expect((await api.call(coffee(), "GET", `cart/${cart.id}`, { token: shopper.token })).data?.totalAmount).toBe(92);
    } finally {
      await restore();
    }

    await recordOfflinePayment(t().db, "coffee", order.orderNumber!);
    const docs = await api.call<OrderInvoicesDto>(coffee(), "GET", `orders/${cart.id}/invoice`, {
      token: shopper.token,
    });
    expect(docs.data?.invoice).toMatchObject({
      fulfilment: { kind: "delivery", ar: ADDRESS, en: ADDRESS },
      subTotal: 80,
      vatAmount: 12,
      totalAmount: 92,
    });
    expect(docs.data?.invoice?.lines.at(-1)).toMatchObject({
      nameEn: "Delivery fee",
      quantity: 1,
      unitPrice: 15,
      vatAmount: 2.25,
      total: 17.25,
    });
    expect(await fulfilmentLine(t().db, cart.id, "en")).toBe(`Deliver to: ${ADDRESS}, note for the driver: Ring twice`);
    expect(await fulfilmentLine(t().db, cart.id, "ar")).toBe(`التوصيل إلى: ${ADDRESS}، ملاحظة للسائق: Ring twice`);

    // The confirmation message says where the order goes (the payment's message after it need not).
    await runDueMessages(t().db, { now: t().now, limit: 100, channels: sandboxChannels(t().db) });
    const texts = (
      await t().db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.to, shopper.mobileNumber))
    ).map((r) => r.text);
    const confirmations = texts.filter((x) => x.includes(`Deliver to: ${ADDRESS}, note for the driver: Ring twice`));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toContain(order.orderNumber!);
  });

  it("refuses a position beyond the radius, sent as it is or as a saved location", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    const far = await choose(coffee(), shopper, cart.id, { kind: "delivery", ...RIYADH, addressLine: ADDRESS });
    expectCode(far, "SP:DeliveryOutOfRange", 400);
    expect(far.error?.details).toMatchObject({ radiusKm: 30 });
    const riyadh = await saveLocation(shopper, RIYADH, "Office");
    // The saved location's own position counts, whatever position is sent with its id.
    const disguised = await choose(coffee(), shopper, cart.id, {
      kind: "delivery",
      ...NEAR,
      locationId: riyadh.id,
      addressLine: ADDRESS,
    });
    expectCode(disguised, "SP:DeliveryOutOfRange", 400);
    expect((await api.call(coffee(), "GET", `cart/${cart.id}`, { token: shopper.token })).data?.fulfilment).toBeNull();
    // A wider radius lets it through; narrowed again before the order completes, it is refused then.
    const restore = await withSettings(t().db, coffee(), { deliveryRadiusKm: "1000" });
    try {
      const ok = await choose(coffee(), shopper, cart.id, {
        kind: "delivery",
        locationId: riyadh.id,
        addressLine: ADDRESS,
      });
      expect(ok.data?.fulfilment).toMatchObject({ kind: "delivery", ...RIYADH });
    } finally {
      await restore();
    }
    expectCode(await api.submit(coffee(), shopper, cart.id), "SP:DeliveryOutOfRange", 400);
  });

  it("collects at the roastery without a fee, lists branches nearest first, and keeps the branch's copy", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    const [roastery] = await branches(coffee(), NEAR);
    expect(roastery).toMatchObject({ name: COFFEE_ROASTERY.nameEn, distanceKm: 5 });
    const picked = await choose(coffee(), shopper, cart.id, { kind: "pickup", branchId: roastery.id });
    expect(picked.data).toMatchObject({
      fees: [],
      totalAmount: 74.75,
      fulfilment: { kind: "pickup", branchId: roastery.id, branchName: COFFEE_ROASTERY.nameEn },
    });
    // Another store's branch is no branch of this one.
    const [olaya] = await branches(t().spa);
    expectCode(
      await choose(coffee(), shopper, cart.id, { kind: "pickup", branchId: olaya.id }),
      "SP:PickupBranchRequired",
      400,
    );
    const order = await api.submit(coffee(), shopper, cart.id, { expectedTotal: halalas(74.75) });
    expect(order.data).toMatchObject({ status: "completed", fees: [], fulfilment: { kind: "pickup" } });
    expect(await fulfilmentLine(t().db, cart.id, "en")).toBe(
      `Pickup at: ${COFFEE_ROASTERY.nameEn}, ${COFFEE_ROASTERY.addressEn}`,
    );
  });

  it("lists spa's branches nearest first to the shopper", async () => {
    const hittin = { latitude: 24.764, longitude: 46.601 };
    expect((await branches(t().spa, hittin)).map((b) => b.name)).toEqual(["Hittin branch", "Olaya branch"]);
    expect((await branches(t().spa)).map((b) => b.name)).toEqual(["Olaya branch", "Hittin branch"]);
  });

  it("delivers free from the threshold, and a total crossing it in another tab is refused as changed", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    const seen = await choose(coffee(), shopper, cart.id, { kind: "delivery", ...NEAR, addressLine: ADDRESS });
    expect(seen.data?.totalAmount).toBe(92);
    // Another tab: a second bag makes the goods 149.50 with VAT, a third 224.25 (from 150, free).
    const item = seen.data!.items[0];
    const two = await api.call(coffee(), "PUT", `cart/${cart.id}/items/${item.id}`, {
      token: shopper.token,
      body: { quantity: 2 },
    });
    expect(two.data).toMatchObject({ totalAmount: 166.75, fees: [{ amount: 15 }] });
    const three = await api.call(coffee(), "PUT", `cart/${cart.id}/items/${item.id}`, {
      token: shopper.token,
      body: { quantity: 3 },
    });
    expect(three.data).toMatchObject({ subTotal: 195, taxAmount: 29.25, fees: [{ amount: 0 }], totalAmount: 224.25 });
    expectCode(
      await api.submit(coffee(), shopper, cart.id, { expectedTotal: halalas(92) }),
      "SP:CartTotalChanged",
      409,
    );
    // The store raises its fee between the shopper's look and Pay.
    await api.call(coffee(), "PUT", `cart/${cart.id}/items/${item.id}`, {
      token: shopper.token,
      body: { quantity: 1 },
    });
    const restore = await withSettings(t().db, coffee(), { deliveryFee: "20" });
    try {
      expectCode(
        await api.submit(coffee(), shopper, cart.id, { expectedTotal: halalas(92) }),
        "SP:CartTotalChanged",
        409,
      );
      const done = await api.submit(coffee(), shopper, cart.id, { expectedTotal: halalas(97.75) });
      expect(done.data).toMatchObject({ totalAmount: 97.75, fees: [{ amount: 20 }] });
    } finally {
      await restore();
    }
  });

  it("ends two choices sent at once in one of them, whole, priced by it", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    const [roastery] = await branches(coffee());
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        choose(coffee(), shopper, cart.id, { kind: "delivery", ...NEAR, addressLine: ADDRESS }),
        choose(coffee(), shopper, cart.id, { kind: "pickup", branchId: roastery.id }),
      ]);
      const now = (await api.call(coffee(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      if (now.fulfilment?.kind === "delivery")
        expect(now).toMatchObject({ totalAmount: 92, fulfilment: { addressLine: ADDRESS } });
      else expect(now).toMatchObject({ totalAmount: 74.75, fulfilment: { kind: "pickup", branchId: roastery.id } });
    }
    // The same choice twice is the same cart.
    const once = await choose(coffee(), shopper, cart.id, { kind: "pickup", branchId: roastery.id });
    const twice = await choose(coffee(), shopper, cart.id, { kind: "pickup", branchId: roastery.id });
    expect(twice.data?.fulfilment).toEqual(once.data?.fulfilment);
    expect(twice.data?.totalAmount).toBe(once.data?.totalAmount);
  });

  it("asks nothing of a cart of bookings, and spa's merchandise only for pickup", async () => {
    const spa = t().spa;
    const massage = await demoProduct(t().db, spa.id, DEMO.massage);
    const booking = await api.cartWith(spa, [
      { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 4, 11) },
    ]);
    const booked = await api.submit(spa, booking.shopper, booking.cart.id);
    expect(booked.data).toMatchObject({ status: "completed", fulfilment: null, fees: [] });

    const oil = await demoProduct(t().db, spa.id, DEMO.oil);
    const { shopper, cart } = await api.cartWith(
      spa,
      [{ productId: oil.id, priceId: oil.priceId, quantity: 1 }],
      undefined,
      {
        choose: false,
      },
    );
    expectCode(await api.submit(spa, shopper, cart.id), "SP:PickupBranchRequired", 400);
    const olaya = { latitude: 24.6995, longitude: 46.685 };
    expectCode(
      await choose(spa, shopper, cart.id, { kind: "delivery", ...olaya, addressLine: ADDRESS }),
      "SP:PickupBranchRequired",
      400,
    );
    const [nearest] = await branches(spa, olaya);
    await choose(spa, shopper, cart.id, { kind: "pickup", branchId: nearest.id });
    const order = await api.submit(spa, shopper, cart.id);
    expect(order.data).toMatchObject({ fulfilment: { kind: "pickup", branchName: "Olaya branch" }, fees: [] });
  });

  it("counts the goods only against the store's minimum: the delivery fee does not lift a cart over it", async () => {
    const drip = await demoProduct(t().db, coffee().id, DEMO.drip);
    const { shopper, cart } = await api.cartWith(
      coffee(),
      [{ productId: drip.id, priceId: drip.priceId, quantity: 1 }],
      undefined,
      { choose: false },
    );
    const chosen = await choose(coffee(), shopper, cart.id, { kind: "delivery", ...NEAR, addressLine: ADDRESS });
    // 34.50 of goods with VAT and 17.25 of delivery: 51.75 in all, over 50, the goods under it.
    expect(chosen.data?.totalAmount).toBe(51.75);
    expectCode(await api.submit(coffee(), shopper, cart.id), "SP:CartMinimumAmountNotMet", 400);
  });

  it("refuses a delivery chosen before the store stopped delivering", async () => {
    const { shopper, cart } = await api.cartWith(coffee(), [await beans()], undefined, { choose: false });
    await choose(coffee(), shopper, cart.id, { kind: "delivery", ...NEAR, addressLine: ADDRESS });
    const restore = await withSettings(t().db, coffee(), {
      deliveryEnabled: "False",
      deliveryFee: null,
      deliveryFreeAbove: null,
      deliveryRadiusKm: null,
    });
    try {
      const cartNow = (await api.call<CartDto>(coffee(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      expect(cartNow.fees).toEqual([]);
      expectCode(await api.submit(coffee(), shopper, cart.id), "SP:PickupBranchRequired", 400);
    } finally {
      await restore();
    }
    const [inv] = await t()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.cartId, cart.id)));
    expect(inv).toBeUndefined();
  });
});
