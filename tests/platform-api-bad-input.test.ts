import { expect, it } from "vitest";
import { handlePlatformRequest } from "@/platform/api";
import type { TenantInfo } from "@/platform/api/router";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { at, dayAhead, DEMO, demoProduct } from "./helpers/demo-catalog";

const NASTY: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "x".repeat(5000),
  [],
  {},
  ["a"],
  { a: 1 },
  "2030-02-30",
  "9999-12-31",
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:00:00Z",
  "2030-01-01T25:00:00Z",
  "NaN",
  "00000000-0000-0000-0000-000000000000",
  "'; drop table carts; --",
  "\ud800",
];

describeEachDb("platform API under malformed input", (t) => {
  async function status(tenant: TenantInfo, method: string, path: string, body?: string) {
    const req = new Request(`http://spa.localhost/api/app/${path}`, {
      method,
      body,
      headers: body ? { "content-type": "application/json" } : {},
    });
    const res = await handlePlatformRequest(req, path.split("?")[0], tenant, t().db);
    const json = (await res.json()) as { error?: { code: string } };
    return { status: res.status, code: json.error?.code };
  }

  it("answers every malformed cart item with a 4xx and a code, never a 5xx", async () => {
    const { db, spa, now } = t();
    const cartId = (
      (await (
        await handlePlatformRequest(new Request("http://x/api/app/cart", { method: "POST" }), "cart", spa, db)
      ).json()) as { data: CartDto }
    ).data.id;
    const valid: Record<string, unknown>[] = [];
    for (const name of [DEMO.massage, DEMO.pool, DEMO.resthouse, DEMO.membership, DEMO.gift, DEMO.oil]) {
      const p = await demoProduct(db, spa.id, name);
      valid.push({
        productId: p.id,
        priceId: p.priceId,
        quantity: 1,
        units: 1,
        reservationDateFrom: name === DEMO.resthouse ? dayAhead(now, 30) : at(now, 5, 10),
        reservationDateTo: dayAhead(now, 31),
        subscriptionStartDate: dayAhead(now, 1),
        giftDetails: { theme: "eid", toName: "Noura", fromName: "Sara", showBuyerInfo: true },
      });
    }
    const fields = [
      "productId",
      "priceId",
      "quantity",
      "units",
      "reservationDateFrom",
      "reservationDateTo",
      "subscriptionStartDate",
      "giftDetails",
    ];
    let requests = 0;
    for (const base of valid) {
      for (const field of fields) {
        for (const value of NASTY) {
          const body = JSON.stringify({ ...base, [field]: value });
          const res = await status(spa, "POST", `cart/${cartId}/items`, body);
          requests++;
          expect(res.status, `${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeGreaterThanOrEqual(200);
          expect(res.status, `${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.code).toMatch(/^SP:/);
        }
      }
      for (const value of NASTY) {
        for (const key of ["theme", "toName", "fromName", "showBuyerInfo"]) {
          const giftDetails = { ...(base.giftDetails as object), [key]: value };
          const res = await status(spa, "POST", `cart/${cartId}/items`, JSON.stringify({ ...base, giftDetails }));
          requests++;
          expect(res.status, `giftDetails.${key}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
        }
      }
    }
    for (const raw of ["", "{", "[", "null", "1", '"x"', '{"productId":', "\u0000"]) {
      expect((await status(spa, "POST", `cart/${cartId}/items`, raw)).status).toBe(400);
      requests++;
    }
    expect(requests).toBeGreaterThan(1000);
  });

  it("answers malformed ids, queries and updates with a 4xx", async () => {
    const { db, spa } = t();
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    const ids = ["x", "%00", "00000000-0000-0000-0000-000000000000", "0".repeat(300), "a'b", "%ED%A0%80", "%E0%A4%A"];
    for (const id of ids) {
      for (const [method, path, body] of [
        ["GET", `products/${id}`],
        ["GET", `products/${id}/availability?date=2030-01-01`],
        ["GET", `cart/${id}`],
        ["POST", `cart/${id}/items`, "{}"],
        ["PUT", `cart/${id}/items/${id}`, '{"quantity":1}'],
        ["DELETE", `cart/${id}/items/${id}`],
        ["POST", `cart/${id}/reset`],
      ] as [string, string, string?][]) {
        const res = await status(spa, method, path, body);
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    for (const q of [
      "date=9999-12-31",
      "date=0000-00-00",
      "date=",
      "date=2030-1-1",
      "from=9999-12-31&days=180",
      "from=2030-01-01&days=-1",
      "from=2030-01-01&days=abc",
      "from=2030-01-01&days=1e9",
    ]) {
      for (const id of [massage.id, resthouse.id]) {
        const res = await status(spa, "GET", `products/${id}/availability?${q}`);
        expect(res.status, q).toBeLessThan(500);
      }
    }
  });
});
