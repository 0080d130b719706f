import { and, count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { customerLocations, LOCATION_TYPES as SCHEMA_LOCATION_TYPES } from "@/platform/db/schema";
import {
  CreateLocationInput,
  distanceMeters,
  LOCATION_TYPES,
  nearestWithin,
  parsePositionQuery,
  type LocationDto,
  type LocationSuggestionDto,
} from "@/contract/input/locations";
import { callApi, newCustomer } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";

const RIYADH = { latitude: 24.710845, longitude: 46.673693 };
/** A point `metres` due north of RIYADH (one degree of latitude is 111,195 m on the mean sphere). */
const north = (metres: number) => ({ latitude: RIYADH.latitude + metres / 111_195.08, longitude: RIYADH.longitude });
const at = (p: { latitude: number; longitude: number }) => `latitude=${p.latitude}&longitude=${p.longitude}`;

describe("location input and distances", () => {
  it("keeps the platform schema's types and the browser-safe copy equal", () => {
    expect(LOCATION_TYPES).toEqual(SCHEMA_LOCATION_TYPES);
  });

  it("measures great-circle distances", () => {
    expect(distanceMeters(RIYADH, RIYADH)).toBe(0);
    expect(distanceMeters(RIYADH, north(500))).toBeCloseTo(500, 3);
    // One degree of longitude on the equator is 111,195 m on the mean sphere.
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195.08, 1);
    expect(distanceMeters({ latitude: 0, longitude: 179.9995 }, { latitude: 0, longitude: -179.9995 })).toBeCloseTo(
      111.195,
      2,
    );
  });

  it("picks the nearest location within the radius", () => {
    const far = { id: "far", ...north(300) };
    const near = { id: "near", ...north(-100) };
    expect(nearestWithin([far, near], RIYADH)?.id).toBe("near");
    expect(nearestWithin([far], north(799))?.id).toBe("far");
    expect(nearestWithin([far], north(801))).toBeNull();
    expect(nearestWithin([], RIYADH)).toBeNull();
  });

  it("trims the description, empty meaning none, and refuses what is out of range", () => {
    const base = { ...RIYADH, type: "home" };
    expect(CreateLocationInput.parse({ ...base, description: "  Gate 2  " }).description).toBe("Gate 2");
    for (const description of ["   ", "", null, undefined])
      expect(CreateLocationInput.parse({ ...base, description }).description).toBeNull();
    for (const bad of [
      { type: "mars" },
      { latitude: 90.0001 },
      { longitude: -180.5 },
      { latitude: "24.7" },
      { description: "x".repeat(201) },
      { description: "a\u0000b" },
    ]) {
      expect(CreateLocationInput.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(parsePositionQuery(new URLSearchParams("latitude=-90&longitude=180"))).toEqual({
      latitude: -90,
      longitude: 180,
    });
    for (const q of [
      "",
      "latitude=&longitude=",
      "latitude=abc&longitude=1",
      "latitude=91&longitude=1",
      "latitude=1&longitude=Infinity",
    ]) {
      expect(() => parsePositionQuery(new URLSearchParams(q)), q).toThrow();
    }
  });
});

describeEachDb(
  "customer locations",
  (t) => {
    const api = <T>(token: string | undefined, method: string, path: string, body?: unknown) =>
      callApi<T>(t().db, t().spa, method, path, { token, body });
    const create = (token: string, body: Record<string, unknown>) =>
      api<LocationDto>(token, "POST", "customer-locations", { ...RIYADH, type: "home", ...body });
    const savedCount = async (customerId: string) =>
      (
        await t()
          .db.select({ n: count() })
          .from(customerLocations)
          .where(and(eq(customerLocations.tenantId, t().spa.id), eq(customerLocations.customerId, customerId)))
      )[0].n;
    /** PGlite stamps rows with the suite's frozen clock: step it so that "newest first" has an order. */
    const tick = () => vi.setSystemTime(new Date(Date.now() + 1000));

    it("needs a bearer token of this store", async () => {
      const c = await newCustomer(t().db, t().spa);
      const paths: [string, string][] = [
        ["GET", "customer-locations"],
        ["GET", `customer-locations/closest?${at(RIYADH)}`],
        ["GET", `customer-locations/suggestion?${at(RIYADH)}`],
        ["POST", "customer-locations"],
        ["DELETE", "customer-locations/00000000-0000-0000-0000-000000000000"],
      ];
      for (const [method, path] of paths) {
        const anonymous = await api(
          undefined,
          method,
          path,
          method === "POST" ? { ...RIYADH, type: "home" } : undefined,
        );
        expect([anonymous.status, anonymous.error?.code], path).toEqual([401, "SP:Unauthorized"]);
        expect((await callApi(t().db, t().coffee, method, path, { token: c.token })).error?.code, path).toBe(
          "SP:TenantMismatch",
        );
      }
      expect(await savedCount(c.id)).toBe(0);
    });

    it("creates (201), lists newest first and deletes the caller's locations", async () => {
      const c = await newCustomer(t().db, t().spa);
      expect((await api<LocationDto[]>(c.token, "GET", "customer-locations")).data).toEqual([]);
      const home = await create(c.token, { description: "  Blue door " });
      expect(home.status).toBe(201);
      expect(home.data).toEqual({ id: expect.any(String), type: "home", ...RIYADH, description: "Blue door" });
      tick();
      const work = await create(c.token, { type: "work", ...north(2000), description: "" });
      expect(work.data).toMatchObject({ type: "work", description: null });
      tick();
      const resthouse = await create(c.token, { type: "resthouse", latitude: -33.5, longitude: -70.25 });
      expect(resthouse.data).toMatchObject({ latitude: -33.5, longitude: -70.25, description: null });
      const list = await api<LocationDto[]>(c.token, "GET", "customer-locations");
      expect(list.data).toEqual([resthouse.data, work.data, home.data]);

      const removed = await api(c.token, "DELETE", `customer-locations/${work.data!.id}`);
      expect([removed.status, removed.data]).toEqual([200, null]);
      expect((await api(c.token, "DELETE", `customer-locations/${work.data!.id}`)).status).toBe(404);
      for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
        expect((await api(c.token, "DELETE", `customer-locations/${id}`)).error?.code).toBe("SP:EntityNotFound");
      }
      expect((await api<LocationDto[]>(c.token, "GET", "customer-locations")).data?.map((l) => l.type)).toEqual([
        "resthouse",
        "home",
      ]);
    });

    it("refuses bad bodies and positions with the field named", async () => {
      const c = await newCustomer(t().db, t().spa);
      const cases: [Record<string, unknown>, string][] = [
        [{ type: "palace" }, "type"],
        [{ type: undefined }, "type"],
        [{ latitude: 91 }, "latitude"],
        [{ longitude: 180.01 }, "longitude"],
        [{ latitude: "24.7" }, "latitude"],
        [{ description: "x".repeat(201) }, "description"],
      ];
      for (const [body, field] of cases) {
        const r = await create(c.token, body);
        expect([r.status, r.error?.code], field).toEqual([400, "SP:ValidationError"]);
        expect(r.error?.details, field).toHaveProperty(field);
      }
      const malformed = await callApi(t().db, t().spa, "POST", "customer-locations", {
        token: c.token,
        rawBody: "{",
        headers: { "content-type": "application/json" },
      });
      expect(malformed.error?.code).toBe("SP:MalformedJson");
      for (const check of ["closest", "suggestion"]) {
        for (const [query, field] of [
          ["longitude=46.6", "latitude"],
          ["latitude=95&longitude=46.6", "latitude"],
          ["latitude=24.7&longitude=x", "longitude"],
        ]) {
          const r = await api(c.token, "GET", `customer-locations/${check}?${query}`);
          expect([r.status, r.error?.code], `${check}?${query}`).toEqual([400, "SP:ValidationError"]);
          expect(r.error?.details, `${check}?${query}`).toHaveProperty(field);
        }
      }
      expect(await savedCount(c.id)).toBe(0);
    });

    it("answers the closest saved location within 500 m, else 404; the suggestion check alike with null", async () => {
      const c = await newCustomer(t().db, t().spa);
      const closest = (p: { latitude: number; longitude: number }) =>
        api<LocationDto>(c.token, "GET", `customer-locations/closest?${at(p)}`);
      const suggestion = async (p: { latitude: number; longitude: number }) =>
        (await api<LocationSuggestionDto>(c.token, "GET", `customer-locations/suggestion?${at(p)}`)).data;

      const none = await closest(RIYADH);
      expect([none.status, none.error?.code]).toEqual([404, "SP:EntityNotFound"]);
      expect(await suggestion(RIYADH)).toEqual({ suggestion: null });

      const home = (await create(c.token, { ...RIYADH })).data!;
      const work = (await create(c.token, { type: "work", ...north(400) })).data!;
      expect((await closest(north(100))).data).toEqual(home);
      expect((await closest(north(300))).data).toEqual(work);
      expect((await closest(north(899))).data).toEqual(work);
      expect((await closest(north(901))).status).toBe(404);
      expect(await suggestion(north(-450))).toEqual({ suggestion: home });
      expect(await suggestion(north(-501))).toEqual({ suggestion: null });
    });

    it("never shows or deletes another customer's or another store's locations", async () => {
      const { db, spa, coffee } = t();
      const owner = await newCustomer(db, spa);
      const other = await newCustomer(db, spa);
      const coffeeCustomer = await newCustomer(db, coffee);
      const mine = (await create(owner.token, { description: "Mine" })).data!;

      expect((await api<LocationDto[]>(other.token, "GET", "customer-locations")).data).toEqual([]);
      expect((await api(other.token, "GET", `customer-locations/closest?${at(RIYADH)}`)).status).toBe(404);
      expect(
        (await api<LocationSuggestionDto>(other.token, "GET", `customer-locations/suggestion?${at(RIYADH)}`)).data,
      ).toEqual({ suggestion: null });
      const foreignDelete = await api(other.token, "DELETE", `customer-locations/${mine.id}`);
      expect([foreignDelete.status, foreignDelete.error?.code]).toEqual([404, "SP:EntityNotFound"]);

      const coffeeApi = (method: string, path: string) =>
        callApi<LocationDto[]>(db, coffee, method, path, { token: coffeeCustomer.token });
      expect((await coffeeApi("GET", "customer-locations")).data).toEqual([]);
      expect((await coffeeApi("GET", `customer-locations/closest?${at(RIYADH)}`)).status).toBe(404);
      expect((await coffeeApi("DELETE", `customer-locations/${mine.id}`)).status).toBe(404);

      expect((await api<LocationDto[]>(owner.token, "GET", "customer-locations")).data).toEqual([mine]);
    });

    it("keeps at most 6 per customer: the 7th is 409 SP:MaximumLocationsReached, a delete frees a place", async () => {
      const c = await newCustomer(t().db, t().spa);
      const saved: LocationDto[] = [];
      for (const type of LOCATION_TYPES) {
        const r = await create(c.token, { type });
        expect(r.status, type).toBe(201);
        saved.push(r.data!);
      }
      const seventh = await create(c.token, { type: "other", description: "a seventh place" });
      expect([seventh.status, seventh.error?.code]).toEqual([409, "SP:MaximumLocationsReached"]);
      expect(await savedCount(c.id)).toBe(6);
      // Another customer is not held back by this one's limit.
      const other = await newCustomer(t().db, t().spa);
      expect((await create(other.token, {})).status).toBe(201);

      expect((await api(c.token, "DELETE", `customer-locations/${saved[0].id}`)).status).toBe(200);
      expect((await create(c.token, { type: "other", description: "a seventh place" })).status).toBe(201);
      expect((await create(c.token, { type: "other", description: "an eighth" })).status).toBe(409);
    });

    it("the same location saved twice (two taps, two tabs, at once) is saved once and both answer it", async () => {
      const c = await newCustomer(t().db, t().spa);
      const body = { type: "work", description: "Office, 3rd floor" };
      const [a, b] = await Promise.all([
        create(c.token, body),
        create(c.token, { ...body, description: " Office, 3rd floor " }),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.data?.id).toBe(a.data?.id);
      expect((await create(c.token, body)).data?.id).toBe(a.data?.id);
      expect(await savedCount(c.id)).toBe(1);
      // Another type, place or description is another location.
      await create(c.token, { ...body, type: "home" });
      await create(c.token, { ...body, ...north(50) });
      await create(c.token, { ...body, description: null });
      expect(await savedCount(c.id)).toBe(4);
    });

    it("lets exactly one of 10 concurrent creates through at 5 saved", async () => {
      const c = await newCustomer(t().db, t().spa);
      for (let i = 0; i < 5; i++) expect((await create(c.token, { description: `#${i}` })).status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => create(c.token, { type: "other", description: `race ${i}` })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.error?.code === "SP:MaximumLocationsReached")).toBe(
        true,
      );
      expect(await savedCount(c.id)).toBe(6);
    });
  },
  { poolSize: 12 },
);
