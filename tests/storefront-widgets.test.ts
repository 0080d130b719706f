import { describe, expect, it } from "vitest";
import { safeAnnouncementLink } from "@/components/layout/announcement-link";
import { closedStatus, firstOpenDay } from "@/components/product/purchase/booking-days";
import { productFacts } from "@/components/product/product-facts";
import { widgetSpec } from "@/components/product/purchase/widget-spec";
import type { ProductDto } from "@/contract/dto/catalog";

const reservation = {
  slotMinutes: 60,
  capacity: 2,
  minDays: 1,
  maxDays: 7,
  minUnits: 1,
  maxUnits: 6,
  depositPercent: 30,
  bookingWindowDays: 120,
  openingHours: null,
};
const product = (over: Partial<ProductDto>): ProductDto => ({
  id: "p",
  slugs: { ar: "p", en: "p" },
  type: 0,
  typeString: "reservation",
  name: "n",
  description: "",
  images: [],
  amount: 1,
  hasPackage: false,
  isFullDayBooking: false,
  isVariableDuration: false,
  prices: [],
  updatedAt: "2026-11-01T09:00:00.000Z",
  reservation,
  subscription: null,
  stock: null,
  giftThemes: null,
  staff: null,
  ...over,
});

const cfg = { hideDuration: false, providersViewType: "dropdown", hideBranches: false };

describe("widgetSpec", () => {
  it("picks the reservation widget by its flags", () => {
    expect(widgetSpec(product({}), cfg, "S")).toMatchObject({ kind: "slots", capacity: 2, staff: null });
    expect(widgetSpec(product({ isVariableDuration: true }), { ...cfg, hideDuration: true }, "S")).toMatchObject({
      kind: "duration",
      minUnits: 1,
      hideDuration: true,
    });
    expect(widgetSpec(product({ isFullDayBooking: true }), cfg, "S")).toMatchObject({
      kind: "days",
      minDays: 1,
      maxDays: 7,
      depositPercent: 30,
      bookingWindowDays: 120,
    });
  });
  it("passes a slot product's specialists and branches as the store's settings show them", () => {
    const week = { "0": ["10:00", "18:00"] as [string, string] };
    const branch = (id: string) => ({
      id,
      name: id,
      address: "",
      latitude: null,
      longitude: null,
      phone: "+966",
      openingHours: null,
    });
    const staff = {
      specialists: [
        { id: "s", name: "S", bio: "", photo: null, branchIds: ["a"], priceIds: null, workingHours: week, daysOff: [] },
      ],
      branches: [branch("a"), branch("b")],
    };
    const spec = widgetSpec(product({ staff }), cfg, "S");
    expect(spec).toMatchObject({ kind: "slots", staff: { view: "dropdown", showBranches: true } });
    // Only what the widget shows goes to the page (not the branch's phone).
    expect(JSON.stringify(spec)).not.toContain("+966");
    expect(
      widgetSpec(product({ staff }), { ...cfg, providersViewType: "cards", hideBranches: true }, "S"),
    ).toMatchObject({ staff: { view: "cards", showBranches: false } });
    expect(widgetSpec(product({ staff: { ...staff, branches: [branch("a")] } }), cfg, "S")).toMatchObject({
      staff: { showBranches: false },
    });
  });
  it("picks the other kinds by type", () => {
    expect(
      widgetSpec(
        product({
          typeString: "subscription",
          reservation: null,
          subscription: { durationDays: 30, perCustomerLimit: 1, packageSessions: null },
        }),
        cfg,
        "S",
      ),
    ).toEqual({ kind: "subscription", durationDays: 30 });
    expect(widgetSpec(product({ typeString: "merchandise", reservation: null, stock: 3 }), cfg, "S")).toEqual({
      kind: "merchandise",
      stock: 3,
    });
    expect(
      widgetSpec(
        product({ typeString: "gift", reservation: null, giftThemes: [{ id: "t", name: "T", color: "#000" }] }),
        cfg,
        "Store",
      ),
    ).toEqual({ kind: "gift", themes: [{ id: "t", name: "T", color: "#000" }], storeName: "Store" });
  });
});

describe("product facts", () => {
  it("name the slot's length and seats, and no length at all where the store hides durations", () => {
    expect(productFacts(product({}), { hideDuration: false }).map((f) => f.key)).toEqual(["minutes", "capacity"]);
    expect(productFacts(product({}), { hideDuration: true }).map((f) => f.key)).toEqual(["capacity"]);
    expect(productFacts(product({ isVariableDuration: true }), { hideDuration: false }).map((f) => f.key)).toEqual([
      "hours",
    ]);
    expect(productFacts(product({ isVariableDuration: true }), { hideDuration: true })).toEqual([]);
  });
});

describe("opening days", () => {
  const fridaysClosed = {
    "0": ["10:00", "22:00"],
    "1": ["10:00", "22:00"],
    "2": ["10:00", "22:00"],
    "3": ["10:00", "22:00"],
    "4": ["10:00", "22:00"],
    "5": null,
    "6": ["10:00", "22:00"],
  } as Record<string, [string, string] | null>;
  it("marks a weekday without hours as closed, and everything open without hours at all", () => {
    expect(closedStatus(fridaysClosed)("2026-11-27")).toBe("closed"); // a Friday
    expect(closedStatus(fridaysClosed)("2026-11-28")).toBeUndefined();
    expect(closedStatus(null)("2026-11-27")).toBeUndefined();
  });
  it("starts on the first open day", () => {
    expect(firstOpenDay("2026-11-27", closedStatus(fridaysClosed))).toBe("2026-11-28");
    expect(firstOpenDay("2026-11-26", closedStatus(fridaysClosed))).toBe("2026-11-26");
  });
});

describe("safeAnnouncementLink", () => {
  it("keeps same-site paths in the page's language and http(s) links", () => {
    expect(safeAnnouncementLink("/products", "en")).toEqual({ href: "/en/products", external: false });
    expect(safeAnnouncementLink("/products", "ar")).toEqual({ href: "/products", external: false });
    expect(safeAnnouncementLink("https://example.com/x", "ar")).toEqual({
      href: "https://example.com/x",
      external: true,
    });
  });
  it("drops scripts, protocol-relative and malformed links", () => {
    expect(safeAnnouncementLink("javascript:alert(1)", "ar")).toBeNull();
    expect(safeAnnouncementLink("//evil.example", "ar")).toBeNull();
    expect(safeAnnouncementLink("/\\evil.example", "ar")).toBeNull();
    expect(safeAnnouncementLink("not a url", "ar")).toBeNull();
    expect(safeAnnouncementLink(null, "ar")).toBeNull();
  });
});
