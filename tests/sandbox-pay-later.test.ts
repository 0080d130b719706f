import { expect, it } from "vitest";
import { pressSandboxButton } from "@/platform/sandbox";
import { bearer, callSandbox, describeSandbox } from "./helpers/sandbox";

const DONE = "http://spa.localhost:3000/checkout/done/cart-1";

const tabbyBody = (phone: string, amount = "300.00") => ({
  payment: {
    amount,
    currency: "SAR",
    description: "Order",
    buyer: { name: "Sara Ahmed", phone, email: "sara@example.com" },
    order: { reference_id: "cart-1", items: [{ title: "Massage", quantity: 1, unit_price: amount, reference_id: "p1", category: "service" }] },
  },
  lang: "en",
  merchant_code: "rimal",
  merchant_urls: { success: `${DONE}?payment_method=tabby`, cancel: `${DONE}?payment_method=tabby&status=cancel`, failure: `${DONE}?payment_method=tabby&status=failure` },
});

const tamaraBody = (amount = 300.5) => ({
  order_reference_id: "cart-1",
  total_amount: { amount, currency: "SAR" },
  shipping_amount: { amount: 0, currency: "SAR" },
  tax_amount: { amount: 0, currency: "SAR" },
  items: [{ name: "Massage", quantity: 1, reference_id: "p1", sku: "p1", type: "Digital", total_amount: { amount, currency: "SAR" } }],
  consumer: { first_name: "Sara", last_name: "Ahmed", phone_number: "+966500000001", email: "sara@example.com" },
  country_code: "SA",
  description: "Order",
  merchant_url: { success: `${DONE}?payment_method=tamara`, failure: `${DONE}?payment_method=tamara&status=failure`, cancel: `${DONE}?payment_method=tamara&status=cancel`, notification: "http://spa.localhost:3000/api/app/payment/webhooks/tamara" },
  locale: "en_US",
  payment_type: "PAY_BY_INSTALMENTS",
});

type TabbySession = { id: string; status: string; payment: { id: string; amount: string; status: string }; configuration: { available_products: { installments?: { web_url: string }[] }; products: { installments: { is_available: boolean; rejection_reason: string | null } } } };

describeSandbox("Tabby sandbox", (db) => {
  const TABBY = bearer("sk_test_tabby_alpha");
  const checkout = (body: unknown, auth = TABBY) => callSandbox(db(), "POST", "/sandbox/tabby/api/v2/checkout", { auth, json: body });
  const payment = (id: string, auth = TABBY) => callSandbox(db(), "GET", `/sandbox/tabby/api/v2/payments/${id}`, { auth });

  it("creates a session with a hosted page on the success URL's host; Approve authorizes and returns with payment_id", async () => {
    const res = await checkout(tabbyBody("+966500000001"));
    expect(res.status).toBe(200);
    const s = res.body as TabbySession;
    expect(s).toMatchObject({ status: "created", payment: { amount: "300.00", status: "CREATED" }, configuration: { products: { installments: { is_available: true, rejection_reason: null } } } });
    const webUrl = s.configuration.available_products.installments![0].web_url;
    expect(webUrl).toBe(`http://spa.localhost:3000/sandbox/tabby/hosted/${s.payment.id}`);
    const page = await callSandbox(db(), "GET", webUrl);
    expect(page.text).toContain("Sandbox — Tabby");
    for (const label of ["Approve", "Decline", "Cancel"]) expect(page.text).toContain(`>${label}</button>`);
    expect((await payment(s.payment.id)).body).toMatchObject({ id: s.payment.id, status: "CREATED", amount: "300.00", currency: "SAR", order: { reference_id: "cart-1" } });
    const back = new URL(await pressSandboxButton(db(), webUrl, "approve"));
    expect(back.searchParams.get("payment_method")).toBe("tabby");
    expect(back.searchParams.get("status")).toBeNull();
    expect(back.searchParams.get("payment_id")).toBe(s.payment.id);
    expect((await payment(s.payment.id)).body).toMatchObject({ status: "AUTHORIZED" });
    // Once decided, another press returns the same way.
    expect(new URL(await pressSandboxButton(db(), webUrl, "decline")).searchParams.get("status")).toBeNull();
  });

  it("Decline rejects to the failure URL, Cancel expires to the cancel URL", async () => {
    for (const [action, urlStatus, paymentStatus] of [["decline", "failure", "REJECTED"], ["cancel", "cancel", "EXPIRED"]] as const) {
      const s = (await checkout(tabbyBody("+966500000001"))).body as TabbySession;
      const back = new URL(await pressSandboxButton(db(), s.configuration.available_products.installments![0].web_url, action));
      expect(back.searchParams.get("status")).toBe(urlStatus);
      expect((await payment(s.payment.id)).body).toMatchObject({ status: paymentStatus });
    }
  });

  it("rejects the test phone (in any spelling) and amounts above 5000 SAR", async () => {
    for (const phone of ["+966500000002", "0500000002", "966500000002"]) {
      const s = (await checkout(tabbyBody(phone))).body as TabbySession;
      expect(s).toMatchObject({ status: "rejected", configuration: { available_products: {}, products: { installments: { is_available: false, rejection_reason: "not_available" } } } });
    }
    const high = (await checkout(tabbyBody("+966500000001", "5000.01"))).body as TabbySession;
    expect(high.configuration.products.installments).toEqual({ type: "installments", is_available: false, rejection_reason: "order_amount_too_high" });
    expect(((await checkout(tabbyBody("+966500000001", "5000.00"))).body as TabbySession).status).toBe("created");
  });

  it("refuses bad bodies and keys, and keeps accounts apart", async () => {
    expect(await checkout({ ...tabbyBody("+966500000001"), merchant_urls: { success: "nope" } })).toMatchObject({ status: 400, body: { status: "error", errorType: "bad_data", error: expect.any(String) } });
    expect(await checkout(tabbyBody("+966500000001", "300")).then((r) => (r.body as TabbySession).payment.amount)).toBe("300.00");
    expect(await checkout(tabbyBody("+966500000001", "3,00"))).toMatchObject({ status: 400 });
    expect(await checkout(tabbyBody("+966500000001"), bearer("pk_public"))).toMatchObject({ status: 401, body: { status: "error" } });
    expect((await checkout(tabbyBody("+966500000001"), "")).status).toBe(401);
    const s = (await checkout(tabbyBody("+966500000001"))).body as TabbySession;
    expect((await payment(s.payment.id, bearer("sk_test_beta"))).status).toBe(404);
  });
});

