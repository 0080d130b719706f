import { randomUUID } from "node:crypto";
import { afterEach, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { registeredRoutes } from "@/platform/api/router";
import { IDEMPOTENCY_KEYS_PER_OWNER, intentOwner, onceForKey, pruneIdempotencyKeys } from "@/platform/api/idempotency";
import { idempotencyKeys } from "@/platform/db/schema";
import type { CartDto } from "@/contract/dto/cart";
import { checkoutApi, newShopper } from "./helpers/checkout";
import { DEMO, demoProduct } from "./helpers/demo-catalog";
import { describeEachDb } from "./helpers/test-db";

/**
 * One intent, one effect (the Idempotency-Key): the same key sent again — at once or later, from
 * another tab — is answered with the first answer and changes nothing more; another request under
 * the same key is refused; every mutating route of the contract reads the key.
 */
describeEachDb("idempotent intents", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  const key = () => randomUUID();

  async function saltsCart() {
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    const { shopper, cart } = await api.cartWith(spa(), []);
    const add = (k: string, quantity = 1) =>
      api.call(spa(), "POST", `cart/${cart.id}/items`, {
        token: shopper.token,
        body: { productId: salts.id, priceId: salts.priceId, quantity },
        headers: { "Idempotency-Key": k },
      });
    const units = async () =>
      ((await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data as CartDto).items.reduce(
        (n, i) => n + i.quantity,
        0,
      );
    return { shopper, cart, add, units };
  }

  it("the same key three times (two at once) adds one unit and answers the same cart each time; a new key adds another", async () => {
    const { add, units } = await saltsCart();
    const k = key();
    const [a, b] = await Promise.all([add(k), add(k)]);
    const c = await add(k);
    for (const r of [a, b, c]) expect(r.status).toBe(200);
    expect(b.data).toEqual(a.data);
    expect(c.data).toEqual(a.data);
    expect(await units()).toBe(1);
    expect((await add(key())).status).toBe(200);
    expect(await units()).toBe(2);
  });

  it("without a key every call acts (a client that sends none asks for no de-duplication)", async () => {
    const { cart, shopper, units } = await saltsCart();
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    const plain = () =>
      api.call(spa(), "POST", `cart/${cart.id}/items`, {
        token: shopper.token,
        body: { productId: salts.id, priceId: salts.priceId, quantity: 1 },
      });
    await Promise.all([plain(), plain()]);
    expect(await units()).toBe(2);
  });

  it("a key reused for another request is refused (422) and changes nothing; so is another customer's use of it", async () => {
    const { add, units, cart } = await saltsCart();
    const k = key();
    await add(k, 1);
    const other = await add(k, 2);
    expect(other).toMatchObject({ status: 422, error: { code: "SP:IdempotencyKeyReused" } });
    expect(await units()).toBe(1);
    const stranger = await newShopper(t().db, spa());
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    const theirs = await api.call(spa(), "POST", `cart/${cart.id}/items`, {
      token: stranger.token,
      body: { productId: salts.id, priceId: salts.priceId, quantity: 1 },
      headers: { "Idempotency-Key": k },
    });
    expect(theirs.status).not.toBe(200);
    expect(await units()).toBe(1);
  });

  it("a refusal is the intent's answer too: the repeat gets the same refusal without acting", async () => {
    const { add, units } = await saltsCart();
    const k = key();
    const first = await add(k, 100_000);
    expect(first.status).toBe(400);
    expect(await add(k, 100_000)).toMatchObject({ status: first.status, error: first.error });
    expect(await units()).toBe(0);
  });

  it("cash submit sent three times at once with one key completes one order; the repeats answer the same order", async () => {
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    const { shopper, cart } = await api.cartWith(spa(), [{ productId: salts.id, priceId: salts.priceId, quantity: 1 }]);
    const k = key();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api.call(spa(), "POST", `cart/${cart.id}/submit`, {
          token: shopper.token,
          body: api.submitBody(shopper),
          headers: { "Idempotency-Key": k },
        }),
      ),
    );
    for (const r of answers)
      expect(r, JSON.stringify(r.error)).toMatchObject({ status: 200, data: { status: "completed" } });
    expect(new Set(answers.map((r) => (r.data as CartDto).orderNumber)).size).toBe(1);
  });

  it("answers are kept 24 hours, then pruned", async () => {
    const { add } = await saltsCart();
    const k = key();
    await add(k);
    const [row] = await t().db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
    expect(row).toMatchObject({ state: "done", route: "cart.addItem" });
    expect(await pruneIdempotencyKeys(t().db, new Date(row.createdAt.getTime() + 23 * 3600_000))).toBe(0);
    expect(
      await pruneIdempotencyKeys(t().db, new Date(row.createdAt.getTime() + 24 * 3600_000 + 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await t().db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).toEqual([]);
  });

  /** `count` intents with fresh keys, one a millisecond, as a caller inventing keys sends them. */
  async function flood(count: number, send: (k: string, i: number) => Promise<unknown>) {
    for (let i = 0; i < count; i++) {
      vi.setSystemTime(Date.now() + 1);
      await send(key(), i);
    }
  }
  afterEach(() => vi.setSystemTime(t().now));
  const answersOf = (owner: string) =>
    t()
      .db.select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tenantId, spa().id), eq(idempotencyKeys.owner, owner)));

  it("2,000 intents of one owner leave its newest answers only, each still replayed", async () => {
    const owner = intentOwner(randomUUID(), "");
    const intent = (k: string, i: number) =>
      onceForKey(t().db, { tenantId: spa().id, key: k, route: "test.intent", fingerprint: "f", owner }, async () => i);
    // 1,999 answered intents, one a millisecond (written at once: made one by one they take half a minute here).
    const keys = Array.from({ length: 2_000 }, key);
    const at = (i: number) => new Date(t().now.getTime() + i);
    await t()
      .db.insert(idempotencyKeys)
      .values(
        keys.slice(0, -1).map((k, i) => ({
          tenantId: spa().id,
          key: k,
          route: "test.intent",
          fingerprint: "f",
          owner,
          state: "done",
          result: { data: i },
          createdAt: at(i),
          updatedAt: at(i),
        })),
      );
    vi.setSystemTime(at(1_999));
    expect(await intent(keys[1_999], 1_999)).toBe(1_999);
    expect((await answersOf(owner)).length).toBe(IDEMPOTENCY_KEYS_PER_OWNER);
    const oldestKept = 2_000 - IDEMPOTENCY_KEYS_PER_OWNER;
    expect(await intent(keys[oldestKept], -1)).toBe(oldestKept);
    expect(await intent(keys[1_999], -1)).toBe(1_999);
    // Dropped, the oldest acts again if it is ever asked again, rather than being refused.
    expect(await intent(keys[oldestKept - 1], -1)).toBe(-1);
  });

  it("a customer's intents keep their newest answers only; another's recent intent, asked again, still acts once", async () => {
    const { add, units, shopper } = await saltsCart();
    const theirs = key();
    await add(theirs);
    const stranger = await newShopper(t().db, spa());
    const rename = (k: string, i: number) =>
      api.call(spa(), "PUT", "identity-customer", {
        token: stranger.token,
        body: { name: `Shopper ${i}`, email: null },
        headers: { "Idempotency-Key": k },
      });
    await flood(IDEMPOTENCY_KEYS_PER_OWNER + 10, async (k, i) => expect((await rename(k, i)).status).toBe(200));
    expect((await answersOf(intentOwner(stranger.id, ""))).length).toBe(IDEMPOTENCY_KEYS_PER_OWNER);
    expect((await answersOf(intentOwner(shopper.id, ""))).length).toBe(1);
    expect((await add(theirs)).status).toBe(200);
    expect(await units()).toBe(1);
    const again = key();
    await rename(again, 1);
    expect((await rename(again, 1)).status).toBe(200);
    expect(await rename(again, 2)).toMatchObject({ status: 422, error: { code: "SP:IdempotencyKeyReused" } });
  });

  it("a guest's intents are counted by its address, whatever cart it names", async () => {
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    const address = "10.9.8.7";
    const guest = (k: string, path: string, body?: unknown) =>
      api.call(spa(), "POST", path, { body, headers: { "Idempotency-Key": k, "x-forwarded-for": address } });
    const cart = (await guest(key(), "cart")).data as CartDto;
    const add = (k: string) =>
      guest(k, `cart/${cart.id}/items`, { productId: salts.id, priceId: salts.priceId, quantity: 1 });
    // Carts that do not exist are refused, and a refusal is an answer kept like any other.
    await flood(IDEMPOTENCY_KEYS_PER_OWNER + 10, async (k) =>
      expect((await guest(k, `cart/${randomUUID()}/purchase-event`)).status).toBe(404),
    );
    expect((await answersOf(intentOwner(null, address))).length).toBe(IDEMPOTENCY_KEYS_PER_OWNER);
    const k = key();
    const [a, b] = await Promise.all([add(k), add(k)]);
    expect(a.status).toBe(200);
    expect(b.data).toEqual(a.data);
    expect((await add(k)).data).toEqual(a.data);
    expect((a.data as CartDto).items.reduce((n, i) => n + i.quantity, 0)).toBe(1);
  });

  it("every mutating route of the contract reads the key: a malformed one is refused before anything is done", async () => {
    const mutating = registeredRoutes().filter(
      (r) => r.method !== "GET" && r.auth !== "webhook" && r.auth !== "operator",
    );
    expect(mutating.length).toBeGreaterThanOrEqual(30);
    const { shopper, cart } = await api.cartWith(spa(), []);
    for (const route of mutating) {
      const path = route.path
        .split("/")
        .map((part) =>
          part === ":id" || part === ":cartId"
            ? route.path.startsWith("cart") || route.path.includes(":cartId")
              ? cart.id
              : randomUUID()
            : part.startsWith(":")
              ? randomUUID()
              : part,
        )
        .join("/");
      const res = await api.call(spa(), route.method, path, {
        token: shopper.token,
        headers: { "Idempotency-Key": "not a key!" },
      });
      expect(res, `${route.method} ${route.path}`).toMatchObject({
        status: 400,
        error: { code: "SP:ValidationError", message: expect.stringContaining("Idempotency-Key") },
      });
    }
    expect((await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data).toMatchObject({
      items: [],
    });
  });
});
