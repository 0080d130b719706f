import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import type { ApiEnvelope } from "@/contract/errors";
import type { LocationDto, LocationSuggestionDto } from "@/contract/input/locations";
import { describeEachDb } from "./helpers/test-db";
import { envelopeData, jar, jsonRequest, nextHeadersMock, readEnvelope, storeApi } from "./helpers/bff-harness";

/**
 * The locations BFF (/api/locations…) end to end on the embedded platform: route handler → session
 * cookie → platform client → service → database. Signed out, reads answer quietly with nothing.
 */
vi.mock("next/headers", () => nextHeadersMock());

const HOST = "spa.localhost";
const RIYADH = { latitude: 24.710845, longitude: 46.673693 };
const json = (method: string, path: string, body?: unknown) => jsonRequest(HOST, method, path, body, "203.0.113.20");
const data = <T>(r: { body: ApiEnvelope<T> }) => envelopeData(r.body);
const codeOf = <T>(r: { body: ApiEnvelope<T> }) => ("error" in r.body ? r.body.error.code : null);

const list = () => readEnvelope<LocationDto[]>(storeApi(json("GET", "/api/locations")));
const create = (body: Record<string, unknown>) =>
  readEnvelope<LocationDto>(storeApi(json("POST", "/api/locations", { ...RIYADH, type: "home", ...body })));
const remove = (id: string) => readEnvelope<null>(storeApi(json("DELETE", `/api/locations/${id}`)));
const near = (p = RIYADH) => `latitude=${p.latitude}&longitude=${p.longitude}`;
const closest = (query = near()) =>
  readEnvelope<LocationDto | null>(storeApi(json("GET", `/api/locations/closest?${query}`)));
const suggestion = (query = near()) =>
  readEnvelope<LocationSuggestionDto>(storeApi(json("GET", `/api/locations/suggestion?${query}`)));

describeEachDb("locations BFF", (t) => {
  let n = 10;

  async function signIn(mobile = `+9665000003${n++}`) {
    const sent = data(
      await readEnvelope<{ token: string }>(storeApi(json("POST", "/api/session/otp/send", { mobileNumber: mobile }))),
    );
    const code = (await latestOutboxMessage(t().db, t().spa.id, mobile))!.code!;
    expect((await storeApi(json("POST", "/api/session/otp/verify", { token: sent.token, code }))).status).toBe(200);
  }

  beforeAll(() => {
    setPlatformDb({ db: t().db, kind: "pglite", close: async () => {} });
    clearTenantCache();
  });

  beforeEach(() => jar.clear());

  it("answers reads quietly with nothing when signed out, and refuses writes with 401", async () => {
    expect(await list()).toEqual({ status: 200, body: { data: [] } });
    expect(await closest()).toEqual({ status: 200, body: { data: null } });
    expect(await suggestion()).toEqual({ status: 200, body: { data: { suggestion: null } } });
    // Quiet even for a query the platform would refuse: nothing is asked of it without a token.
    expect((await closest("latitude=x")).status).toBe(200);

    const created = await create({});
    expect([created.status, codeOf(created)]).toEqual([401, "SP:Unauthorized"]);
    const removed = await remove("00000000-0000-0000-0000-000000000000");
    expect([removed.status, codeOf(removed)]).toEqual([401, "SP:Unauthorized"]);
  });

  it("saves, lists, finds near and deletes the signed-in customer's locations", async () => {
    await signIn();
    const home = await create({ description: " Blue door " });
    expect(home.status).toBe(201);
    expect(data(home)).toEqual({ id: expect.any(String), type: "home", ...RIYADH, description: "Blue door" });
    expect(data(await list())).toEqual([data(home)]);

    expect(data(await closest(near({ latitude: RIYADH.latitude + 0.002, longitude: RIYADH.longitude })))).toEqual(
      data(home),
    );
    // The platform's 404 (nothing within 500 m) is null here.
    expect(await closest(near({ latitude: 21.5, longitude: 39.17 }))).toEqual({ status: 200, body: { data: null } });
    expect(data(await suggestion())).toEqual({ suggestion: data(home) });
    expect(data(await suggestion("latitude=0&longitude=0"))).toEqual({ suggestion: null });

    expect(await remove(data(home).id)).toEqual({ status: 200, body: { data: null } });
    const again = await remove(data(home).id);
    expect([again.status, codeOf(again)]).toEqual([404, "SP:EntityNotFound"]);
    expect(data(await list())).toEqual([]);
  });

  it("passes refusals through with their codes: bad input, the 7th location, another customer's id", async () => {
    await signIn();
    const bad = await create({ type: "castle", latitude: 100 });
    expect([bad.status, codeOf(bad)]).toEqual([400, "SP:ValidationError"]);
    expect("error" in bad.body && bad.body.error.details).toMatchObject({
      type: expect.any(String),
      latitude: expect.any(String),
    });
    const badQuery = await closest("latitude=24.7");
    expect([badQuery.status, codeOf(badQuery)]).toEqual([400, "SP:ValidationError"]);

    const saved: LocationDto[] = [];
    for (let i = 0; i < 6; i++) saved.push(data(await create({ type: "other", description: `#${i}` })));
    const seventh = await create({ type: "work" });
    expect([seventh.status, codeOf(seventh)]).toEqual([409, "SP:MaximumLocationsReached"]);

    jar.clear();
    await signIn();
    expect(data(await list())).toEqual([]);
    expect(await closest()).toEqual({ status: 200, body: { data: null } });
    const foreign = await remove(saved[0].id);
    expect([foreign.status, codeOf(foreign)]).toEqual([404, "SP:EntityNotFound"]);
  });

  it("refuses writes from another site", async () => {
    await signIn();
    const req = new Request(`http://${HOST}/api/locations`, {
      method: "POST",
      headers: { host: HOST, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ ...RIYADH, type: "home" }),
    });
    const refused = await readEnvelope(storeApi(req));
    expect([refused.status, codeOf(refused)]).toEqual([403, "SP:ForbiddenOrigin"]);
    expect(data(await list())).toEqual([]);
  });
});
