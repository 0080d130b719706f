import { beforeAll, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { PlatformCallError } from "@/lib/platform-client/core";
import { addCartItem, createCart, getCart } from "@/lib/platform-client/cart";
import { applyCoupon, bankReceiptForm, getBankAccounts, removeCoupon, setUsePackages, submitCart, uploadBankReceipt, validateCart } from "@/lib/platform-client/checkout";
import { demoCustomer, FILES } from "./helpers/account-api";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb } from "./helpers/test-db";
import { newShopper } from "./helpers/checkout";

// The storefront's checkout wrappers, against the embedded platform in-process (no PLATFORM_API_URL).
describeEachDb("platform client: checkout", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));

  const codeOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof PlatformCallError ? [e.status, e.code] : e));

  it("applies and removes a coupon, validates and completes with cash", async () => {
    const { db, spa } = t();
    const c = await newShopper(db, spa);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const cart = await createCart(spa, "en", c.token);
    await addCartItem(spa, "en", cart.id, { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 2, 10) }, c.token);

    expect(await applyCoupon(spa, "en", c.token, cart.id, { couponCode: "relax10" })).toMatchObject({ couponCode: "RELAX10", discountAmount: 25 });
    expect(await codeOf(applyCoupon(spa, "en", c.token, cart.id, { couponCode: "WELCOME50" }))).toEqual([400, "SP:CouponAlreadyExists"]);
    expect(await removeCoupon(spa, "en", c.token, cart.id)).toMatchObject({ couponCode: null, discountAmount: 0 });
    // The wrapper sends the website channel unless told otherwise.
    expect(await codeOf(applyCoupon(spa, "en", c.token, cart.id, { couponCode: "APPONLY" }))).toEqual([400, "SP:CouponOnlyForMobileApp"]);
    expect((await applyCoupon(spa, "en", c.token, cart.id, { couponCode: "APPONLY" }, "mobile")).couponCode).toBe("APPONLY");
    await removeCoupon(spa, "en", c.token, cart.id);

    expect(await validateCart(spa, "en", c.token, cart.id)).toEqual({ valid: true });
    const done = await submitCart(spa, "ar", c.token, cart.id, { paymentMethod: "CASH", customer: { name: "Nada", mobileNumber: c.mobileNumber }, termsAccepted: true });
    expect(done).toMatchObject({ id: cart.id, status: "completed", paymentStatus: "pay_on_site", items: [{ product: { name: "مساج استرخاء ٦٠ دقيقة" } }] });
    expect(await codeOf(submitCart(spa, "en", c.token, cart.id, { paymentMethod: "CASH", customer: { name: "Nada", mobileNumber: c.mobileNumber } }))).toEqual([400, "SP:CartAlreadyCompleted"]);
    expect((await getCart(spa, "en", cart.id, c.token))?.orderNumber).toBe(done.orderNumber);
  });

  it("toggles packages and completes a bank transfer with its receipt", async () => {
    const { db, spa } = t();
    const sara = await demoCustomer(db, spa);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const cart = await createCart(spa, "en", sara.token);
    await addCartItem(spa, "en", cart.id, { productId: massage.id, priceId: massage.priceId, reservationDateFrom: at(t().now, 3, 11) }, sara.token);
    expect(await setUsePackages(spa, "en", sara.token, cart.id, false)).toMatchObject({ usePackages: false, totalAmount: 287.5, packages: [{ sessionsToUse: 1 }] });

    expect((await getBankAccounts(spa, "en")).map((a) => a.bank)).toEqual(["alrajhi"]);
    const empty = new FormData();
    empty.set("transferorName", "Sara");
    expect(await codeOf(uploadBankReceipt(spa, "en", sara.token, cart.id, empty))).toEqual([400, "SP:BankReceiptRequired"]);
    const form = bankReceiptForm({ transferorName: "Sara Al-Qahtani", receipt: new Blob([FILES.png]), checkout: { customer: { name: "Sara", mobileNumber: sara.mobileNumber } } });
    expect(await uploadBankReceipt(spa, "en", sara.token, cart.id, form)).toMatchObject({ status: "completed", paymentMethod: "BANK_TRANSFER", paymentStatus: "pending_review", totalAmount: 287.5 });
  });
});
