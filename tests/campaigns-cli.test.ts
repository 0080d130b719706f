import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { cartItems, carts, type UtmRecord } from "@/platform/db/schema";
import { campaignReport, clickPlatformOf, NONE } from "@/platform/services/campaigns";
import { formatCampaignReport, main } from "@/scripts/tenant-cli";
import { checkoutApi } from "./helpers/checkout";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb } from "./helpers/test-db";

/**
 * `npm run tenant -- campaigns <slug> --days 30` (platform/services/campaigns.ts): the owner's
 * orders and revenue per campaign, read from the orders' own UTM records, click ids and coupons.
 */

it("names the ad platform of an order by its click id, none without one", () => {
  expect(clickPlatformOf({ source: "snap", ScCid: "abc" })).toBe("Snapchat");
  expect(clickPlatformOf({ fbc: "fb.1.1700000000000.x" })).toBe("Meta");
  expect(clickPlatformOf({ wbraid: "w" })).toBe("Google");
  expect(clickPlatformOf({ ttclid: "t" })).toBe("TikTok");
  expect(clickPlatformOf({ msclkid: "m" })).toBe("Microsoft");
  expect(clickPlatformOf({ source: "newsletter" })).toBe(NONE);
  expect(clickPlatformOf(null)).toBe(NONE);
});

it("refuses a --days that is not a whole number of days before opening any database", async () => {
  for (const days of ["0", "2.5", "abc", "=-3"]) {
    const lines: string[] = [];
    const code = await main(
      ["campaigns", "spa", days.startsWith("=") ? `--days${days}` : "--days", ...(days.startsWith("=") ? [] : [days])],
      {
        log: (l) => lines.push(l),
        warn: (l) => lines.push(l),
      },
    );
    expect(code).toBe(1);
    expect(lines.join("\n")).toContain("--days takes a whole number of days");
  }
});

describeEachDb("campaigns report", (t) => {
  const api = checkoutApi(() => t().db);

  /** A cash order of `quantity` bath salts, submitted with `utm`; its total in halalas. */
  async function order(tenant: "spa" | "coffee", utm: UtmRecord | null, quantity = 1) {
    const info = t()[tenant];
    const product = await demoProduct(t().db, info.id, tenant === "spa" ? DEMO.salts : DEMO.drip);
    const { shopper, cart } = await api.cartWith(info, [{ productId: product.id, priceId: product.priceId, quantity }]);
    const done = await api.submit(info, shopper, cart.id, utm ? { utm } : {});
    expect(done.error).toBeUndefined();
    return { id: cart.id, total: Math.round(done.data!.totalAmount * 100) };
  }

  it("counts the period's placed orders per source, campaign, click-id platform and coupon, revenue with VAT", async () => {
    // The demo's own orders are placed long before this test's period.
    await t()
      .db.update(carts)
      .set({ completedAt: new Date(t().now.getTime() - 365 * 24 * 60 * 60 * 1000) })
      .where(and(eq(carts.tenantId, t().spa.id), eq(carts.status, "completed")));
    const snapClick = await order("spa", { source: "snap", campaign: "eid", ScCid: "abc" });
    const snapCoupon = await order("spa", { source: "snap", campaign: "eid" }, 2);
    const google = await order("spa", { source: "google", campaign: "brand", gclid: "g-1" });
    const direct = await order("spa", null);
    // Not counted: placed before the period, every line cancelled, another store's.
    const old = await order("spa", { source: "snap", campaign: "eid" });
    const cancelled = await order("spa", { source: "snap", campaign: "eid" });
    await order("coffee", { source: "snap", campaign: "eid" }, 5);

    await t().db.update(carts).set({ couponCode: "RELAX10" }).where(eq(carts.id, snapCoupon.id));
    const [{ completedAt }] = await t()
      .db.select({ completedAt: carts.completedAt })
      .from(carts)
      .where(eq(carts.id, direct.id));
    const now = new Date(completedAt!.getTime() + 60_000);
    await t()
      .db.update(carts)
      .set({ completedAt: new Date(now.getTime() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(carts.id, old.id));
    await t()
      .db.update(cartItems)
      .set({ cancelledAt: now })
      .where(inArray(cartItems.cartId, [cancelled.id]));

    const r = await campaignReport(t().db, "spa", { days: 30, now });
    const counted = [snapClick, snapCoupon, google, direct];
    const revenue = counted.reduce((s, o) => s + o.total, 0);
    expect(r).toMatchObject({ orders: 4, revenue });
    const row = (key: string, orders: typeof counted) => ({
      key,
      orders: orders.length,
      revenue: orders.reduce((s, o) => s + o.total, 0),
      share: orders.reduce((s, o) => s + o.total, 0) / revenue,
    });
    // The biggest first; of equal ones, named before "(none)", then by name.
    expect(r.bySource).toEqual([row("snap", [snapClick, snapCoupon]), row("google", [google]), row(NONE, [direct])]);
    expect(r.byCampaign).toEqual([row("eid", [snapClick, snapCoupon]), row("brand", [google]), row(NONE, [direct])]);
    expect(r.byClickPlatform).toEqual([
      row(NONE, [snapCoupon, direct]),
      row("Google", [google]),
      row("Snapchat", [snapClick]),
    ]);
    expect(r.byCoupon).toEqual([row(NONE, [snapClick, google, direct]), row("RELAX10", [snapCoupon])]);
    expect(r.bySource[0].share + r.bySource[1].share + r.bySource[2].share).toBeCloseTo(1, 10);

    const text = formatCampaignReport("spa", 30, r);
    expect(text).toContain(`4 orders, ${(revenue / 100).toFixed(2)} SAR with VAT.`);
    expect(text).toMatch(/UTM source\n +orders +revenue \(SAR\) +share\nsnap +2 +[\d.]+ +[\d.]+%/);
    expect(text).toMatch(/Ad platform \(click id\)\n[^\n]*\n(.*\n)*Snapchat +1 /);
    expect(text).toMatch(/Coupon\n[^\n]*\n(.*\n)*RELAX10 +1 /);

    // A store with no order in the period: the headline alone.
    expect(
      formatCampaignReport(
        "spa",
        1,
        await campaignReport(t().db, "spa", { days: 1, now: new Date(now.getTime() + 90 * 24 * 60 * 60 * 1000) }),
      ),
    ).toMatch(/: 0 orders, 0\.00 SAR with VAT\.$/);
  });
});