type TamaraCheckout = { order_id: string; checkout_id: string; checkout_url: string; status: string };

describeSandbox("Tamara sandbox", (db) => {
  const TAMARA = bearer("tamara_test_alpha");
  const checkout = (body: unknown, auth = TAMARA) => callSandbox(db(), "POST", "/sandbox/tamara/checkout", { auth, json: body });
  const order = (id: string, auth = TAMARA) => callSandbox(db(), "GET", `/sandbox/tamara/orders/${id}`, { auth });
  const authorise = (id: string, auth = TAMARA) => callSandbox(db(), "POST", `/sandbox/tamara/orders/${id}/authorise`, { auth });

  it("creates a checkout on the success URL's host; Approve returns approved; authorise is idempotent", async () => {
    const res = await checkout(tamaraBody());
    expect(res.status).toBe(200);
    const c = res.body as TamaraCheckout;
    expect(c).toMatchObject({ order_id: expect.any(String), checkout_id: expect.any(String), status: "new" });
    expect(c.checkout_url).toBe(`http://spa.localhost:3000/sandbox/tamara/hosted/${c.order_id}`);
    expect((await order(c.order_id)).body).toMatchObject({ order_id: c.order_id, order_reference_id: "cart-1", status: "new", total_amount: { amount: 300.5, currency: "SAR" } });
    // Not approved yet: nothing to authorise.
    expect(await authorise(c.order_id)).toMatchObject({ status: 400, body: { message: expect.any(String), errors: [{ error_code: "order_is_not_approved" }] } });
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
    for (const r of results) expect(r).toMatchObject({ status: 200, body: { order_id: c.order_id, status: "authorised", order_expiry_time: expect.any(String) } });
    expect((await authorise(c.order_id)).body).toEqual(results[0].body);
    expect((await order(c.order_id)).body).toMatchObject({ status: "authorised" });
  });

  it("Decline and Cancel return to their URLs with the payment status", async () => {
    for (const [action, urlStatus, paymentStatus] of [["decline", "failure", "declined"], ["cancel", "cancel", "canceled"]] as const) {
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
    expect(bad).toMatchObject({ status: 400, body: { message: expect.any(String), errors: [{ error_code: expect.stringContaining("total_amount") }] } });
    expect((await checkout({ ...tamaraBody(), items: [] })).status).toBe(400);
    expect(await checkout(tamaraBody(), "")).toMatchObject({ status: 401, body: { errors: [{ error_code: "unauthorized" }] } });
    const c = (await checkout(tamaraBody())).body as TamaraCheckout;
    expect(await order(c.order_id, bearer("tamara_test_beta"))).toMatchObject({ status: 404, body: { errors: [{ error_code: "order_not_found" }] } });
    expect((await authorise(c.order_id, bearer("tamara_test_beta"))).status).toBe(404);
  });
});
