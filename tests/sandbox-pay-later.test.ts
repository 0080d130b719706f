import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it, vi } from "vitest";
import { pressSandboxButton, sandboxRequestHandler } from "@/platform/sandbox";
import { bearer, callSandbox, describeSandbox } from "./helpers/sandbox";

const DONE = "http://spa.localhost:3000/checkout/done/cart-1";

const tabbyBody = (phone: string, amount = "300.00") => ({
  payment: {
    amount,
    currency: "SAR",
    description: "Order",
    buyer: { name: "Sara Ahmed", phone, email: "sara@example.com" },
    shipping_address: { city: "Riyadh", address: "Olaya St", zip: "12211" },
    order: {
      reference_id: "cart-1",
      items: [{ title: "Massage", quantity: 1, unit_price: amount, reference_id: "p1", category: "service" }],
    },
    buyer_history: { registered_since: "2026-01-02T03:04:05Z", loyalty_level: 0 },
    order_history: [],
  },
  lang: "en",
  merchant_code: "rimal",
  merchant_urls: {
    success: `${DONE}?payment_method=tabby`,
    cancel: `${DONE}?payment_method=tabby&status=cancel`,
    failure: `${DONE}?payment_method=tabby&status=failure`,
  },
});

const tamaraBody = (amount = 300.5) => ({
  order_reference_id: "cart-1",
  total_amount: { amount, currency: "SAR" },
  shipping_amount: { amount: 0, currency: "SAR" },
  tax_amount: { amount: 0, currency: "SAR" },
  items: [
    {
      name: "Massage",
      quantity: 1,
      reference_id: "p1",
      sku: "p1",
      type: "Digital",
      total_amount: { amount, currency: "SAR" },
    },
  ],
  consumer: { first_name: "Sara", last_name: "Ahmed", phone_number: "+966500000001", email: "sara@example.com" },
  country_code: "SA",
  description: "Order",
  merchant_url: {
    success: `${DONE}?payment_method=tamara`,
    failure: `${DONE}?payment_method=tamara&status=failure`,
    cancel: `${DONE}?payment_method=tamara&status=cancel`,
    notification: "http://spa.localhost:3000/api/app/payment/webhooks/tamara",
  },
  locale: "en_US",
  payment_type: "PAY_BY_INSTALMENTS",
});

type TabbySession = {
  id: string;
  status: string;
  payment: { id: string; amount: string; status: string };
  configuration: {
    available_products: { installments?: { web_url: string }[] };
    products: { installments: { is_available: boolean; rejection_reason: string | null } };
  };
};

