import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { carts } from "@/platform/db/schema";
import { UtmInput } from "@/contract/input/checkout";
import { BankReceiptCheckoutInput } from "@/contract/input/checkout";
import { describeEachDb } from "./helpers/test-db";
import { FILES } from "./helpers/account-api";
import { checkoutApi, expectCode } from "./helpers/checkout";
import { paymentsHarness } from "./helpers/payments";
import { CartDto } from "@/contract/dto/cart";
import type { OrderLinkDto } from "@/contract/dto/account";

/** A Snapchat and a Meta click, as lib/tracking/utm.ts keeps them. */
const CLICKED = {
  source: "snap",
  campaign: "eid",
  ScCid: "abc",
  fbclid: "F1",
  fbc: "fb.1.1772359200000.F1",
  gclid: "G1",
  gbraid: "GB",
  wbraid: "WB",
  ttclid: "T1",
  msclkid: "M1",
  timestamp: "2026-03-01T10:00:00.000Z",
};

const UTM = {
  source: "instagram",
  medium: "cpc",
  campaign: "ramadan-spa",
  term: "massage",
  content: "story-1",
  id: "c-42",
  timestamp: "2026-03-01T10:00:00.000Z",
};

it("the utm input: each field at most 200 characters, empty fields dropped, unknown keys dropped", () => {
  expect(UtmInput.parse({ ...UTM, extra: "x" })).toEqual(UTM);
  expect(UtmInput.parse({ ...CLICKED, sccid: "x" })).toEqual(CLICKED);
  expect(UtmInput.safeParse({ gclid: "g".repeat(201) }).success).toBe(false);
  expect(UtmInput.parse({ source: " fb ", medium: "" })).toEqual({ source: "fb" });
  expect(UtmInput.parse({ medium: "" })).toBeNull();
  expect(UtmInput.safeParse({ source: "x".repeat(201) }).success).toBe(false);
  expect(UtmInput.safeParse({ source: 5 }).success).toBe(false);
  // The storefront's checkout body passes it on.
  expect(
    BankReceiptCheckoutInput.parse({
      customer: { name: "Sara", mobileNumber: "0500000001" },
      utm: { source: "google" },
    }).utm,
  ).toEqual({ source: "google" });
});

describeEachDb("utm on the order", (t) => {
  const api = checkoutApi(() => t().db);
  const p = paymentsHarness(t);
  const utmOf = async (cartId: string) =>
    (await t().db.select({ utm: carts.utm }).from(carts).where(eq(carts.id, cartId)))[0].utm;

  it("a cash order submitted with utm has it on carts.utm; without, null", async () => {
    const { shopper, cart } = await p.saltsCart();
    const done = await api.submit(t().spa, shopper, cart.id, { utm: UTM } as never);
    expect(done.error).toBeUndefined();
    expect(await utmOf(cart.id)).toEqual(UTM);

    const plain = await p.saltsCart();
    expect((await api.submit(t().spa, plain.shopper, plain.cart.id)).error).toBeUndefined();
    expect(await utmOf(plain.cart.id)).toBeNull();
  });

  it("the order carries the campaign with its click ids, on the order's own read; its shared link does not", async () => {
    const { shopper, cart } = await p.saltsCart();
    // Submitted twice at once (a double tap): one order, the record on it once.
    const [a, b] = await Promise.all([
      api.submit(t().spa, shopper, cart.id, { utm: CLICKED } as never),
      api.submit(t().spa, shopper, cart.id, { utm: CLICKED } as never),
    ]);
    const placed = [a, b].filter((r) => !r.error);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    for (const r of placed) expect(r.data).toMatchObject({ status: "completed", utm: CLICKED });
    expect(await utmOf(cart.id)).toEqual(CLICKED);
    const read = await api.call(t().spa, "GET", `cart/${cart.id}`, { token: shopper.token });
    expect(read.data?.utm).toEqual(CLICKED);
    expect(CartDto.parse(read.data).utm).toEqual(CLICKED);

    const link = await api.call<OrderLinkDto>(t().spa, "GET", `orders/${cart.id}/link`, { token: shopper.token });
    const shared = await api.call(t().spa, "GET", `orders/${cart.id}/shared/${link.data!.key}`);
    expect(shared.data).toMatchObject({ id: cart.id, utm: null });

    // An order from no campaign: null, and the cart before its order too.
    const plain = await p.saltsCart();
    expect(
      (await api.call(t().spa, "GET", `cart/${plain.cart.id}`, { token: plain.shopper.token })).data?.utm,
    ).toBeNull();
    expect((await api.submit(t().spa, plain.shopper, plain.cart.id)).data?.utm).toBeNull();
  });

  it("refuses an over-long utm field with SP:ValidationError, leaving the cart active", async () => {
    const { shopper, cart } = await p.saltsCart();
    expectCode(
      await api.submit(t().spa, shopper, cart.id, { utm: { source: "x".repeat(201) } } as never),
      "SP:ValidationError",
      400,
    );
    expect((await p.cartRow(cart.id)).status).toBe("active");
  });

  it("a bank-transfer order keeps the utm of its checkout JSON", async () => {
    const { shopper, cart } = await p.saltsCart();
    const form = new FormData();
    form.set("transferorName", "Sara");
    form.set("files", new Blob([new Uint8Array(FILES.pdf)]), "r.pdf");
    form.set(
      "checkout",
      JSON.stringify({
        customer: { name: "Sara", mobileNumber: shopper.mobileNumber },
        utm: { source: "tiktok", campaign: "eid" },
      }),
    );
    const res = await api.call(t().spa, "POST", `cart/${cart.id}/bank-receipt`, { token: shopper.token, form });
    expect(res.error).toBeUndefined();
    expect(await utmOf(cart.id)).toEqual({ source: "tiktok", campaign: "eid" });
  });

  it("an online payment carries utm on its attempt into the completed order", async () => {
    const token = JSON.stringify({
      paymentMethod: { network: "Visa", displayName: "Visa 1111" },
      paymentData: { data: "sandbox" },
    });
    const { shopper, cart } = await p.saltsCart();
    p.tick();
    const paid = await p.api.call(t().spa, "POST", "payment/moyasar/session", {
      token: shopper.token,
      body: {
        reference: cart.id,
        token,
        tokenType: "applepay",
        callbackUrl: p.doneUrl(cart.id),
        checkout: { ...p.checkout(shopper), utm: { source: "snap", id: "s-1" } },
      },
    });
    expect(paid.error).toBeUndefined();
    const [attempt] = await p.attemptsOf(cart.id);
    expect(attempt.details).toMatchObject({ utm: { source: "snap", id: "s-1" } });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", utm: { source: "snap", id: "s-1" } });
  });
});
