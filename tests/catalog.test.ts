import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { products } from "@/platform/db/schema";
import { getAvailability } from "@/platform/services/availability";
import { getProduct, listProducts } from "@/platform/services/catalog";
import type { AvailabilityDto } from "@/contract/dto/catalog";
import { describeEachDb } from "./helpers/test-db";
import { at, dayAhead, DEMO, demoProduct, expectPlatformError } from "./helpers/demo-catalog";
import { DEMO_IMAGES } from "@/platform/seed/demo-images";

type Slots = Extract<AvailabilityDto, { kind: "slots" }>;
type Duration = Extract<AvailabilityDto, { kind: "duration" }>;
type Days = Extract<AvailabilityDto, { kind: "days" }>;

describeEachDb("catalogue", (t) => {
  it("lists each tenant's own active products in display order", async () => {
    const { db, spa, coffee } = t();
    const spaList = await listProducts(db, spa.id, { locale: "en" });
    const coffeeList = await listProducts(db, coffee.id, { locale: "en" });
    expect(spaList.map((p) => p.name)).toEqual([
      DEMO.massage,
      DEMO.pool,
      DEMO.resthouse,
      DEMO.membership,
      DEMO.bundle,
      DEMO.gift,
      DEMO.oil,
      DEMO.salts,
    ]);
    expect(coffeeList.map((p) => p.name)).toEqual([DEMO.beans, DEMO.grinder, DEMO.coffeeGift, DEMO.drip]);
    const spaIds = new Set(spaList.map((p) => p.id));
    expect(coffeeList.some((p) => spaIds.has(p.id))).toBe(false);
  });

  it("filters by kind", async () => {
    const { db, spa, coffee } = t();
    expect((await listProducts(db, spa.id, { type: "merchandise", locale: "en" })).map((p) => p.name)).toEqual([
      DEMO.oil,
      DEMO.salts,
    ]);
    expect((await listProducts(db, spa.id, { type: "subscription", locale: "en" })).map((p) => p.name)).toEqual([
      DEMO.membership,
      DEMO.bundle,
    ]);
    expect(await listProducts(db, coffee.id, { type: "reservation", locale: "en" })).toEqual([]);
  });

  it("hides inactive products from the list and from lookups", async () => {
    const { db, coffee } = t();
    const gift = await demoProduct(db, coffee.id, DEMO.coffeeGift);
    await db.update(products).set({ isActive: false }).where(eq(products.id, gift.id));
    try {
      expect((await listProducts(db, coffee.id, { locale: "en" })).map((p) => p.name)).not.toContain(DEMO.coffeeGift);
      await expectPlatformError(getProduct(db, coffee.id, gift.id, "en"), "SP:EntityNotFound", 404);
    } finally {
      await db.update(products).set({ isActive: true }).where(eq(products.id, gift.id));
    }
  });

  it("shapes a reservation product, localized", async () => {
    const { db, spa } = t();
    const { id } = await demoProduct(db, spa.id, DEMO.massage);
    const en = await getProduct(db, spa.id, id, "en");
    expect(en).toMatchObject({
      id,
      type: 0,
      typeString: "reservation",
      name: DEMO.massage,
      description: "An aromatic oil massage with a professional therapist.",
      images: [DEMO_IMAGES.massage],
      amount: 250,
      hasPackage: false,
      isFullDayBooking: false,
      isVariableDuration: false,
      reservation: { slotMinutes: 60, capacity: 2, bookingWindowDays: 60, depositPercent: null },
      subscription: null,
      stock: null,
      giftThemes: null,
    });
    expect(en.prices.map((p) => [p.name, p.amount])).toEqual([
      ["Swedish massage", 250],
      ["Hot stone massage", 320],
    ]);
    const ar = await getProduct(db, spa.id, id, "ar");
    expect(ar.name).toBe("مساج استرخاء ٦٠ دقيقة");
    expect(ar.prices[0].name).toBe("مساج سويدي");
  });

  it("shapes merchandise (stock), gift (themes) and subscription products", async () => {
    const { db, spa } = t();
    const oil = await getProduct(db, spa.id, (await demoProduct(db, spa.id, DEMO.oil)).id, "en");
    expect(oil).toMatchObject({ type: 2, typeString: "merchandise", stock: 3, amount: 60, reservation: null });
    const gift = await getProduct(db, spa.id, (await demoProduct(db, spa.id, DEMO.gift)).id, "ar");
    expect(gift.type).toBe(3);
    expect(gift.giftThemes).toEqual([
      { id: "birthday", name: "عيد ميلاد", color: "#f59e0b" },
      { id: "thanks", name: "شكر", color: "#10b981" },
      { id: "eid", name: "عيد مبارك", color: "#6366f1" },
    ]);
    const bundle = await getProduct(db, spa.id, (await demoProduct(db, spa.id, DEMO.bundle)).id, "en");
    expect(bundle).toMatchObject({
      type: 1,
      hasPackage: true,
      amount: 2000,
      subscription: { durationDays: 180, packageSessions: 10 },
    });
  });

  it("does not show one tenant's product to another, nor a malformed id", async () => {
    const { db, spa, coffee } = t();
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    await expectPlatformError(getProduct(db, coffee.id, massage.id, "en"), "SP:EntityNotFound", 404);
    await expectPlatformError(getProduct(db, spa.id, "not-a-uuid", "en"), "SP:EntityNotFound", 404);
    await expectPlatformError(
      getAvailability(db, coffee.id, massage.id, { date: dayAhead(t().now, 1) }),
      "SP:EntityNotFound",
      404,
    );
  });

  it("offers fixed slots with free seats, the seeded 20:00 slot full", async () => {
    const { db, spa, now } = t();
    const { id } = await demoProduct(db, spa.id, DEMO.massage);
    const a = (await getAvailability(db, spa.id, id, { date: dayAhead(now, 1) })) as Slots;
    expect(a.kind).toBe("slots");
    expect(a.slots).toHaveLength(12); // 10:00 … 21:00
    expect(a.slots[0]).toEqual({ from: at(now, 1, 10), to: at(now, 1, 11), available: 2, capacity: 2 });
    expect(a.slots.find((s) => s.from === at(now, 1, 20))?.available).toBe(0);
    expect(a.slots.filter((s) => s.available === 2)).toHaveLength(11);
  });

  it("leaves out past slots, past days and days beyond the booking window", async () => {
    const { db, spa, now } = t();
    const { id } = await demoProduct(db, spa.id, DEMO.massage);
    const todays = (await getAvailability(db, spa.id, id, { date: dayAhead(now, 0) })) as Slots;
    expect(todays.slots[0].from).toBe(at(now, 0, 13)); // the suite's clock is 12:00
    expect(((await getAvailability(db, spa.id, id, { date: dayAhead(now, -1) })) as Slots).slots).toEqual([]);
    expect(((await getAvailability(db, spa.id, id, { date: dayAhead(now, 60) })) as Slots).slots).toHaveLength(12);
    expect(((await getAvailability(db, spa.id, id, { date: dayAhead(now, 61) })) as Slots).slots).toEqual([]);
  });

  it("offers variable-duration starts with the longest free run, the pool taken 18–20", async () => {
    const { db, spa, now } = t();
    const { id } = await demoProduct(db, spa.id, DEMO.pool);
    const a = (await getAvailability(db, spa.id, id, { date: dayAhead(now, 1) })) as Duration;
    expect(a).toMatchObject({ kind: "duration", unitMinutes: 60, minUnits: 1 });
    const maxAt = (hour: number) => a.starts.find((s) => s.from === at(now, 1, hour))?.maxUnits;
    expect(a.starts).toHaveLength(15); // 08:00 … 22:00
    expect(maxAt(8)).toBe(6); // capped by maxUnits
    expect(maxAt(13)).toBe(5);
    expect(maxAt(17)).toBe(1);
    expect(maxAt(18)).toBe(0);
    expect(maxAt(19)).toBe(0);
    expect(maxAt(20)).toBe(3); // until closing at 23:00
    expect(maxAt(22)).toBe(1);
  });

  it("offers full-day nights, the resthouse taken on nights 10 and 11", async () => {
    const { db, spa, now } = t();
    const { id } = await demoProduct(db, spa.id, DEMO.resthouse);
    const a = (await getAvailability(db, spa.id, id, { from: dayAhead(now, -1), days: 14 })) as Days;
    expect(a.kind).toBe("days");
    expect(a.days).toHaveLength(14);
    const available = (n: number) => a.days.find((d) => d.date === dayAhead(now, n))?.available;
    expect(available(-1)).toBe(false); // past
    expect(available(0)).toBe(true);
    expect(available(9)).toBe(true);
    expect(available(10)).toBe(false);
    expect(available(11)).toBe(false);
    expect(available(12)).toBe(true);
    const edge = (await getAvailability(db, spa.id, id, { from: dayAhead(now, 119), days: 3 })) as Days;
    expect(edge.days.map((d) => d.available)).toEqual([true, true, false]); // window is 120 days
  });

  it("refuses availability of a product that is not a reservation, or without a date", async () => {
    const { db, spa } = t();
    const oil = await demoProduct(db, spa.id, DEMO.oil);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    await expectPlatformError(getAvailability(db, spa.id, oil.id, { date: "2030-01-01" }), "SP:ValidationError", 400);
    await expectPlatformError(getAvailability(db, spa.id, massage.id, {}), "SP:ValidationError", 400);
    await expectPlatformError(
      getAvailability(db, spa.id, resthouse.id, { date: "2030-01-01" }),
      "SP:ValidationError",
      400,
    );
  });
});
