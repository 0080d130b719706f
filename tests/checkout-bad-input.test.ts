import { expect, it } from "vitest";
import type { CartDto } from "@/contract/dto/cart";
import type { ApiResult } from "./helpers/account-api";
import { FILES } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, newShopper, type Shopper } from "./helpers/checkout";

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
  "NaN",
  "00000000-0000-0000-0000-000000000000",
  "'; drop table carts; --",
  "\ud800",
  "a\u0007b",
  "\u202eevil",
  "٠٥٥١٢٣٤٥٦٧",
];

/**
 * QUALITY.md: ≥ 1,000 malformed requests per endpoint family ⇒ 0 5xx, each a 4xx with a code.
 * Every request here goes to a cart holding a gift card, so that what passes validation reaches
 * the completion (and the database) too; a completed cart is replaced for the next request.
 */
describeEachDb("checkout API under malformed input", (t) => {
  const api = checkoutApi(() => t().db);
  let requests = 0;
  let completed = 0;

  function expectClean(res: ApiResult<unknown>, what: string) {
    requests++;
    expect(res.status, what).toBeLessThan(500);
    if (res.status >= 400) expect(res.error?.code, what).toMatch(/^SP:/);
    if (res.status === 200 && (res.data as CartDto | null)?.status === "completed") completed++;
  }

  async function giftCart(shopper: Shopper) {
    const gift = await demoProduct(t().db, t().spa.id, DEMO.gift);
    return (
      await api.cartWith(
        t().spa,
        [
          {
            productId: gift.id,
            priceId: gift.priceId,
            quantity: 1,
            giftDetails: { theme: "eid", toName: "Noura", showBuyerInfo: false },
          },
        ],
        shopper,
      )
    ).cart;
  }

  it("answers malformed coupon, package, submit and bank-receipt requests with a 4xx and a code", async () => {
    const shopper = await newShopper(t().db, t().spa);
    let cart = await giftCart(shopper);
    const send = async (method: string, path: string, opts: Parameters<typeof api.call>[3], what: string) => {
      const res = await api.call(t().spa, method, path.replace(":id", cart.id), { token: shopper.token, ...opts });
      expectClean(res, what);
      if (res.data && (res.data as CartDto).status === "completed") cart = await giftCart(shopper);
      if (res.data && (res.data as CartDto).couponId)
        await api.call(t().spa, "DELETE", `cart/${cart.id}/coupon`, { token: shopper.token });
    };
    const valid = {
      paymentMethod: "CASH",
      customer: { name: "Nada", mobileNumber: shopper.mobileNumber },
      bookingNotes: "Hi",
      termsAccepted: true,
    };

    for (const value of NASTY) {
      const v = JSON.stringify(value)?.slice(0, 30);
      for (const field of ["couponCode", "cartItems", "customerId"])
        await send(
          "POST",
          "cart/:id/coupon",
          { body: { couponCode: "RELAX10", [field]: value } },
          `coupon ${field}=${v}`,
        );
      await send("POST", "cart/:id/coupon", { body: value }, `coupon body=${v}`);
      await send(
        "POST",
        "cart/:id/coupon",
        {
          body: { couponCode: "RELAX10" },
          headers: {
            "x-sales-channel": String(value)
              .slice(0, 100)
              .replace(/[^\x20-\x7e]/g, "?"),
          },
        },
        `channel=${v}`,
      );
      await send("PUT", "cart/:id/packages", { body: { usePackages: value } }, `packages=${v}`);
      for (const field of ["paymentMethod", "customer", "bookingNotes", "termsAccepted"])
        await send("POST", "cart/:id/submit", { body: { ...valid, [field]: value } }, `submit ${field}=${v}`);
      for (const field of ["name", "mobileNumber"])
        await send(
          "POST",
          "cart/:id/submit",
          { body: { ...valid, customer: { ...valid.customer, [field]: value } } },
          `submit customer.${field}=${v}`,
        );
      await send("POST", "cart/:id/submit", { body: value }, `submit body=${v}`);
      // A lone surrogate cannot be percent-encoded: its raw UTF-8-ish bytes are sent instead.
      const segment = String(value) === "\ud800" ? "%ED%A0%80" : encodeURIComponent(String(value));
      for (const path of [`cart/${segment}/submit`, `cart/${segment}/validate`]) {
        const validate = path.endsWith("validate");
        await send(validate ? "GET" : "POST", path, validate ? {} : { body: valid }, `path ${path.slice(0, 40)}`);
      }
      const text = typeof value === "string" ? value : JSON.stringify(value);
      for (const field of ["transferorName", "checkout"]) {
        const form = new FormData();
        form.set("transferorName", "Nada");
        form.set("checkout", JSON.stringify({ customer: valid.customer }));
        form.set("files", new Blob([FILES.pdf]), "r.pdf");
        form.set(field, text ?? "");
        await send("POST", "cart/:id/bank-receipt", { form }, `receipt ${field}=${v}`);
      }
      const checkout = new FormData();
      checkout.set("transferorName", "Nada");
      checkout.set("checkout", JSON.stringify({ customer: { name: value, mobileNumber: value }, bookingNotes: value }));
      checkout.set("files", new Blob([FILES.png]), "r.png");
      await send("POST", "cart/:id/bank-receipt", { form: checkout }, `receipt checkout fields=${v}`);
      const asText = new FormData();
      asText.set("transferorName", "Nada");
      asText.set("files", text ?? "");
      await send("POST", "cart/:id/bank-receipt", { form: asText }, `receipt files as text=${v}`);
      await send(
        "POST",
        "cart/:id/bank-receipt",
        { rawBody: text ?? "", headers: { "content-type": "multipart/form-data; boundary=x" } },
        `receipt raw=${v}`,
      );
    }
    // Every body field again, as each JSON type, at once.
    for (const a of NASTY)
      for (const b of NASTY)
        await send(
          "POST",
          "cart/:id/submit",
          { body: { paymentMethod: "CASH", customer: { name: a, mobileNumber: b } } },
          `submit name × mobile`,
        );
    for (const a of NASTY) {
      for (const channel of [
        "website",
        "mobile",
        "WEBSITE",
        " mobile ",
        "tv",
        "",
        "website,mobile",
        "x".repeat(500),
        "%00",
        "null",
      ]) {
        await send(
          "POST",
          "cart/:id/coupon",
          { body: { couponCode: a }, headers: { "x-sales-channel": channel } },
          `coupon × channel ${channel.slice(0, 20)}`,
        );
      }
    }
    expect(requests).toBeGreaterThanOrEqual(1000);
    // Some of them were valid orders, and those completed.
    expect(completed).toBeGreaterThan(0);
  }, 120_000);
});
