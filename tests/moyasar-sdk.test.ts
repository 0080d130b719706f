import Moyasar from "moyasar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/platform/db/client";
import { pressSandboxButton } from "@/platform/sandbox";
import { startSandboxServer } from "@/platform/sandbox/node-server";
import { openTestDatabase } from "./helpers/test-db";

// Moyasar's official node SDK (npm `moyasar` 0.5.1) pointed at the sandbox over real HTTP: it
// must get the answers Moyasar documents. The SDK hard-codes api.moyasar.com, so its payment
// service's base URL is moved to the sandbox; create, void and capture go through its own
// sendRequest, as the SDK has no method for them.

type Payment = {
  id: string;
  status: string;
  amount: number;
  captured: number;
  refunded: number;
  refunded_at: string | null;
  captured_at: string | null;
  voided_at: string | null;
  source: {
    type: string;
    number: string;
    transaction_url: string | null;
    gateway_id: string | null;
    reference_number: string | null;
  };
};

/** request-promise's refusal: the HTTP status and Moyasar's error body. */
type SdkError = { statusCode: number; error: { type: string; message: string; errors: unknown } };

describe("Moyasar's official node SDK against the sandbox", () => {
  let handle: DbHandle;
  let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
  let moyasar: Moyasar;
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    sandbox = await startSandboxServer(handle.db);
    moyasar = new Moyasar("sk_test_sdk_account");
    moyasar.payment.baseUrl = `${sandbox.origin}/sandbox/moyasar/v1/`;
  });
  afterAll(async () => {
    errors.mockRestore();
    await sandbox?.close();
    await handle?.close();
  });

  const card = {
    type: "creditcard",
    name: "Sara Ali",
    number: "4111111111111111",
    month: 12,
    year: new Date().getFullYear() + 2,
    cvc: "123",
  };

  /** A card payment created with the secret key and authenticated on its 3-D Secure page. */
  async function paid(amount: number, manual = false): Promise<Payment> {
    const created = (await moyasar.payment.sendRequest("payments", "POST", {
      amount,
      currency: "SAR",
      description: "SDK order",
      callback_url: "https://shop.example/done",
      source: { ...card, manual },
    })) as unknown as Payment;
    expect(created).toMatchObject({
      status: "initiated",
      amount,
      source: {
        type: "creditcard",
        number: "XXXX-XXXX-XXXX-1111",
        transaction_url: expect.stringContaining(`/sandbox/moyasar/3ds/${created.id}`),
      },
    });
    await pressSandboxButton(handle.db, created.source.transaction_url!, "authenticate");
    return (await moyasar.payment.fetch(created.id)) as unknown as Payment;
  }

  it("creates and fetches a payment with the documented fields", async () => {
    const p = await paid(10_000);
    expect(p).toMatchObject({
      status: "paid",
      amount: 10_000,
      captured: 10_000,
      refunded: 0,
      captured_at: expect.any(String),
      refunded_at: null,
      voided_at: null,
    });
    expect(p.source).toMatchObject({
      gateway_id: expect.any(String),
      reference_number: expect.stringMatching(/^\d{12}$/),
    });
    expect(Object.keys(p)).toEqual(
      expect.arrayContaining(["invoice_id", "ip", "fee", "amount_format", "metadata", "created_at", "updated_at"]),
    );
  });

  it("refunds in part and in the rest; more than is left is refused with Moyasar's error", async () => {
    const p = await paid(10_000);
    expect(await moyasar.payment.refund(p.id, { amount: 2_500 })).toMatchObject({
      id: p.id,
      status: "refunded",
      refunded: 2_500,
      refunded_at: expect.any(String),
    });
    const over = (await moyasar.payment.refund(p, { amount: 8_000 }).catch((e: unknown) => e)) as SdkError;
    expect(over).toMatchObject({ statusCode: 400, error: { type: "invalid_request_error" } });
    expect(await moyasar.payment.refund({ id: p.id })).toMatchObject({ status: "refunded", refunded: 10_000 });
  });

  it("voids a payment the same day; a voided payment is neither refunded nor voided again", async () => {
    const p = await paid(5_000);
    expect(await moyasar.payment.sendRequest(`payments/${p.id}/void`, "POST")).toMatchObject({
      id: p.id,
      status: "voided",
      voided_at: expect.any(String),
    });
    expect(await moyasar.payment.refund(p.id).catch((e: SdkError) => e.statusCode)).toBe(400);
    expect(
      await moyasar.payment.sendRequest(`payments/${p.id}/void`, "POST").catch((e: SdkError) => e.statusCode),
    ).toBe(400);
  });

  it("a manual payment ends authorized after 3-D Secure and is captured (in part) by the merchant, once", async () => {
    const p = await paid(9_000, true);
    expect(p).toMatchObject({ status: "authorized", captured: 0 });
    expect(await moyasar.payment.sendRequest(`payments/${p.id}/capture`, "POST", { amount: 6_000 })).toMatchObject({
      status: "captured",
      captured: 6_000,
      captured_at: expect.any(String),
    });
    expect(
      await moyasar.payment.sendRequest(`payments/${p.id}/capture`, "POST").catch((e: SdkError) => e.statusCode),
    ).toBe(400);
    expect(await moyasar.payment.refund(p.id, { amount: 6_001 }).catch((e: SdkError) => e.statusCode)).toBe(400);
  });

  it("lists the account's payments page by page and updates a description; another account sees none of them", async () => {
    const page = await moyasar.payment.list({ page: 1, per: 2 });
    expect(page).toHaveLength(2);
    expect(await moyasar.payment.update({ id: (page[0] as { id: string }).id, description: "Renamed" })).toEqual({
      message: "Payment updated successfully",
    });
    expect(await moyasar.payment.fetch((page[0] as { id: string }).id)).toMatchObject({ description: "Renamed" });
    const other = new Moyasar("sk_test_another_account");
    other.payment.baseUrl = moyasar.payment.baseUrl;
    expect(await other.payment.list()).toEqual([]);
    expect(await other.payment.fetch((page[0] as { id: string }).id).catch((e: SdkError) => e.statusCode)).toBe(404);
  });
});
