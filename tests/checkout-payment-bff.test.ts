import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { carts, products } from "@/platform/db/schema";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { ApiEnvelope } from "@/contract/errors";
import type { BankAccountDto } from "@/contract/dto/checkout";
import type { CartDto, PickupBranchDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import {
  cleared,
  envelopeData,
  jar,
  jsonRequest,
  nextHeadersMock,
  readEnvelope,
  storeApi,
} from "./helpers/bff-harness";
import { DEMO, demoProduct } from "./helpers/demo-catalog";

/**
 * The payment step's BFF (/api/checkout/submit, /bank-receipt, /bank-accounts) end to end on the
 * embedded platform: route handler → session and cart cookies → platform client → services →
 * database. Next's cookie store is a plain jar (the handlers run outside a Next request).
 */
vi.mock("next/headers", () => nextHeadersMock());

const HOST = "spa.localhost";
const json = (method: string, path: string, body?: unknown, host = HOST) =>
  jsonRequest(host, method, path, body, "203.0.113.9");
const read = readEnvelope;
const data = envelopeData;
const errorOf = <T>(r: { body: ApiEnvelope<T> }) => ("error" in r.body ? r.body.error : null);

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** A Windows executable's first bytes ("MZ"), named and typed as a PDF. */
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

function receiptForm(
  file: Uint8Array<ArrayBuffer> | null,
  name = "receipt.pdf",
  type = "application/pdf",
  mobileNumber = "0500000000",
) {
  const form = new FormData();
  form.set("transferorName", "Sara Al-Qahtani");
  if (file) form.set("files", new Blob([file], { type }), name);
  form.set("checkout", JSON.stringify({ customer: { name: " Sara ", mobileNumber }, bookingNotes: "Towels please" }));
  return form;
}
const receiptRequest = (form: FormData) =>
  new Request(`http://${HOST}/api/checkout/bank-receipt?locale=en`, {
    method: "POST",
    headers: { host: HOST },
    body: form,
  });

describeEachDb("checkout payment BFF", (t) => {
  let oil: { id: string; priceId: string };
  let n = 20;
  let mobile = "";

  /** Signs a fresh number in through the session BFF (code from the SMS outbox). */
  async function signIn() {
    mobile = `+9665000001${n++}`;
    const sent = data(
      (await read<{ token: string }>(await storeApi(json("POST", "/api/session/otp/send", { mobileNumber: mobile }))))
        .body,
    );
    const code = (await latestOutboxMessage(t().db, t().spa.id, mobile))!.code!;
    expect((await storeApi(json("POST", "/api/session/otp/verify", { token: sent.token, code }))).status).toBe(200);
  }

  /** The oil in the cart, collected at the store's nearest branch (merchandise asks delivery or pickup). */
  async function cartWithOil(quantity = 1): Promise<CartDto> {
    const added = await read<CartDto>(
      await storeApi(json("POST", "/api/cart/items", { productId: oil.id, priceId: oil.priceId, quantity })),
    );
    const cart = data(added.body);
    const [branch] = data((await read<PickupBranchDto[]>(await storeApi(json("GET", "/api/checkout/branches")))).body);
    const body = { kind: "pickup", branchId: branch.id };
    const chosen = (await read<CartDto>(await storeApi(json("PUT", "/api/checkout/fulfilment", body)))).body;
    // Signed out, the choice waits for the sign-in (the suite's refusals of signed-out shoppers).
    return "data" in chosen ? chosen.data : cart;
  }

  const cashBody = () => ({
    paymentMethod: "CASH",
    customer: { name: "  Sara  ", mobileNumber: mobile },
    bookingNotes: "Quiet room",
    termsAccepted: true,
  });
  const stock = async () =>
    (await t().db.select({ stock: products.stock }).from(products).where(eq(products.id, oil.id)))[0].stock;
  const cartRow = async (id: string) => (await t().db.select().from(carts).where(eq(carts.id, id)))[0];

  beforeAll(async () => {
    const { db, spa } = t();
    setPlatformDb({ db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    oil = await demoProduct(db, spa.id, DEMO.oil);
  });

  beforeEach(async () => {
    jar.clear();
    cleared.length = 0;
    await t().db.update(products).set({ stock: 3 }).where(eq(products.id, oil.id));
  });

  it("completes a cash order, clears the cart cookie, and the next add starts a new cart", async () => {
    await signIn();
    const cart = await cartWithOil(2);
    // What the payment step calls first, before every payment.
    expect(data((await read(await storeApi(json("GET", "/api/checkout/validate")))).body)).toEqual({
      valid: true,
    });
    const done = await read<CartDto>(await storeApi(json("POST", "/api/checkout/submit?locale=en", cashBody())));
    expect(done.status).toBe(200);
    const order = data(done.body);
    expect(order).toMatchObject({
      id: cart.id,
      status: "completed",
      paymentMethod: "CASH",
      paymentStatus: "pay_on_site",
      customerName: "Sara",
      customerMobile: mobile,
      bookingNotes: "Quiet room",
    });
    expect(order.orderNumber).toMatch(/^[A-Z0-9]{4,}$/);
    expect(await stock()).toBe(1);
    expect(cleared).toContain("sf_cart_spa");
    expect(data((await read<CartDto | null>(await storeApi(json("GET", "/api/cart")))).body)).toBeNull();
    const next = await cartWithOil();
    expect(next.id).not.toBe(cart.id);
  });

  it("answers SP:CartAlreadyCompleted for a completed cart (the done-page redirect) and forgets its cookie", async () => {
    await signIn();
    const cart = await cartWithOil();
    expect((await storeApi(json("POST", "/api/checkout/submit", cashBody()))).status).toBe(200);
    jar.set("sf_cart_spa", cart.id);
    cleared.length = 0;
    const again = await read(await storeApi(json("POST", "/api/checkout/submit", cashBody())));
    expect(again.status).toBe(400);
    expect(errorOf(again)?.code).toBe("SP:CartAlreadyCompleted");
    expect(cleared).toContain("sf_cart_spa");
    expect(await stock()).toBe(2);
  });

  it("passes the total the shopper confirmed: another total is refused (409 SP:CartTotalChanged), the cart kept", async () => {
    await signIn();
    const cart = await cartWithOil();
    const total = Math.round(cart.totalAmount * 100);
    for (const expectedTotal of [-1, 0.5, "100"]) {
      const bad = await read(await storeApi(json("POST", "/api/checkout/submit", { ...cashBody(), expectedTotal })));
      expect(bad.status, String(expectedTotal)).toBe(400);
      expect(errorOf(bad)?.code).toBe("SP:ValidationError");
    }
    const changed = await read(
      await storeApi(json("POST", "/api/checkout/submit?locale=en", { ...cashBody(), expectedTotal: total - 100 })),
    );
    expect(changed.status).toBe(409);
    expect(errorOf(changed)).toMatchObject({ code: "SP:CartTotalChanged", details: { expected: total - 100, total } });
    expect(jar.get("sf_cart_spa")).toBe(cart.id);
    expect(await cartRow(cart.id)).toMatchObject({ status: "active", paymentStatus: "unpaid" });
    expect(await stock()).toBe(3);
    const done = await read<CartDto>(
      await storeApi(json("POST", "/api/checkout/submit?locale=en", { ...cashBody(), expectedTotal: total })),
    );
    expect(data(done.body)).toMatchObject({ id: cart.id, status: "completed", totalAmount: cart.totalAmount });
  });

  it("refuses a signed-out shopper, a missing cart and a body that is not cash", async () => {
    await cartWithOil();
    const signedOut = await read(await storeApi(json("POST", "/api/checkout/submit", cashBody())));
    expect(signedOut.status).toBe(401);
    expect(errorOf(signedOut)?.code).toBe("SP:Unauthorized");

    await signIn();
    jar.delete("sf_cart_spa");
    const noCart = await read(await storeApi(json("POST", "/api/checkout/submit", cashBody())));
    expect(noCart.status).toBe(404);
    expect(errorOf(noCart)?.code).toBe("SP:EntityNotFound");

    await cartWithOil();
    for (const body of [
      { ...cashBody(), paymentMethod: "BANK_TRANSFER" },
      { ...cashBody(), paymentMethod: "CARD" },
      { paymentMethod: "CASH" },
      { ...cashBody(), customer: { name: " ", mobileNumber: mobile } },
    ]) {
      const bad = await read(await storeApi(json("POST", "/api/checkout/submit", body)));
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad)?.code).toBe("SP:ValidationError");
    }
    expect(jar.has("sf_cart_spa")).toBe(true);
  });

  it("refuses a request from another site riding on the shopper's cookies", async () => {
    await signIn();
    await cartWithOil();
    const req = new Request(`http://${HOST}/api/checkout/submit`, {
      method: "POST",
      headers: { host: HOST, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify(cashBody()),
    });
    expect((await read(await storeApi(req))).status).toBe(403);
  });

  it("completes a bank transfer with a PDF receipt: pending review, cookie cleared", async () => {
    await signIn();
    const cart = await cartWithOil();
    const done = await read<CartDto>(
      await storeApi(receiptRequest(receiptForm(PDF, "receipt.pdf", "application/pdf", mobile))),
    );
    expect(done.status).toBe(200);
    expect(data(done.body)).toMatchObject({
      id: cart.id,
      status: "completed",
      paymentMethod: "BANK_TRANSFER",
      paymentStatus: "pending_review",
      customerName: "Sara",
      bookingNotes: "Towels please",
    });
    expect((await cartRow(cart.id)).transferorName).toBe("Sara Al-Qahtani");
    expect(cleared).toContain("sf_cart_spa");
  });

  it("refuses an empty receipt, an .exe renamed .pdf and a receipt over 5 MB, leaving the order unpaid", async () => {
    await signIn();
    const cart = await cartWithOil();
    const cases: [FormData, number, string][] = [
      [receiptForm(null, "x", "x", mobile), 400, "SP:BankReceiptRequired"],
      [receiptForm(new Uint8Array(0), "empty.pdf", "application/pdf", mobile), 400, "SP:BankReceiptRequired"],
      [receiptForm(EXE, "receipt.pdf", "application/pdf", mobile), 400, "SP:UnsupportedFileType"],
      [receiptForm(new Uint8Array(5_242_881).fill(0x25), "big.pdf", "application/pdf", mobile), 413, "SP:FileTooLarge"],
    ];
    for (const [form, status, code] of cases) {
      const refused = await read(await storeApi(receiptRequest(form)));
      expect(errorOf(refused)?.code, code).toBe(code);
      expect(refused.status, code).toBe(status);
    }
    const row = await cartRow(cart.id);
    expect(row.status).toBe("active");
    expect(row.paymentStatus).toBe("unpaid");
    expect(jar.get("sf_cart_spa")).toBe(cart.id);
    expect(await stock()).toBe(3);
  });

  it("refuses an oversize body by its declared length, or as it streams, before parsing it", async () => {
    await signIn();
    await cartWithOil();
    const declared = new Request(`http://${HOST}/api/checkout/bank-receipt`, {
      method: "POST",
      headers: {
        host: HOST,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(6 * 1024 * 1024),
      },
      body: "--x--",
    });
    const byHeader = await read(await storeApi(declared));
    expect(byHeader.status).toBe(413);
    expect(errorOf(byHeader)?.code).toBe("SP:FileTooLarge");

    let sent = 0;
    const chunk = new Uint8Array(512 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = new Request(`http://${HOST}/api/checkout/bank-receipt`, {
      method: "POST",
      headers: { host: HOST, "content-type": "multipart/form-data; boundary=x" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const byStream = await read(await storeApi(streamed));
    expect(byStream.status).toBe(413);
    expect(sent).toBeLessThan(7 * 1024 * 1024);
  });

  it("refuses a body that is not multipart, and a checkout field that is not the customer's details", async () => {
    await signIn();
    await cartWithOil();
    const notMultipart = await read(
      await storeApi(json("POST", "/api/checkout/bank-receipt", { transferorName: "x" })),
    );
    expect(notMultipart.status).toBe(400);
    expect(errorOf(notMultipart)?.code).toBe("SP:MalformedMultipart");
    const form = receiptForm(PDF, "r.pdf", "application/pdf", mobile);
    form.set("checkout", "{not json");
    const badCheckout = await read(await storeApi(receiptRequest(form)));
    expect(badCheckout.status).toBe(400);
    expect(errorOf(badCheckout)?.code).toBe("SP:ValidationError");
  });

  it("refuses a signed-out bank transfer before reading the file", async () => {
    await cartWithOil();
    const refused = await read(await storeApi(receiptRequest(receiptForm(PDF))));
    expect(refused.status).toBe(401);
  });

  it("lists the tenant's bank accounts, publicly", async () => {
    const spaAccounts = data(
      (await read<BankAccountDto[]>(await storeApi(json("GET", "/api/checkout/bank-accounts")))).body,
    );
    expect(spaAccounts.map((a) => a.bank)).toEqual(["alrajhi"]);
    expect(spaAccounts[0]).toMatchObject({
      holderName: "Rimal Wellness Co.",
      iban: "SA0380000000608010167519",
      accountNumber: "608010167519",
    });
    const coffee = data(
      (
        await read<BankAccountDto[]>(
          await storeApi(json("GET", "/api/checkout/bank-accounts", undefined, "coffee.localhost")),
        )
      ).body,
    );
    expect(coffee.map((a) => a.bank)).toEqual(["snb", "alinma"]);
  });
});