describeSandbox("Tabby sandbox", (db) => {
  const TABBY = bearer("sk_test_tabby_alpha");
  const checkout = (body: unknown, auth = TABBY) =>
    callSandbox(db(), "POST", "/sandbox/tabby/api/v2/checkout", { auth, json: body });
  const payment = (id: string, auth = TABBY) =>
    callSandbox(db(), "GET", `/sandbox/tabby/api/v2/payments/${id}`, { auth });

  it("creates a session with a hosted page on the success URL's host; Approve authorizes and returns with payment_id", async () => {
    const res = await checkout(tabbyBody("+966500000001"));
    expect(res.status).toBe(200);
    const s = res.body as TabbySession;
    expect(s).toMatchObject({
      status: "created",
      payment: { amount: "300.00", status: "CREATED" },
      configuration: { products: { installments: { is_available: true, rejection_reason: null } } },
    });
    const webUrl = s.configuration.available_products.installments![0].web_url;
    expect(webUrl).toBe(`http://spa.localhost:3000/sandbox/tabby/hosted/${s.payment.id}`);
    const page = await callSandbox(db(), "GET", webUrl);
    expect(page.text).toContain("Sandbox — Tabby");
    for (const label of ["Approve", "Decline", "Cancel"]) expect(page.text).toContain(`>${label}</button>`);
    expect((await payment(s.payment.id)).body).toMatchObject({
      id: s.payment.id,
      status: "CREATED",
      amount: "300.00",
      currency: "SAR",
      order: { reference_id: "cart-1" },
    });
    const back = new URL(await pressSandboxButton(db(), webUrl, "approve"));
    expect(back.searchParams.get("payment_method")).toBe("tabby");
    expect(back.searchParams.get("status")).toBeNull();
    expect(back.searchParams.get("payment_id")).toBe(s.payment.id);
    expect((await payment(s.payment.id)).body).toMatchObject({ status: "AUTHORIZED" });
    // Once decided, another press returns the same way.
    expect(new URL(await pressSandboxButton(db(), webUrl, "decline")).searchParams.get("status")).toBeNull();
  });

  it("Decline rejects to the failure URL, Cancel expires to the cancel URL", async () => {
    for (const [action, urlStatus, paymentStatus] of [
      ["decline", "failure", "REJECTED"],
      ["cancel", "cancel", "EXPIRED"],
    ] as const) {
      const s = (await checkout(tabbyBody("+966500000001"))).body as TabbySession;
      const back = new URL(
        await pressSandboxButton(db(), s.configuration.available_products.installments![0].web_url, action),
      );
      expect(back.searchParams.get("status")).toBe(urlStatus);
      expect((await payment(s.payment.id)).body).toMatchObject({ status: paymentStatus });
    }
  });

  it("rejects the test phone (in any spelling) and amounts above 5000 SAR", async () => {
    for (const phone of ["+966500000002", "0500000002", "966500000002"]) {
      const s = (await checkout(tabbyBody(phone))).body as TabbySession;
      expect(s).toMatchObject({
        status: "rejected",
        configuration: {
          available_products: {},
          products: { installments: { is_available: false, rejection_reason: "not_available" } },
        },
      });
    }
    const high = (await checkout(tabbyBody("+966500000001", "5000.01"))).body as TabbySession;
    expect(high.configuration.products.installments).toEqual({
      type: "installments",
      is_available: false,
      rejection_reason: "order_amount_too_high",
    });
    expect(((await checkout(tabbyBody("+966500000001", "5000.00"))).body as TabbySession).status).toBe("created");
  });

  it("refuses a session without the fields Tabby's schema requires (buyer email, shipping address, buyer and order history)", async () => {
    const without = (field: "email" | "shipping_address" | "buyer_history" | "order_history") => {
      const body = tabbyBody("+966500000001");
      if (field === "email")
        return { ...body, payment: { ...body.payment, buyer: { name: "Sara Ahmed", phone: "+966500000001" } } };
      const payment: Record<string, unknown> = { ...body.payment };
      delete payment[field];
      return { ...body, payment };
    };
    for (const field of ["email", "shipping_address", "buyer_history", "order_history"] as const) {
      const res = await checkout(without(field));
      expect(res, field).toMatchObject({
        status: 400,
        body: {
          status: "error",
          errorType: "bad_data",
          error: expect.stringContaining(field === "email" ? "payment.buyer.email" : `payment.${field}`),
        },
      });
    }
    expect(
      (
        await checkout({
          ...tabbyBody("+966500000001"),
          payment: {
            ...tabbyBody("+966500000001").payment,
            buyer: { name: "Sara", phone: "+966500000001", email: "" },
          },
        })
      ).status,
    ).toBe(400);
  });

  const approved = async (amount = "300.00") => {
    const s = (await checkout(tabbyBody("+966500000001", amount))).body as TabbySession;
    await pressSandboxButton(db(), s.configuration.available_products.installments![0].web_url, "approve");
    return s.payment.id;
  };
  const move = (id: string, op: "captures" | "refunds" | "close", body: unknown = {}, auth = TABBY) =>
    callSandbox(db(), "POST", `/sandbox/tabby/api/v2/payments/${id}/${op}`, { auth, json: body });

  it("captures an AUTHORIZED payment up to its amount (all of it ⇒ CLOSED), refunds up to what was captured, once each at once", async () => {
    const id = await approved();
    expect(await move(id, "refunds", { amount: "10.00" })).toMatchObject({ status: 400, body: { status: "error" } });
    expect(await move(id, "captures", { amount: "300.01" })).toMatchObject({ status: 400 });
    expect(await move(id, "captures", { amount: "100.00", reference_id: "c-1" })).toMatchObject({
      status: 200,
      body: { status: "AUTHORIZED", captures: [{ amount: "100.00", reference_id: "c-1" }] },
    });
    // Three captures of the rest at once: one is taken, the others find nothing left.
    const rest = await Promise.all([1, 2, 3].map(() => move(id, "captures", { amount: "200.00" })));
    expect(rest.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect((await payment(id)).body).toMatchObject({
      status: "CLOSED",
      captures: [{ amount: "100.00" }, { amount: "200.00" }],
      refunds: [],
    });
    expect(await move(id, "refunds", { amount: "50.00", reason: "late" })).toMatchObject({
      status: 200,
      body: { refunds: [{ amount: "50.00", reason: "late" }] },
    });
    const refunds = await Promise.all([1, 2].map(() => move(id, "refunds", { amount: "250.00" })));
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await move(id, "refunds", { amount: "0.01" })).toMatchObject({ status: 400 });
    expect(await move(id, "close")).toMatchObject({ status: 400 });
    expect((await move(id, "refunds", { amount: "1.00" }, bearer("sk_test_beta"))).status).toBe(404);
  });

  it("a refund's reference_id is its idempotency key: sent again (its answer lost), it answers the payment and gives back nothing more", async () => {
    const id = await approved();
    await move(id, "captures", { amount: "300.00" });
    const once = await move(id, "refunds", { amount: "100.00", reference_id: "line-1" });
    const again = await move(id, "refunds", { amount: "100.00", reference_id: "line-1" });
    expect(again).toMatchObject({ status: 200, body: once.body as object });
    expect((await payment(id)).body).toMatchObject({ refunds: [{ amount: "100.00", reference_id: "line-1" }] });
    expect(await move(id, "refunds", { amount: "100.00", reference_id: "line-2" })).toMatchObject({
      status: 200,
      body: { refunds: [{ reference_id: "line-1" }, { reference_id: "line-2" }] },
    });
  });

  it("reads a checkout session by its id, and updates a payment's order reference_id", async () => {
    const s = (await checkout(tabbyBody("+966500000001"))).body as TabbySession;
    const read = await callSandbox(db(), "GET", `/sandbox/tabby/api/v2/checkout/${s.id}`, { auth: TABBY });
    expect(read).toMatchObject({ status: 200, body: { id: s.id, status: "created", payment: { id: s.payment.id } } });
    expect(
      (await callSandbox(db(), "GET", `/sandbox/tabby/api/v2/checkout/${s.id}`, { auth: bearer("sk_test_beta") }))
        .status,
    ).toBe(404);
    const put = (json: unknown, auth = TABBY) =>
      callSandbox(db(), "PUT", `/sandbox/tabby/api/v2/payments/${s.payment.id}`, { auth, json });
    expect(await put({ order: { reference_id: "order-7" } })).toMatchObject({
      status: 200,
      body: { id: s.payment.id, order: { reference_id: "order-7" } },
    });
    expect((await put({ order: {} })).status).toBe(400);
    expect((await put({ order: { reference_id: "x" } }, bearer("sk_test_beta"))).status).toBe(404);
    expect((await payment(s.payment.id)).body).toMatchObject({ order: { reference_id: "order-7" } });
  });

  it("close ends an AUTHORIZED payment without a capture (a cancellation), and nothing is captured after", async () => {
    const id = await approved();
    expect(await move(id, "close")).toMatchObject({ status: 200, body: { status: "CLOSED", captures: [] } });
    expect(await move(id, "captures", { amount: "300.00" })).toMatchObject({ status: 400 });
    expect(await move(id, "close")).toMatchObject({ status: 400 });
  });

  it("notifies the merchant's registered webhooks of each change, under the registered header", async () => {
    const seen: { headers: Record<string, string | string[] | undefined>; body: { id: string; status: string } }[] = [];
    const receiver = createServer((req, res) => {
      let text = "";
      req.on("data", (d) => (text += d));
      req.on("end", () => {
        seen.push({ headers: req.headers, body: JSON.parse(text) });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const registered = await callSandbox(db(), "POST", "/sandbox/tabby/api/v1/webhooks", {
        auth: bearer("sk_test_tabby_hooks"),
        json: { url, header: { title: "X-Shop-Token", value: "s3cret" } },
      });
      expect(registered.status).toBe(400); // without X-Merchant-Code
      const headers = new Headers({
        authorization: bearer("sk_test_tabby_hooks"),
        "content-type": "application/json",
        "x-merchant-code": "rimal",
      });
      const ok = await sandboxRequestHandler(db())(
        new Request("http://127.0.0.1/sandbox/tabby/api/v1/webhooks", {
          method: "POST",
          headers,
          body: JSON.stringify({ url, header: { title: "X-Shop-Token", value: "s3cret" } }),
        }),
      );
      expect(ok.status).toBe(200);
      const s = (await checkout(tabbyBody("+966500000001"), bearer("sk_test_tabby_hooks"))).body as TabbySession;
      await pressSandboxButton(db(), s.configuration.available_products.installments![0].web_url, "approve");
      await vi.waitFor(() => expect(seen.map((n) => n.body.status)).toEqual(["AUTHORIZED"]), { timeout: 5000 });
      await callSandbox(db(), "POST", `/sandbox/tabby/api/v2/payments/${s.payment.id}/captures`, {
        auth: bearer("sk_test_tabby_hooks"),
        json: { amount: "300.00" },
      });
      await vi.waitFor(() => expect(seen.map((n) => n.body.status)).toEqual(["AUTHORIZED", "CLOSED"]), {
        timeout: 5000,
      });
      expect(seen[0]).toMatchObject({ headers: { "x-shop-token": "s3cret" }, body: { id: s.payment.id } });
      // Another account's payments are not sent to this merchant's hook.
      const other = (await checkout(tabbyBody("+966500000001"))).body as TabbySession;
      await pressSandboxButton(db(), other.configuration.available_products.installments![0].web_url, "approve");
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toHaveLength(2);
    } finally {
      receiver.close();
    }
  });

  it("refuses bad bodies and keys, and keeps accounts apart", async () => {
    expect(await checkout({ ...tabbyBody("+966500000001"), merchant_urls: { success: "nope" } })).toMatchObject({
      status: 400,
      body: { status: "error", errorType: "bad_data", error: expect.any(String) },
    });
    expect(await checkout(tabbyBody("+966500000001", "300")).then((r) => (r.body as TabbySession).payment.amount)).toBe(
      "300.00",
    );
    expect(await checkout(tabbyBody("+966500000001", "3,00"))).toMatchObject({ status: 400 });
    expect(await checkout(tabbyBody("+966500000001"), bearer("pk_public"))).toMatchObject({
      status: 401,
      body: { status: "error" },
    });
    expect((await checkout(tabbyBody("+966500000001"), "")).status).toBe(401);
    const s = (await checkout(tabbyBody("+966500000001"))).body as TabbySession;
    expect((await payment(s.payment.id, bearer("sk_test_beta"))).status).toBe(404);
  });
});

type TamaraCheckout = { order_id: string; checkout_id: string; checkout_url: string; status: string };

describeSandbox("Tamara sandbox", (db) => {
  const TAMARA = bearer("tamara_test_alpha");
  const checkout = (body: unknown, auth = TAMARA) =>
    callSandbox(db(), "POST", "/sandbox/tamara/checkout", { auth, json: body });
  const order = (id: string, auth = TAMARA) => callSandbox(db(), "GET", `/sandbox/tamara/orders/${id}`, { auth });
  const authorise = (id: string, auth = TAMARA) =>
    callSandbox(db(), "POST", `/sandbox/tamara/orders/${id}/authorise`, { auth });

  it("creates a checkout on the success URL's host; Approve returns approved; authorise is idempotent", async () => {
    const res = await checkout(tamaraBody());
    expect(res.status).toBe(200);
    const c = res.body as TamaraCheckout;
    expect(c).toMatchObject({ order_id: expect.any(String), checkout_id: expect.any(String), status: "new" });
    expect(c.checkout_url).toBe(`http://spa.localhost:3000/sandbox/tamara/hosted/${c.order_id}`);
    expect((await order(c.order_id)).body).toMatchObject({
      order_id: c.order_id,
      order_reference_id: "cart-1",
      status: "new",
      total_amount: { amount: 300.5, currency: "SAR" },
    });
    // Not approved yet: nothing to authorise.
    expect(await authorise(c.order_id)).toMatchObject({
      status: 400,
      body: { message: expect.any(String), errors: [{ error_code: "order_is_not_approved" }] },
    });
    const page = await callSandbox(db(), "GET", c.checkout_url);
    expect(page.text).toContain("Sandbox — Tamara");
    expect(page.text).toContain("300.50 SAR");
    // A quarter of 300.50 is 75.125: rounded half up to the halala, as the promo scripts show it.
    expect(page.text).toContain("75.13 SAR");
    for (const label of ["Approve", "Decline", "Cancel"]) expect(page.text).toContain(`>${label}</button>`);
    const back = new URL(await pressSandboxButton(db(), c.checkout_url, "approve"));
    expect(back.searchParams.get("payment_method")).toBe("tamara");
    expect(back.searchParams.get("status")).toBeNull();
    expect(back.searchParams.get("orderId")).toBe(c.order_id);
    expect(back.searchParams.get("paymentStatus")).toBe("approved");
    expect((await order(c.order_id)).body).toMatchObject({ status: "approved" });
    const results = await Promise.all([authorise(c.order_id), authorise(c.order_id), authorise(c.order_id)]);
    for (const r of results)
      expect(r).toMatchObject({
        status: 200,
        body: { order_id: c.order_id, status: "authorised", order_expiry_time: expect.any(String) },
      });
    expect((await authorise(c.order_id)).body).toEqual(results[0].body);
    expect((await order(c.order_id)).body).toMatchObject({ status: "authorised" });
  });

  const approvedOrder = async (amount = 300.5) => {
    const c = (await checkout(tamaraBody(amount))).body as TamaraCheckout;
    await pressSandboxButton(db(), c.checkout_url, "approve");
    return c.order_id;
  };
  const money = (amount: number) => ({ amount, currency: "SAR" });
  const capture = (orderId: string, amount: number) =>
    callSandbox(db(), "POST", "/sandbox/tamara/payments/capture", {
      auth: TAMARA,
      json: {
        order_id: orderId,
        total_amount: money(amount),
        shipping_info: { shipped_at: "2026-11-25T10:00:00Z", shipping_company: "N/A" },
      },
    });
  const cancel = (orderId: string, amount: number) =>
    callSandbox(db(), "POST", `/sandbox/tamara/orders/${orderId}/cancel`, {
      auth: TAMARA,
      json: { total_amount: money(amount) },
    });
  const refund = (orderId: string, amount: number) =>
    callSandbox(db(), "POST", `/sandbox/tamara/payments/simplified-refund/${orderId}`, {
      auth: TAMARA,
      json: { total_amount: money(amount), comment: "refund" },
    });

  it("captures an authorised order (partially, then fully), refunds up to the captured amount; an approved one is not captured", async () => {
    const id = await approvedOrder();
    expect(await capture(id, 300.5)).toMatchObject({
      status: 400,
      body: { errors: [{ error_code: "order_is_not_authorised" }] },
    });
    await authorise(id);
    expect(await refund(id, 1)).toMatchObject({
      status: 400,
      body: { errors: [{ error_code: "order_is_not_captured" }] },
    });
    expect(await capture(id, 300.51)).toMatchObject({ status: 400 });
    expect(await capture(id, 100)).toMatchObject({
      status: 200,
      body: { order_id: id, capture_id: expect.any(String), status: "partially_captured" },
    });
    const rest = await Promise.all([1, 2].map(() => capture(id, 200.5)));
    expect(rest.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await order(id)).body).toMatchObject({ status: "fully_captured" });
    expect(await cancel(id, 1)).toMatchObject({ status: 400 });
    expect(await refund(id, 100)).toMatchObject({
      status: 200,
      body: { refund_id: expect.any(String), status: "partially_refunded" },
    });
    expect(await refund(id, 200.51)).toMatchObject({
      status: 400,
      body: { errors: [{ error_code: "refund_amount_exceeds_captured_amount" }] },
    });
    expect(await refund(id, 200.5)).toMatchObject({ status: 200, body: { status: "fully_refunded" } });
  });

  it("order details show what was captured, refunded and cancelled, each transaction with the merchant's refund id, by order id or by reference", async () => {
    const id = await approvedOrder();
    await authorise(id);
    await capture(id, 200.5);
    expect(await cancel(id, 100)).toMatchObject({ status: 200 });
    await callSandbox(db(), "POST", `/sandbox/tamara/payments/simplified-refund/${id}`, {
      auth: TAMARA,
      json: { total_amount: money(50), comment: "one line", merchant_refund_id: "line-1" },
    });
    const details = await callSandbox(db(), "GET", `/sandbox/tamara/merchants/orders/${id}`, { auth: TAMARA });
    expect(details).toMatchObject({
      status: 200,
      body: {
        order_id: id,
        status: "partially_refunded",
        captured_amount: money(200.5),
        refunded_amount: money(50),
        canceled_amount: money(100),
        transactions: {
          captures: [{ capture_id: expect.any(String), total_amount: money(200.5) }],
          cancels: [{ cancel_id: expect.any(String), total_amount: money(100) }],
          refunds: [{ refund_id: expect.any(String), total_amount: money(50), merchant_refund_id: "line-1" }],
        },
      },
    });
    expect((await order(id)).body).toEqual(details.body);
    const reference = (details.body as { order_reference_id: string }).order_reference_id;
    const byReference = (auth = TAMARA) =>
      callSandbox(db(), "GET", `/sandbox/tamara/merchants/orders/reference-id/${reference}`, { auth });
    expect((await byReference()).body).toEqual(details.body);
    expect((await byReference(bearer("tamara_test_beta"))).status).toBe(404);
  });

  it("cancels an authorised order before capture; a cancelled order is not captured", async () => {
    const id = await approvedOrder();
    await authorise(id);
    expect(await cancel(id, 300.5)).toMatchObject({
      status: 200,
      body: { cancel_id: expect.any(String), status: "canceled" },
    });
    expect(await capture(id, 300.5)).toMatchObject({ status: 400 });
    expect((await order(id)).body).toMatchObject({ status: "canceled" });
  });

  it("Decline and Cancel return to their URLs with the payment status", async () => {
    for (const [action, urlStatus, paymentStatus] of [
      ["decline", "failure", "declined"],
      ["cancel", "cancel", "canceled"],
    ] as const) {
      const c = (await checkout(tamaraBody())).body as TamaraCheckout;
      const back = new URL(await pressSandboxButton(db(), c.checkout_url, action));
      expect(back.searchParams.get("status")).toBe(urlStatus);
      expect(back.searchParams.get("paymentStatus")).toBe(paymentStatus);
      expect((await order(c.order_id)).body).toMatchObject({ status: paymentStatus });
      expect((await authorise(c.order_id)).status).toBe(400);
    }
  });

  it("refuses bad bodies and missing tokens, and keeps accounts apart", async () => {
    const bad = await checkout({ ...tamaraBody(), total_amount: { amount: "300.50", currency: "SAR" } });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: expect.any(String), errors: [{ error_code: expect.stringContaining("total_amount") }] },
    });
    expect((await checkout({ ...tamaraBody(), items: [] })).status).toBe(400);
    expect(await checkout(tamaraBody(), "")).toMatchObject({
      status: 401,
      body: { errors: [{ error_code: "unauthorized" }] },
    });
    const c = (await checkout(tamaraBody())).body as TamaraCheckout;
    expect(await order(c.order_id, bearer("tamara_test_beta"))).toMatchObject({
      status: 404,
      body: { errors: [{ error_code: "order_not_found" }] },
    });
    expect((await authorise(c.order_id, bearer("tamara_test_beta"))).status).toBe(404);
  });
});
