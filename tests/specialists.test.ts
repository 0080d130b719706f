import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { bookings, branches, cartItems, products, specialists } from "@/platform/db/schema";
import type { ProductDto } from "@/contract/dto/catalog";
import type { AvailabilityDto } from "@/contract/dto/catalog";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, expectCode } from "./helpers/checkout";
import { expectPlatformError } from "./helpers/demo-catalog";
import { removeBranch, removeSpecialist, saveSpecialist } from "@/platform/services/tenant-admin-staff";
import { DEMO_IMAGES } from "@/platform/seed/demo-images";

/**
 * Specialists and branches on the platform, with the demo spa's massage: Noura (every day, both
 * branches), Sara (Sun–Thu 10–18, break 13–14, Olaya), Reem (14–22, Hittin, off the day after the
 * suite's "now"), Huda (12–20, Olaya, hot stone only). Two seats per specialist, two in the room.
 */
describeEachDb("specialists and branches", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  const massage = () => demoProduct(t().db, spa().id, DEMO.massage);
  const person = async (nameEn: string) =>
    (
      await t()
        .db.select()
        .from(specialists)
        .where(and(eq(specialists.tenantId, spa().id), eq(specialists.nameEn, nameEn)))
    )[0];
  const branch = async (nameEn: string) =>
    (
      await t()
        .db.select()
        .from(branches)
        .where(and(eq(branches.tenantId, spa().id), eq(branches.nameEn, nameEn)))
    )[0];
  const slots = async (day: number, query: Record<string, string> = {}) => {
    const m = await massage();
    const res = await api.call<AvailabilityDto>(
      spa(),
      "GET",
      `products/${m.id}/availability?${new URLSearchParams({ date: dayAhead(t().now, day), ...query })}`,
    );
    expect(res.error).toBeUndefined();
    const data = res.data!;
    if (data.kind !== "slots") throw new Error("expected slots");
    return (hour: number) => data.slots.find((s) => s.from === at(t().now, day, hour))?.available;
  };

  it("names the massage's specialists and branches in both languages; other products have none", async () => {
    const m = await massage();
    const en = (await api.call<ProductDto>(spa(), "GET", `products/${m.id}`, { locale: "en" })).data!;
    expect(en.staff!.specialists.map((s) => s.name)).toEqual([
      "Noura Al-Harbi",
      "Sara Al-Qahtani",
      "Reem Al-Otaibi",
      "Huda Al-Shammari",
    ]);
    expect(en.staff!.branches.map((b) => b.name)).toEqual(["Olaya branch", "Hittin branch"]);
    const ar = (await api.call<ProductDto>(spa(), "GET", `products/${m.id}`, { locale: "ar" })).data!;
    expect(ar.staff!.specialists[0]).toMatchObject({ name: "نورة الحربي", photo: DEMO_IMAGES.specialistNoura });
    expect(ar.staff!.branches[0].name).toBe("فرع العليا");
    const reem = en.staff!.specialists.find((s) => s.name === "Reem Al-Otaibi")!;
    expect(reem.daysOff).toEqual([dayAhead(t().now, 1)]);
    expect(en.staff!.specialists.find((s) => s.name === "Huda Al-Shammari")!.priceIds).toEqual([m.prices[1]]);
    const pool = await demoProduct(t().db, spa().id, DEMO.pool);
    expect((await api.call<ProductDto>(spa(), "GET", `products/${pool.id}`)).data!.staff).toBeNull();
  });

  it("shows a specialist's own hours, breaks and days off, and the price they serve", async () => {
    const m = await massage();
    const reem = await person("Reem Al-Otaibi");
    const huda = await person("Huda Al-Shammari");
    // Times they don't work are not offered at all (undefined); times they are booked show 0.
    const offDay = await slots(1, { specialistId: reem.id });
    expect([offDay(14), offDay(18), offDay(21)]).toEqual([undefined, undefined, undefined]);
    const workDay = await slots(2, { specialistId: reem.id });
    expect([workDay(10), workDay(13), workDay(14), workDay(21)]).toEqual([undefined, undefined, 2, 2]);
    const hot = await slots(2, { specialistId: huda.id, priceId: m.prices[1] });
    expect([hot(11), hot(12), hot(19), hot(20)]).toEqual([undefined, 2, 2, undefined]);
    // Huda does not give the Swedish massage: choosing her with it is refused, not shown empty.
    const m2 = await api.call(
      spa(),
      "GET",
      `products/${m.id}/availability?date=${dayAhead(t().now, 2)}&specialistId=${huda.id}&priceId=${m.priceId}`,
    );
    expectCode(m2, "SP:ValidationError", 400);
    // The seeded full 20:00 slot is full for everyone, and so for each specialist.
    expect((await slots(2))(20)).toBe(0);
    expect((await slots(2, { specialistId: reem.id }))(20)).toBe(0);
    // A branch narrows "any": in Hittin before 14:00 only Noura works.
    const hittin = await branch("Hittin branch");
    const there = await slots(2, { branchId: hittin.id });
    expect([there(10), there(15)]).toEqual([2, 2]);
  });

  it("books the chosen specialist in the chosen branch, names both on the line and the order, and keeps them on the booking", async () => {
    const m = await massage();
    const noura = await person("Noura Al-Harbi");
    const hittin = await branch("Hittin branch");
    const from = at(t().now, 3, 11);
    const { shopper, cart } = await api.cartWith(spa(), [
      {
        productId: m.id,
        priceId: m.priceId,
        quantity: 1,
        reservationDateFrom: from,
        specialistId: noura.id,
        branchId: hittin.id,
      },
    ]);
    expect(cart.cartItems[0]).toMatchObject({
      specialist: { id: noura.id, name: "Noura Al-Harbi" },
      branch: { id: hittin.id, name: "Hittin branch" },
    });
    const arabic = (await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token, locale: "ar" })).data!;
    expect(arabic.cartItems[0]).toMatchObject({ specialist: { name: "نورة الحربي" }, branch: { name: "فرع حطين" } });
    const placed = await api.submit(spa(), shopper, cart.id);
    expect(placed.error).toBeUndefined();
    expect(placed.data!.cartItems[0]).toMatchObject({ specialist: { id: noura.id }, branch: { id: hittin.id } });
    // The order's calendar event and the page name the branch's own place, not the store's.
    expect(hittin.addressEn).not.toBe("");
    expect(placed.data!.cartItems[0].branch).toMatchObject({
      address: hittin.addressEn,
      latitude: hittin.latitude,
      longitude: hittin.longitude,
    });
    expect(arabic.cartItems[0].branch).toMatchObject({ address: hittin.addressAr });
    const [booking] = await t().db.select().from(bookings).where(eq(bookings.cartItemId, cart.cartItems[0].id));
    expect(booking).toMatchObject({ specialistId: noura.id, branchId: hittin.id, seats: 1 });
    expect((await slots(3, { specialistId: noura.id }))(11)).toBe(1);
  });

  it("'any specialist' goes to the least-booked that day, then the store's order, and names who was assigned", async () => {
    const m = await massage();
    const hot = m.prices[1];
    const from = at(t().now, 4, 15);
    const order = async () => {
      const { shopper, cart } = await api.cartWith(spa(), [
        { productId: m.id, priceId: hot, quantity: 1, reservationDateFrom: from },
      ]);
      expect(cart.cartItems[0].specialist).toBeNull();
      const placed = await api.submit(spa(), shopper, cart.id);
      expect(placed.error).toBeUndefined();
      return placed.data!.cartItems[0];
    };
    const first = await order();
    const second = await order();
    expect(first.specialist!.name).toBe("Noura Al-Harbi");
    expect(second.specialist!.id).not.toBe(first.specialist!.id);
    expect(first.branch!.name).toBe("Olaya branch");
    // The room holds two: a third is refused whoever is free.
    const { shopper, cart } = await api.cartWith(spa(), []);
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/items`, {
        token: shopper.token,
        body: { productId: m.id, priceId: hot, quantity: 1, reservationDateFrom: from },
      }),
      "SP:SlotIsNotAvailable",
      409,
    );
  });

  it("refuses a specialist on their day off or booked for another product (SP:ProviderIsNotAvailable), and choices that don't belong", async () => {
    const m = await massage();
    const reem = await person("Reem Al-Otaibi");
    const noura = await person("Noura Al-Harbi");
    const huda = await person("Huda Al-Shammari");
    const olaya = await branch("Olaya branch");
    const { shopper, cart } = await api.cartWith(spa(), []);
    const add = (body: Record<string, unknown>) =>
      api.call(spa(), "POST", `cart/${cart.id}/items`, {
        token: shopper.token,
        body: { productId: m.id, priceId: m.priceId, quantity: 1, ...body },
      });
    expectCode(
      await add({ reservationDateFrom: at(t().now, 1, 16), specialistId: reem.id }),
      "SP:ProviderIsNotAvailable",
      409,
    );
    expectCode(
      await add({ reservationDateFrom: at(t().now, 2, 16), specialistId: reem.id, branchId: olaya.id }),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await add({ reservationDateFrom: at(t().now, 2, 16), specialistId: huda.id }),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await add({ reservationDateFrom: at(t().now, 2, 16), specialistId: "00000000-0000-4000-8000-000000000000" }),
      "SP:ValidationError",
      400,
    );
    const pool = await demoProduct(t().db, spa().id, DEMO.pool);
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/items`, {
        token: shopper.token,
        body: {
          productId: pool.id,
          priceId: pool.priceId,
          quantity: 1,
          units: 1,
          reservationDateFrom: at(t().now, 2, 9),
          specialistId: noura.id,
        },
      }),
      "SP:ValidationError",
      400,
    );

    // Noura also gives a facial; booked for it at 16:00, she can't give a massage then — the room has space.
    const [facial] = await t()
      .db.insert(products)
      .values({
        tenantId: spa().id,
        typeString: "reservation",
        nameAr: "عناية بالوجه",
        nameEn: "Facial",
        slotMinutes: 60,
        capacity: 1,
        openingHours: null,
        isActive: false,
      })
      .returning();
    await t()
      .db.update(specialists)
      .set({ productIds: [m.id, facial.id] })
      .where(eq(specialists.id, noura.id));
    try {
      const day = 5;
      await t()
        .db.insert(bookings)
        .values({
          tenantId: spa().id,
          productId: facial.id,
          specialistId: noura.id,
          startsAt: new Date(at(t().now, day, 16)),
          endsAt: new Date(at(t().now, day, 17)),
          seats: 1,
        });
      expect((await slots(day, { specialistId: noura.id }))(16)).toBe(0);
      expect((await slots(day, { specialistId: noura.id }))(15)).toBe(2);
      expect((await slots(day))(16)).toBe(2);
      expectCode(
        await add({ reservationDateFrom: at(t().now, day, 16), specialistId: noura.id }),
        "SP:ProviderIsNotAvailable",
        409,
      );
      expect((await add({ reservationDateFrom: at(t().now, day, 16) })).status).toBe(200);
    } finally {
      await t()
        .db.update(specialists)
        .set({ productIds: [m.id] })
        .where(eq(specialists.id, noura.id));
      await t().db.delete(bookings).where(eq(bookings.productId, facial.id));
      await t().db.delete(cartItems).where(eq(cartItems.productId, facial.id));
      await t().db.delete(products).where(eq(products.id, facial.id));
    }
  });

  it("moves a booking with its specialist: to a time they work, never to one they don't", async () => {
    const m = await massage();
    const reem = await person("Reem Al-Otaibi");
    const { shopper, cart } = await api.cartWith(spa(), [
      {
        productId: m.id,
        priceId: m.priceId,
        quantity: 1,
        reservationDateFrom: at(t().now, 6, 15),
        specialistId: reem.id,
      },
    ]);
    const placed = (await api.submit(spa(), shopper, cart.id)).data!;
    const move = (from: string) =>
      api.call(spa(), "POST", `orders/${placed.id}/items/${placed.cartItems[0].id}/reschedule`, {
        token: shopper.token,
        body: { reservationDateFrom: from },
      });
    expectCode(await move(at(t().now, 6, 11)), "SP:ProviderIsNotAvailable", 409);
    const moved = await move(at(t().now, 6, 17));
    expect(moved.error).toBeUndefined();
    expect(moved.data!.cartItems[0].specialist!.id).toBe(reem.id);
    const [booking] = await t().db.select().from(bookings).where(eq(bookings.cartItemId, placed.cartItems[0].id));
    expect(booking).toMatchObject({ specialistId: reem.id, startsAt: new Date(at(t().now, 6, 17)) });
  });

  it("an operator can't remove a specialist who serves a product or a branch someone works in", async () => {
    const noura = await person("Noura Al-Harbi");
    const olaya = await branch("Olaya branch");
    await expectPlatformError(removeSpecialist(t().db, "spa", noura.id), "SP:ProviderLinkedWithProductException", 409);
    await expectPlatformError(removeBranch(t().db, "spa", olaya.id), "SP:ScheduleLinkedWithProviderException", 409);
    // With a booking to come, emptying their products is not enough either.
    const m = await massage();
    const { shopper, cart } = await api.cartWith(spa(), [
      {
        productId: m.id,
        priceId: m.priceId,
        quantity: 1,
        reservationDateFrom: at(t().now, 8, 10),
        specialistId: noura.id,
      },
    ]);
    expect((await api.submit(spa(), shopper, cart.id)).error).toBeUndefined();
    await t().db.update(specialists).set({ productIds: [] }).where(eq(specialists.id, noura.id));
    try {
      await expectPlatformError(
        removeSpecialist(t().db, "spa", noura.id),
        "SP:ProviderLinkedWithProductException",
        409,
      );
    } finally {
      await t()
        .db.update(specialists)
        .set({ productIds: [m.id] })
        .where(eq(specialists.id, noura.id));
    }
    expect((await t().db.select().from(specialists).where(eq(specialists.id, noura.id))).length).toBe(1);
  });

  it("an operator's file is checked: another tenant's product, a product that isn't a fixed slot, a price of none of its products", async () => {
    const m = await massage();
    const pool = await demoProduct(t().db, spa().id, DEMO.pool);
    const beans = await demoProduct(t().db, t().coffee.id, DEMO.beans);
    const base = { nameAr: "س", nameEn: "S", workingHours: { "0": ["09:00", "17:00"] } };
    await expectPlatformError(
      saveSpecialist(t().db, "spa", { ...base, productIds: [beans.id] }),
      "SP:ValidationError",
      400,
    );
    await expectPlatformError(
      saveSpecialist(t().db, "spa", { ...base, productIds: [pool.id] }),
      "SP:ValidationError",
      400,
    );
    await expectPlatformError(
      saveSpecialist(t().db, "spa", { ...base, productIds: [m.id], priceIds: [pool.priceId] }),
      "SP:ValidationError",
      400,
    );
    await expectPlatformError(saveSpecialist(t().db, "spa", { ...base, unknownKey: 1 }), "SP:ValidationError", 400);
  });
});
