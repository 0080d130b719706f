import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { DEMO_CUSTOMER_MOBILE } from "@/platform/seed/demo-accounts";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { ApiEnvelope } from "@/contract/errors";
import type { CartDto } from "@/contract/dto/cart";
import type { CustomerDto } from "@/contract/dto/customers";
import type { PresetValueDto } from "@/contract/dto/presets";
import type { CheckoutPresetDto } from "@/contract/store/checkout";
import { describeEachDb } from "./helpers/test-db";
import { envelopeData, jar, jsonRequest, nextHeadersMock, readEnvelope, storeApi } from "./helpers/bff-harness";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";

/**
 * The checkout sheet's BFF (/api/checkout/coupon, /packages, /validate, /customer, /presets…) end
 * to end on the embedded platform: route handler → session and cart cookies → platform client →
 * services → database. Next's cookie store is a plain jar.
 */
vi.mock("next/headers", () => nextHeadersMock());

const HOST = "spa.localhost";
const json = (method: string, path: string, body?: unknown) => jsonRequest(HOST, method, path, body, "203.0.113.10");
const call = readEnvelope;
const data = <T>(r: { body: ApiEnvelope<T> }) => envelopeData(r.body);
const codeOf = <T>(r: { body: ApiEnvelope<T> }) => ("error" in r.body ? r.body.error.code : null);

