import { beforeAll, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { platform, PlatformCallError } from "@/lib/platform-client/core";
import { demoCustomer, FILES } from "./helpers/account-api";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb } from "./helpers/test-db";
import { newShopper } from "./helpers/checkout";

// The checkout endpoints through the storefront's client, against the embedded platform in-process.
describeEachDb("platform client: checkout", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof PlatformCallError ? [e.status, e.code] : e),
    );

  it("applies and removes a coupon, validates and completes with cash", async () => {
    const { db, spa } = t();
    const c = await newShopper(db, spa);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const api = platform({ tenant: spa, locale: "en", token: c.token });
    const cart = await api.cart.create();
    const id = { params: { id: cart.id } };
    await api.cart.addItem({
      ...id,
      body: { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 2, 10) },
    });

    expect(await api.checkout.applyCoupon({ ...id, body: { couponCode: "relax10" } })).toMatchObject({
      couponCode: "RELAX10",
      discountAmount: 25,
    });
    expect(await codeOf(api.checkout.applyCoupon({ ...id, body: { couponCode: "WELCOME50" } }))).toEqual([
      400,
      "SP:CouponAlreadyExists",
    ]);
    expect(await api.checkout.removeCoupon(id)).toMatchObject({ couponCode: null, discountAmount: 0 });
    // No x-sales-channel is the website channel; the mobile app says so.
    expect(await codeOf(api.checkout.applyCoupon({ ...id, body: { couponCode: "APPONLY" } }))).toEqual([
      400,
      "SP:CouponOnlyForMobileApp",
    ]);
    const mobile = platform({ tenant: spa, locale: "en", token: c.token, headers: { "x-sales-channel": "mobile" } });
    expect((await mobile.checkout.applyCoupon({ ...id, body: { couponCode: "APPONLY" } })).couponCode).toBe("APPONLY");
    await api.checkout.removeCoupon(id);

    expect(await api.checkout.validate(id)).toEqual({ valid: true });
    const ar = platform({ tenant: spa, locale: "ar", token: c.token });
    const done = await ar.checkout.submit({
      ...id,
      body: { paymentMethod: "CASH", customer: { name: "Nada", mobileNumber: c.mobileNumber }, termsAccepted: true },
    });
    expect(done).toMatchObject({
      id: cart.id,
      status: "completed",
      paymentStatus: "pay_on_site",
      items: [{ product: { name: "مساج استرخاء ٦٠ دقيقة" } }],
    });
    expect(
      await codeOf(
        api.checkout.submit({
          ...id,
          body: { paymentMethod: "CASH", customer: { name: "Nada", mobileNumber: c.mobileNumber } },
        }),
      ),
    ).toEqual([400, "SP:CartAlreadyCompleted"]);
    expect((await api.cart.get(id)).orderNumber).toBe(done.orderNumber);
  });

  it("toggles packages and completes a bank transfer with its receipt", async () => {
    const { db, spa } = t();
    const sara = await demoCustomer(db, spa);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const api = platform({ tenant: spa, locale: "en", token: sara.token });
    const cart = await api.cart.create();
    const id = { params: { id: cart.id } };
    await api.cart.addItem({
      ...id,
      body: { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 3, 11) },
    });
    expect(await api.checkout.usePackages({ ...id, body: { usePackages: false } })).toMatchObject({
      usePackages: false,
      totalAmount: 287.5,
      packages: [{ sessionsToUse: 1 }],
    });

    expect((await platform({ tenant: spa }).checkout.bankAccounts()).map((a) => a.bank)).toEqual(["alrajhi"]);
    const empty = new FormData();
    empty.set("transferorName", "Sara");
    expect(await codeOf(api.checkout.bankReceipt({ ...id, body: empty }))).toEqual([400, "SP:BankReceiptRequired"]);
    const form = new FormData();
    form.set("transferorName", "Sara Al-Qahtani");
    form.set("files", new Blob([FILES.png]), "receipt");
    form.set("checkout", JSON.stringify({ customer: { name: "Sara", mobileNumber: sara.mobileNumber } }));
    expect(await api.checkout.bankReceipt({ ...id, body: form })).toMatchObject({
      status: "completed",
      paymentMethod: "BANK_TRANSFER",
      paymentStatus: "pending_review",
      totalAmount: 287.5,
    });
  });
});
