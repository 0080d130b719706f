import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { bookings, carts, coupons, customers, uploads } from "@/platform/db/schema";
import { UPLOAD_FILE_LIMIT as MAX_UPLOAD_BYTES } from "@/contract/limits";
import type { BankAccountDto } from "@/contract/dto/checkout";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { FILES } from "./helpers/account-api";
import { DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, expectCode, withSettings, type Shopper } from "./helpers/checkout";

describeEachDb("checkout bank transfer", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  let nextDay = 30;

  /** A resthouse stay (30% deposit) on nights no other test uses. */
  async function stayCart() {
    const r = await demoProduct(t().db, spa().id, DEMO.resthouse);
    const from = nextDay;
    nextDay += 3;
    return api.cartWith(spa(), [
      {
        productId: r.id,
        priceId: r.priceId,
        reservationDateFrom: dayAhead(t().now, from),
        reservationDateTo: dayAhead(t().now, from + 2),
      },
    ]);
  }

  function receiptForm(
    shopper: Shopper,
    file: Uint8Array | null,
    opts: { name?: string; transferorName?: string | null; checkout?: string | null } = {},
  ) {
    const form = new FormData();
    if (opts.transferorName !== null) form.set("transferorName", opts.transferorName ?? "Sara Al-Qahtani");
    if (file) form.set("files", new Blob([new Uint8Array(file)]), opts.name ?? "receipt.pdf");
    if (opts.checkout !== null)
      form.set(
        "checkout",
        opts.checkout ??
          JSON.stringify({
            customer: { name: "Sara", mobileNumber: shopper.mobileNumber },
            bookingNotes: "Late arrival",
          }),
      );
    return form;
  }

  const send = (shopper: Shopper, cartId: string, form: FormData) =>
    api.call(spa(), "POST", `cart/${cartId}/bank-receipt`, { token: shopper.token, form });

  /** The cart is as before: active, unpaid, no receipt, no booking, no stored file. */
  async function expectUntouched(shopper: Shopper, cart: CartDto) {
    const [row] = await t().db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row).toMatchObject({
      status: "active",
      paymentStatus: "unpaid",
      paymentMethod: null,
      receiptUploadId: null,
      orderNumber: null,
    });
    expect(await t().db.select().from(bookings).where(eq(bookings.cartItemId, cart.items[0].id))).toEqual([]);
    expect(
      await t()
        .db.select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.customerId, shopper.id), eq(uploads.purpose, "bank-receipt"))),
    ).toEqual([]);
  }

  it("lists the tenant's bank accounts, public and in order", async () => {
    const res = await api.call<BankAccountDto[]>(t().coffee, "GET", "bank-account/bank-account");
    expect(res.data!.map((a) => a.bank)).toEqual(["snb", "alinma"]);
    expect(res.data![0]).toMatchObject({
      holderName: "Bunn Roastery Est.",
      iban: "SA4410000001234567891234",
      accountNumber: "01234567891234",
    });
    expect(Object.keys(res.data![0]).sort()).toEqual(["accountNumber", "bank", "holderName", "iban", "id"]);
    expect((await api.call<BankAccountDto[]>(spa(), "GET", "bank-account/bank-account")).data).toMatchObject([
      { bank: "alrajhi" },
    ]);
  });

  it("completes with a receipt: pending review, the receipt stored and linked", async () => {
    const { shopper, cart } = await stayCart();
    const res = await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { name: "transfer.png" }));
    expect(res.error).toBeUndefined();
    expect(res.data).toMatchObject({
      status: "completed",
      paymentMethod: "BANK_TRANSFER",
      paymentStatus: "pending_review",
      customerName: "Sara",
      bookingNotes: "Late arrival",
      amountToBePaid: cart.amountToBePaid,
    });
    const [row] = await t().db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row.transferorName).toBe("Sara Al-Qahtani");
    const [upload] = await t().db.select().from(uploads).where(eq(uploads.id, row.receiptUploadId!));
    expect(upload).toMatchObject({
      tenantId: spa().id,
      customerId: shopper.id,
      purpose: "bank-receipt",
      contentType: "application/pdf",
      size: FILES.pdf.length,
    });
    expect(upload.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await t().db.select().from(bookings).where(eq(bookings.cartItemId, cart.items[0].id))).toHaveLength(1);
    // Sent again: the order is already complete, and no second receipt is kept.
    expectCode(await send(shopper, cart.id, receiptForm(shopper, FILES.png)), "SP:CartAlreadyCompleted", 400);
    expect(
      await t()
        .db.select()
        .from(uploads)
        .where(and(eq(uploads.customerId, shopper.id), eq(uploads.purpose, "bank-receipt"))),
    ).toHaveLength(1);
  });

  it("takes spec §7's upload (the transferor and the files, no checkout field): the order names the customer's saved record", async () => {
    const { shopper, cart } = await stayCart();
    await t().db.update(customers).set({ name: "Reem Saleh" }).where(eq(customers.id, shopper.id));
    const res = await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { checkout: null }));
    expect(res.error).toBeUndefined();
    expect(res.data).toMatchObject({
      status: "completed",
      paymentStatus: "pending_review",
      customerName: "Reem Saleh",
      customerMobile: shopper.mobileNumber,
    });
  });

  it("refuses a receipt over 5 MB, an .exe renamed .pdf and an empty one, leaving the order unpaid", async () => {
    const { shopper, cart } = await stayCart();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(FILES.png);
    expectCode(await send(shopper, cart.id, receiptForm(shopper, big, { name: "big.png" })), "SP:FileTooLarge", 413);
    const huge = new Uint8Array(MAX_UPLOAD_BYTES * 2);
    huge.set(FILES.pdf);
    expectCode(await send(shopper, cart.id, receiptForm(shopper, huge)), "SP:FileTooLarge", 413);
    expectCode(
      await send(shopper, cart.id, receiptForm(shopper, FILES.exe, { name: "receipt.pdf" })),
      "SP:UnsupportedFileType",
      400,
    );
    expectCode(await send(shopper, cart.id, receiptForm(shopper, new Uint8Array(0))), "SP:BankReceiptRequired", 400);
    expectCode(await send(shopper, cart.id, receiptForm(shopper, null)), "SP:BankReceiptRequired", 400);
    await expectUntouched(shopper, cart);
  });

  it("completes only for the total the shopper confirmed, when the checkout names it", async () => {
    const { shopper, cart } = await stayCart();
    const checkout = (expectedTotal: unknown) =>
      JSON.stringify({ customer: { name: "Sara", mobileNumber: shopper.mobileNumber }, expectedTotal });
    const total = Math.round(cart.totalAmount * 100);
    expectCode(
      await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { checkout: checkout(-5) })),
      "SP:ValidationError",
      400,
    );
    const changed = await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { checkout: checkout(total + 1) }));
    expectCode(changed, "SP:CartTotalChanged", 409);
    expect(changed.error!.details).toEqual({ expected: total + 1, total });
    await expectUntouched(shopper, cart);
    expect(
      (await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { checkout: checkout(total) }))).data,
    ).toMatchObject({ status: "completed", paymentStatus: "pending_review" });
  });

  it("checks the other fields and the payment method before completing", async () => {
    const { shopper, cart } = await stayCart();
    expectCode(
      await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { transferorName: "  " })),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { transferorName: null })),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await send(shopper, cart.id, receiptForm(shopper, FILES.pdf, { checkout: "{not json" })),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await send(
        shopper,
        cart.id,
        receiptForm(shopper, FILES.pdf, {
          checkout: JSON.stringify({ customer: { name: "Sara", mobileNumber: "1" } }),
        }),
      ),
      "SP:InvalidMobileNumber",
      400,
    );
    const two = receiptForm(shopper, FILES.pdf);
    two.append("files", new Blob([FILES.png]), "second.png");
    expectCode(await send(shopper, cart.id, two), "SP:ValidationError", 400);
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/bank-receipt`, { form: receiptForm(shopper, FILES.pdf) }),
      "SP:Unauthorized",
      401,
    );
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/bank-receipt`, { token: shopper.token, body: { files: "x" } }),
      "SP:MalformedMultipart",
      400,
    );

    const restore = await withSettings(t().db, spa(), { bankTransferEnabled: "False" });
    try {
      expectCode(await send(shopper, cart.id, receiptForm(shopper, FILES.pdf)), "SP:PaymentMethodNotAllowed", 400);
    } finally {
      await restore();
    }
    await expectUntouched(shopper, cart);
    expect((await send(shopper, cart.id, receiptForm(shopper, FILES.jpeg))).data?.paymentStatus).toBe("pending_review");
  });

  it("does not take a bank transfer for a zero total (nothing to transfer)", async () => {
    const o = await demoProduct(t().db, spa().id, DEMO.oil);
    const { shopper, cart } = await api.cartWith(spa(), [{ productId: o.id, priceId: o.priceId, quantity: 1 }]);
    await t().db.insert(coupons).values({ tenantId: spa().id, code: "FREEOIL", kind: "percentage", value: 100 });
    expect((await api.applyCoupon(spa(), shopper, cart.id, "FREEOIL")).data?.totalAmount).toBe(0);
    expectCode(await send(shopper, cart.id, receiptForm(shopper, FILES.pdf)), "SP:PaymentMethodNotAllowed", 400);
    expect((await api.submit(spa(), shopper, cart.id)).data).toMatchObject({
      status: "completed",
      totalAmount: 0,
      paymentMethod: "CASH",
    });
  });

  it("replaces the receipt of an order awaiting review: a new file (the old kept), the transferor's name if given; one intent, one replacement; refused once reviewed, for another customer, for a cash order", async () => {
    const { shopper, cart } = await stayCart();
    expect((await send(shopper, cart.id, receiptForm(shopper, FILES.pdf))).status).toBe(200);
    const [before] = await t().db.select().from(carts).where(eq(carts.id, cart.id));
    const replace = (
      who: Shopper,
      id: string,
      file: Uint8Array | null,
      headers: Record<string, string> = {},
      transferorName?: string,
    ) => {
      const form = new FormData();
      if (file) form.set("files", new Blob([new Uint8Array(file)]), "again.png");
      if (transferorName) form.set("transferorName", transferorName);
      return api.call<{ replacedAt: string; contentType: string; size: number }>(
        spa(),
        "POST",
        `orders/${id}/bank-receipt`,
        { token: who.token, form, headers },
      );
    };
    const receipts = async () =>
      (
        await t()
          .db.select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.customerId, shopper.id), eq(uploads.purpose, "bank-receipt")))
      ).length;

    // Refusals first: nothing changes.
    expectCode(await replace(shopper, cart.id, null), "SP:FileRequired", 400);
    expectCode(
      await replace(shopper, cart.id, new TextEncoder().encode("not a receipt")),
      "SP:UnsupportedFileType",
      400,
    );
    const stranger = (await api.cartWith(spa(), [])).shopper;
    expect((await replace(stranger, cart.id, FILES.png)).status).toBe(404);
    expect(await receipts()).toBe(1);

    // A double tap: the same Idempotency-Key twice at once, one replacement.
    const key = { "idempotency-key": crypto.randomUUID() };
    const [a, b] = await Promise.all([
      replace(shopper, cart.id, FILES.png, key, "Sara Q."),
      replace(shopper, cart.id, FILES.png, key, "Sara Q."),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.data).toEqual(a.data);
    expect(a.data).toMatchObject({ contentType: "image/png", size: FILES.png.length });
    expect(await receipts()).toBe(2);
    const [after] = await t().db.select().from(carts).where(eq(carts.id, cart.id));
    expect(after.receiptUploadId).not.toBe(before.receiptUploadId);
    expect(after.transferorName).toBe("Sara Q.");
    expect(after.paymentStatus).toBe("pending_review");

    // Reviewed (paid): no more replacing. A cash order never had a receipt to replace.
    await t().db.update(carts).set({ paymentStatus: "paid" }).where(eq(carts.id, cart.id));
    expectCode(await replace(shopper, cart.id, FILES.png), "SP:ReceiptNotReplaceable", 409);
    const cash = await stayCart();
    expect((await api.submit(spa(), cash.shopper, cash.cart.id)).status).toBe(200);
    expectCode(await replace(cash.shopper, cash.cart.id, FILES.png), "SP:ReceiptNotReplaceable", 409);
    expect(await receipts()).toBe(2);
  });
});