describeEachDb("checkout sheet BFF", (t) => {
  let massage: { id: string; priceId: string };
  let n = 10;

  async function signIn(mobile = `+9665000002${n++}`) {
    const sent = data(
      await call<{ token: string }>(storeApi(json("POST", "/api/session/otp/send", { mobileNumber: mobile }))),
    );
    const code = (await latestOutboxMessage(t().db, t().spa.id, mobile))!.code!;
    expect((await storeApi(json("POST", "/api/session/otp/verify", { token: sent.token, code }))).status).toBe(200);
    return mobile;
  }

  const addMassage = async (day = 4) =>
    data(
      await call<CartDto>(
        storeApi(
          json("POST", "/api/cart/items", {
            productId: massage.id,
            priceId: massage.priceId,
            quantity: 1,
            reservationDateFrom: at(t().now, day, 11 + (n % 6)),
          }),
        ),
      ),
    );

  beforeAll(async () => {
    const { db, spa } = t();
    setPlatformDb({ db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    massage = await demoProduct(db, spa.id, DEMO.massage);
  });

  beforeEach(() => jar.clear());

  it("needs a signed-in customer and a cart", async () => {
    await addMassage();
    const signedOut = await call(storeApi(json("POST", "/api/checkout/coupon", { couponCode: "RELAX10" })));
    expect(signedOut.status).toBe(401);
    expect(codeOf(signedOut)).toBe("SP:Unauthorized");
    jar.clear();
    await signIn();
    const noCart = await call(storeApi(json("GET", "/api/checkout/validate")));
    expect(noCart.status).toBe(404);
    expect(codeOf(noCart)).toBe("SP:EntityNotFound");
  });

  it("applies a coupon, passes the platform's refusals through with their codes, and removes it", async () => {
    await signIn();
    const cart = await addMassage(5);
    const applied = data(
      await call<CartDto>(storeApi(json("POST", "/api/checkout/coupon", { couponCode: " relax10 " }))),
    );
    expect(applied.couponCode).toBe("RELAX10");
    expect(applied.discountAmount).toBeCloseTo(cart.subTotal * 0.1, 2);
    const second = await call(storeApi(json("POST", "/api/checkout/coupon", { couponCode: "WELCOME50" })));
    expect([second.status, codeOf(second)]).toEqual([400, "SP:CouponAlreadyExists"]);
    const removed = data(await call<CartDto>(storeApi(json("DELETE", "/api/checkout/coupon"))));
    expect([removed.couponCode, removed.discountAmount]).toEqual([null, 0]);
    for (const [code, expected] of [
      ["NOPE", "SP:CouponNotFound"],
      ["EXPIRED", "SP:CouponExpired"],
      ["APPONLY", "SP:CouponOnlyForMobileApp"],
    ]) {
      expect(codeOf(await call(storeApi(json("POST", "/api/checkout/coupon", { couponCode: code }))))).toBe(expected);
    }
    const empty = await call(storeApi(json("POST", "/api/checkout/coupon", { couponCode: "  " })));
    expect([empty.status, codeOf(empty)]).toEqual([400, "SP:ValidationError"]);
    expect(data(await call(storeApi(json("GET", "/api/checkout/validate"))))).toEqual({ valid: true });
  });

  it("turns the customer's package sessions off and on", async () => {
    await signIn(DEMO_CUSTOMER_MOBILE);
    const cart = await addMassage(6);
    expect(cart.packages.length).toBeGreaterThan(0);
    expect(cart.hasPackageDiscounts).toBe(true);
    const off = data(await call<CartDto>(storeApi(json("PUT", "/api/checkout/packages", { usePackages: false }))));
    expect([off.usePackages, off.hasPackageDiscounts, off.discountAmount]).toEqual([false, false, 0]);
    const on = data(await call<CartDto>(storeApi(json("PUT", "/api/checkout/packages", { usePackages: true }))));
    expect([on.usePackages, on.hasPackageDiscounts]).toEqual([true, true]);
    expect(codeOf(await call(storeApi(json("PUT", "/api/checkout/packages", { usePackages: "yes" }))))).toBe(
      "SP:ValidationError",
    );
  });

  it("saves the name and custom fields on the customer's record, keeping the number they signed in with", async () => {
    const mobile = await signIn();
    const saved = data(
      await call<CustomerDto>(
        storeApi(
          json("POST", "/api/checkout/customer", {
            name: "  Noura Saad ",
            customFields: { national_id: "1098765432", age: "31" },
          }),
        ),
      ),
    );
    expect(saved).toMatchObject({
      name: "Noura Saad",
      mobileNumber: mobile,
      customFields: { national_id: "1098765432", age: "31" },
    });
    const refused = await call(
      storeApi(json("POST", "/api/checkout/customer", { name: "Noura", customFields: { age: "old" } })),
    );
    expect(refused.status).toBe(400);
    expect("error" in refused.body && refused.body.error).toMatchObject({
      code: "SP:ValueMustBeNumber",
      details: { field: "age" },
    });
    expect(
      codeOf(await call(storeApi(json("POST", "/api/checkout/customer", { name: "   ", customFields: {} })))),
    ).toBe("SP:ValidationError");
  });

  it("lists presets with the customer's own values, and creates and updates a value", async () => {
    await signIn();
    const [preset] = data(await call<CheckoutPresetDto[]>(storeApi(json("GET", "/api/checkout/presets"))));
    expect(preset.fields.map((f) => f.name)).toContain("guest_name");
    expect(preset.values).toEqual([]);
    const created = data(
      await call<PresetValueDto>(
        storeApi(
          json("POST", `/api/checkout/presets/values?presetId=${preset.id}`, {
            values: { guest_name: "Huda", relation: null },
          }),
        ),
      ),
    );
    expect(created.values.guest_name).toBe("Huda");
    const updated = await call<PresetValueDto>(
      storeApi(json("PUT", `/api/checkout/presets/values/${created.id}`, { values: { guest_name: "Huda S." } })),
    );
    expect(data(updated).values.guest_name).toBe("Huda S.");
    const listed = data(await call<CheckoutPresetDto[]>(storeApi(json("GET", "/api/checkout/presets"))));
    expect(listed[0].values.map((v) => v.id)).toEqual([created.id]);
    // A second value made the default lists first; deleting the first leaves the second alone.
    const second = data(
      await call<PresetValueDto>(
        storeApi(
          json("POST", `/api/checkout/presets/values?presetId=${preset.id}`, { values: { guest_name: "Fahad" } }),
        ),
      ),
    );
    expect(second.isDefault).toBe(false);
    const made = data(
      await call<PresetValueDto>(storeApi(json("POST", `/api/checkout/presets/values/${second.id}/default`))),
    );
    expect(made).toMatchObject({ id: second.id, isDefault: true });
    expect(
      data(await call<CheckoutPresetDto[]>(storeApi(json("GET", "/api/checkout/presets"))))[0].values.map((v) => [
        v.id,
        v.isDefault,
      ]),
    ).toEqual([
      [second.id, true],
      [created.id, false],
    ]);
    const deleted = await call(storeApi(json("DELETE", `/api/checkout/presets/values/${created.id}`)));
    expect(deleted.status).toBe(200);
    expect(
      data(await call<CheckoutPresetDto[]>(storeApi(json("GET", "/api/checkout/presets"))))[0].values.map((v) => v.id),
    ).toEqual([second.id]);
    const again = await call(storeApi(json("DELETE", `/api/checkout/presets/values/${created.id}`)));
    expect([again.status, codeOf(again)]).toEqual([404, "SP:EntityNotFound"]);
    expect(codeOf(await call(storeApi(json("POST", "/api/checkout/presets/values", { values: {} }))))).toBe(
      "SP:ValidationError",
    );
  });
});
