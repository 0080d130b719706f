import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "@/platform/db/schema";
import { setPlatformDb } from "@/platform/db";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { orNull, platform, PlatformCallError } from "@/lib/platform-client/core";
import type { AvailabilityDto } from "@/contract/dto/catalog";
import { demoCustomer, FILES, newCustomer } from "./helpers/account-api";
import { dayAhead, DEMO, demoProduct } from "./helpers/demo-catalog";
import { platformTransports } from "./helpers/platform-transports";
import { describeEachDb } from "./helpers/test-db";

// The storefront's client, derived from the contract, over both of its transports: in-process
// (the embedded default) and over HTTP (PLATFORM_API_URL). Every kind of call is exercised: path
// parameters (one and rest-of-path), queries, JSON and multipart bodies, a raw file, a 201, tokens,
// forwarded headers, refusals with their codes and 404 as null.
describeEachDb("platform client", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));
  const transports = platformTransports(() => t().db);

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof PlatformCallError ? [e.status, e.code] : e),
    );
  let seq = 0;
  const newNumber = (prefix: string) => `+9665${prefix}${String(++seq).padStart(6, "0")}`;

  describe.each(transports)("$name", ({ name, transport }) => {
    const api = (ctx: Parameters<typeof platform>[0]) => platform(ctx, transport());

    it("lists, gets and 404s products as null; reads availability by date or by range", async () => {
      const { db, spa, coffee, now } = t();
      expect((await api({ tenant: coffee, locale: "ar" }).catalog.list()).map((p) => p.name)).toEqual([
        "بن إثيوبي مختص ٢٥٠ غ",
        "مطحنة يدوية",
        "بطاقة هدية بُن",
        "أكياس قهوة مقطرة (٥)",
      ]);
      expect(
        (await api({ tenant: spa, locale: "en" }).catalog.list({ query: { type: "merchandise" } })).map((p) => p.name),
      ).toEqual([DEMO.oil, DEMO.salts]);
      const oil = await demoProduct(db, spa.id, DEMO.oil);
      expect((await api({ tenant: spa, locale: "en" }).catalog.get({ params: { id: oil.id } })).stock).toBe(3);
      expect(await orNull(api({ tenant: coffee, locale: "en" }).catalog.get({ params: { id: oil.id } }))).toBeNull();
      expect(await orNull(api({ tenant: spa, locale: "en" }).catalog.get({ params: { id: "no/such id" } }))).toBeNull();
      const pool = await demoProduct(db, spa.id, DEMO.pool);
      const hours = (await api({ tenant: spa }).catalog.availability({
        params: { id: pool.id },
        query: { date: dayAhead(now, 1) },
      })) as Extract<AvailabilityDto, { kind: "duration" }>;
      expect(hours.starts.length).toBe(15);
      const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
      const nights = (await api({ tenant: spa }).catalog.availability({
        params: { id: resthouse.id },
        query: { from: dayAhead(now, 9), days: 4 },
      })) as Extract<AvailabilityDto, { kind: "days" }>;
      expect(nights.days.map((d) => d.available)).toEqual([true, false, false, true]);
    });

    it("drives a cart and throws PlatformCallError with the SP: code on a refusal", async () => {
      const { db, spa, coffee } = t();
      const cart = api({ tenant: spa, locale: "en" }).cart;
      const created = await cart.create();
      const oil = await demoProduct(db, spa.id, DEMO.oil);
      const one = await cart.addItem({ params: { id: created.id }, body: { productId: oil.id, priceId: oil.priceId } });
      const itemId = one.items[0].id;
      expect((await cart.updateItem({ params: { id: created.id, itemId }, body: { quantity: 3 } })).totalAmount).toBe(
        207,
      );
      expect(
        await codeOf(cart.addItem({ params: { id: created.id }, body: { productId: oil.id, priceId: oil.priceId } })),
      ).toEqual([409, "SP:MerchandiseItemInsufficientStock"]);
      expect((await cart.removeItem({ params: { id: created.id, itemId } })).items).toEqual([]);
      expect((await cart.reset({ params: { id: created.id } })).status).toBe("active");
      expect((await cart.get({ params: { id: created.id } })).id).toBe(created.id);
      expect(await orNull(api({ tenant: coffee }).cart.get({ params: { id: created.id } }))).toBeNull();
      expect(
        await codeOf(
          cart.addItem({ params: { id: created.id }, body: { productId: oil.id, priceId: oil.priceId, quantity: 0 } }),
        ),
      ).toEqual([400, "SP:ValidationError"]);
    });

    it("reads the website config and pages by a path of several segments, a missing page as null", async () => {
      const { spa, coffee } = t();
      expect((await api({ tenant: coffee, locale: "ar" }).website.config()).pages).toEqual([
        { path: "z/about", title: "عن بُن", updatedAt: expect.any(String) },
      ]);
      expect(
        (await api({ tenant: spa, locale: "en" }).website.page({ params: { path: "z/terms-and-conditions" } })).title,
      ).toBe("Terms and conditions");
      expect(
        await orNull(
          api({ tenant: coffee, locale: "en" }).website.page({ params: { path: "z/terms-and-conditions" } }),
        ),
      ).toBeNull();
    });

    it("signs in, refreshes and revokes, passing the visitor's address for the per-address limit", async () => {
      const { db, spa } = t();
      const visitor = { "x-forwarded-for": name === "http" ? "192.0.2.61" : "192.0.2.60" };
      const auth = api({ tenant: spa, locale: "en", headers: visitor }).auth;
      const number = newNumber(name === "http" ? "71" : "70");
      const { token } = await auth.sendOtp({ body: { mobileNumber: number } });
      const message = (await latestOutboxMessage(db, spa.id, number))!;
      expect(message.text).toMatch(/^Your sign-in code for Rimal Wellness: \d{6}$/);
      const signedIn = await auth.verifyOtp({ body: { token, code: message.code! } });
      expect(signedIn).toMatchObject({
        token_type: "Bearer",
        expires_in: 900,
        customer: { mobileNumber: number, isProfileComplete: false },
      });
      const next = await auth.refresh({ body: { refresh_token: signedIn.refresh_token } });
      expect(next.refresh_token).not.toBe(signedIn.refresh_token);
      expect(await auth.revoke({ body: { refresh_token: next.refresh_token } })).toBeNull();
      expect(await codeOf(auth.refresh({ body: { refresh_token: next.refresh_token } }))).toEqual([
        401,
        "SP:InvalidRefreshToken",
      ]);
      for (let i = 0; i < 19; i++)
        await auth.sendOtp({ body: { mobileNumber: newNumber(name === "http" ? "73" : "72") } });
      const limited = await auth
        .sendOtp({ body: { mobileNumber: newNumber(name === "http" ? "73" : "72") } })
        .catch((e: unknown) => e);
      expect(limited).toMatchObject({
        status: 429,
        code: "SP:TooManyRequests",
        error: { details: { retryAfterSeconds: 600 } },
      });
    });

    it("saves the profile, uploads a file (multipart) and streams it back (raw), to its owner only", async () => {
      const { db, spa, coffee } = t();
      const c = await newCustomer(db, spa);
      const customers = api({ tenant: spa, locale: "en", token: c.token }).customers;
      expect((await customers.me()).id).toBe(c.id);
      expect((await api({ tenant: spa, locale: "en" }).customers.customFields()).map((f) => f.type)).toEqual([
        "text",
        "number",
        "date",
        "select",
        "document",
        "image",
      ]);
      expect(await customers.updateProfile({ body: { name: "Nada", email: null } })).toMatchObject({
        name: "Nada",
        email: null,
      });
      const form = new FormData();
      form.set("purpose", "custom-field");
      form.set("file", new Blob([FILES.jpeg], { type: "image/jpeg" }), "upload");
      const photo = await customers.upload({ body: form });
      expect(photo).toMatchObject({ contentType: "image/jpeg", size: FILES.jpeg.length });
      expect(
        await customers.updateCustomFields({
          body: { customFields: { national_id: "3000", profile_photo: photo.name } },
        }),
      ).toMatchObject({ isProfileComplete: true });
      const file = await customers.download({ params: { name: photo.name } });
      expect(file.headers.get("content-type")).toBe("image/jpeg");
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(FILES.jpeg);
      const other = await newCustomer(db, spa);
      expect(
        await orNull(api({ tenant: spa, token: other.token }).customers.download({ params: { name: photo.name } })),
      ).toBeNull();
      expect(await codeOf(customers.updateCustomFields({ body: { customFields: { age: "x" } } }))).toEqual([
        400,
        "SP:ValueMustBeNumber",
      ]);
      expect(await codeOf(api({ tenant: coffee, token: c.token }).customers.me())).toEqual([401, "SP:TenantMismatch"]);
      expect(await codeOf(api({ tenant: spa }).customers.me())).toEqual([401, "SP:Unauthorized"]);
    });

    it("drives presets and locations (a 201) and lists reservations and subscriptions", async () => {
      const { db, spa } = t();
      const sara = await demoCustomer(db, spa);
      const client = api({ tenant: spa, locale: "en", token: sara.token });
      const [preset] = await client.presets.list();
      expect((await client.presets.fields({ params: { id: preset.id } })).map((f) => f.name)).toEqual([
        "guest_name",
        "relation",
        "age",
      ]);
      const created = await client.presets.create({
        query: { presetId: preset.id },
        body: { values: { guest_name: "Maha" } },
      });
      expect((await client.presets.setDefault({ params: { id: created.id } })).isDefault).toBe(true);
      expect(
        (await client.presets.update({ params: { id: created.id }, body: { values: { age: "33" } } })).values,
      ).toEqual({ guest_name: "Maha", age: "33" });
      expect(
        await codeOf(client.presets.values({ query: { customerId: "00000000-0000-4000-8000-000000000000" } })),
      ).toEqual([403, "SP:Forbidden"]);
      expect(await client.presets.delete({ params: { id: created.id } })).toBeNull();
      expect(await codeOf(client.presets.delete({ params: { id: created.id } }))).toEqual([404, "SP:EntityNotFound"]);

      const c = await newCustomer(db, spa);
      const places = api({ tenant: spa, token: c.token }).locations;
      const home = await places.create({ body: { latitude: 24.7, longitude: 46.6, type: "home" } });
      expect((await places.closest({ query: { latitude: "24.7001", longitude: "46.6001" } })).id).toBe(home.id);
      expect(await orNull(places.closest({ query: { latitude: "21", longitude: "39" } }))).toBeNull();
      expect(await places.delete({ params: { id: home.id } })).toBeNull();

      const reservations = await client.account.reservations();
      expect([reservations.upcoming.length, reservations.past.length]).toEqual([2, 1]);
      expect((await client.account.subscriptions()).find((s) => s.packageSessionsTotal)?.packageSessionsLeft).toBe(7);
    });

    it("resolves a tenant by host as an operator call (no tenant)", async () => {
      const { spa } = t();
      expect(await api({ tenant: null }).tenants.resolve({ query: { host: "spa.localhost" } })).toMatchObject({
        id: spa.id,
        slug: "spa",
      });
      expect(await orNull(api({ tenant: null }).tenants.resolve({ query: { host: "nobody.localhost" } }))).toBeNull();
    });

    it("tells a store's content version as an operator call, moving with its content (the page cache's freshness on both transports)", async () => {
      const { db, spa } = t();
      const version = () => api({ tenant: null }).tenants.contentVersion({ params: { id: spa.id } });
      const before = (await version()).version;
      expect((await version()).version).toBe(before);
      const oil = await demoProduct(db, spa.id, DEMO.oil);
      await db
        .update(products)
        .set({ stock: sql`${products.stock} + 1` })
        .where(eq(products.id, oil.id));
      try {
        expect((await version()).version).not.toBe(before);
      } finally {
        await db
          .update(products)
          .set({ stock: sql`${products.stock} - 1` })
          .where(eq(products.id, oil.id));
      }
      expect(
        await codeOf(
          api({ tenant: null }).tenants.contentVersion({ params: { id: "00000000-0000-4000-8000-000000000000" } }),
        ),
      ).toEqual([404, "SP:TenantNotFound"]);
    });
  });
});
