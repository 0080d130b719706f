import fc from "fast-check";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { issueAccessToken } from "@/platform/services/access-tokens";
import { issueRefreshToken } from "@/platform/services/refresh-tokens";
import { clearTenantCache, tenantForSite } from "@/lib/platform-client/tenants";
import type { TenantDto } from "@/contract/dto/tenants";
import type { UploadDto } from "@/contract/dto/customers";
import { listEndpoints } from "@/contract/endpoint";
import { account } from "@/contract/store/account";
import type { StoreEndpointSpec } from "@/contract/store/endpoint";
import { session } from "@/contract/store/session";
import { signIn } from "@/contract/store/sign-in";
import { callApi, FILES, uploadForm } from "./helpers/account-api";
import { jar, nextHeadersMock, storeApi } from "./helpers/bff-harness";
import { newShopper } from "./helpers/checkout";
import * as fz from "./helpers/fuzz";
import type { Credentials, FamilyStats, FuzzRequest, HttpMethod, RouteSpec } from "./helpers/fuzz";

/**
 * Fuzz suite of the session BFF (/api/session/*, QUALITY.md "Bad input"): 1,000 generated malformed
 * requests per endpoint of the session's groups (each its own endpoint family), sent by URL through
 * the storefront API's one route (app/api/[...path]) in-process with
 * the platform embedded; none may be answered 5xx, and every refusal is a 4xx
 * `{error:{code,message}}` with a known code. The session cookie is one of the malformed parts:
 * none, junk, tampered, another store's, expired. PGlite only (see describeOnPglite in helpers/fuzz).
 */
vi.mock("next/headers", () => nextHeadersMock());

// After the mock: these read Next's cookie store.
const { sessionCookieName } = await import("@/lib/cookies");
const { readSession, saveTokens } = await import("@/lib/session/session");

/**
 * Every endpoint of the session's groups (the session, signing in, the account), all below
 * /api/session: "METHOD pattern" as the fuzz helpers key routes ("uploads/:name").
 */
function sessionRoutes(): string[] {
  return listEndpoints<StoreEndpointSpec>({ session, signIn, account }).map(({ spec }) =>
    fuzzKey(spec.method, spec.path.replace(/^session\/?/, "")),
  );
}
const fuzzKey = (method: string, pattern: string) => fz.routeKey({ method: method as HttpMethod, pattern });

type CookieState = "good" | "coffee" | "tampered" | "stale" | "expired";

/** The session cookie is chosen by this pseudo-header (send() puts the cookie in the jar and drops it). */
const SESSION_PICK = "x-fuzz-session";

const FAMILIES = [
  "session",
  "refresh",
  "logout",
  "otp send",
  "otp verify",
  "profile",
  "reminders",
  "custom fields",
  "uploads",
  "upload download",
] as const;

/**
 * Each route handler with a valid request. A write is generated twice over: with the browser's
 * Origin (then a wrong Origin is refused 403, and so is a wrong Host, which no longer matches it)
 * and without one, as a server would call (then a wrong Host reaches the store lookup).
 */
function families(c: { otpToken: string; uploadName: string }): Record<(typeof FAMILIES)[number], RouteSpec[]> {
  const badHeaders = {
    host: ["coffee.localhost", "nowhere.localhost", "spa.localhost.evil.com", "[::1]", "SPA.LOCALHOST:99999"],
    origin: [
      "http://evil.example",
      "null",
      "http://spa.localhost.evil.com",
      "spa.localhost",
      "http://coffee.localhost",
    ],
  };
  const spec = (method: HttpMethod, pattern: string, more: Partial<RouteSpec> = {}): RouteSpec[] => {
    const base: RouteSpec = { method, pattern, auth: true, headers: { host: "spa.localhost" }, badHeaders, ...more };
    // Origin is checked on writes only (a GET is never a cross-site write).
    return method === "GET"
      ? [base]
      : [base, { ...base, variant: "browser", headers: { host: "spa.localhost", origin: "http://spa.localhost" } }];
  };
  return {
    session: spec("GET", ""),
    refresh: spec("POST", "refresh"),
    logout: spec("POST", "logout"),
    "otp send": spec("POST", "otp/send", { auth: false, body: { mobileNumber: "0551234567" } }),
    "otp verify": spec("POST", "otp/verify", { auth: false, body: { token: c.otpToken, code: "١٢٣٤٥٦" } }),
    profile: spec("PUT", "profile", { body: { name: "Fuzz Shopper", email: "fuzz@example.com" } }),
    reminders: spec("PUT", "reminders", { body: { bookingReminders: false } }),
    "custom fields": spec("PUT", "custom-fields", {
      body: {
        customFields: {
          national_id: "1023456789",
          age: "30",
          birth_date: "1990-01-31",
          preferred_therapist: "huda",
          id_document: c.uploadName,
        },
      },
    }),
    uploads: spec("POST", "uploads", { multipart: {} }),
    "upload download": spec("GET", "uploads/:name", { params: { name: c.uploadName } }),
  };
}

fz.describeOnPglite("fuzz: session BFF", (t) => {
  let specs: ReturnType<typeof families>;
  let spa: TenantDto;
  const cookies = new Map<CookieState, string>();
  let mintGood: () => Promise<string>;
  const all: FamilyStats[] = [];
  const clock = fz.startClock();
  const cookieName = sessionCookieName("spa");

  beforeAll(async () => {
    const { db, spa: spaInfo, coffee: coffeeInfo } = t();
    setPlatformDb({ db, kind: "pglite", close: async () => {} });
    clearTenantCache();
    vi.stubGlobal("fetch", () => Promise.reject(new Error("fuzz suite: no network")));
    spa = (await tenantForSite("spa.localhost"))!;
    const coffee = (await tenantForSite("coffee.localhost"))!;
    const shopper = await newShopper(db, spaInfo, "Fuzz Shopper");
    const other = await newShopper(db, coffeeInfo, "Coffee Shopper");

    /** A sealed session cookie as sign-in leaves it, its tokens issued `ageMs` ago. */
    const mint = async (tenant: TenantDto, customerId: string, ageMs = 0) => {
      jar.clear();
      const at = Date.now() - ageMs;
      const session = await readSession(tenant);
      const refresh = await issueRefreshToken(db, tenant.id, customerId);
      const access = await issueAccessToken(customerId, tenant.id, refresh.familyId, new Date(at));
      await saveTokens(
        session,
        tenant,
        customerId,
        { access_token: access.token, refresh_token: refresh.token, expires_in: 900 },
        at,
      );
      return jar.get(sessionCookieName(tenant.slug))!;
    };
    mintGood = () => mint(spa, shopper.id);
    const good = await mintGood();
    cookies.set("good", good);
    cookies.set("coffee", await mint(coffee, other.id));
    cookies.set("tampered", `${good.slice(0, 40)}${good[40] === "A" ? "B" : "A"}${good.slice(41)}`);
    cookies.set("stale", await mint(spa, shopper.id, 20 * 60_000));
    cookies.set("expired", await mint(spa, shopper.id, 3 * 864e5));

    const otp = await callApi<{ token: string }>(db, spaInfo, "POST", "otp/send", {
      body: { mobileNumber: shopper.mobileNumber },
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    const upload = await callApi<UploadDto>(db, spaInfo, "POST", "customer/uploads", {
      token: shopper.token,
      form: uploadForm(FILES.pdf, "id.pdf"),
    });
    specs = families({ otpToken: otp.data!.token, uploadName: upload.data!.name });
  });

  afterAll(() => {
    vi.unstubAllGlobals();
    if (all.length > 0) console.info(fz.summary("session BFF fuzz", clock, all));
  });

  it("has a family for every endpoint of the session's groups", () => {
    expect([...new Set(Object.values(specs).flat().map(fz.routeKey))].sort()).toEqual(sessionRoutes().sort());
  });

  const cred: Credentials = {
    valid: [SESSION_PICK, "good"],
    bad: fc.oneof(
      fc.constant(null),
      fc
        .constantFrom<CookieState>("coffee", "tampered", "stale", "expired")
        .map((s): [string, string] => [SESSION_PICK, s]),
      fc
        .oneof(
          fz.trickyString,
          fz.headerJunk,
          fc.constantFrom("Fe26.2*", "Fe26.2**", "Fe26.2*1*x*y*z*w*9999999999999*a*b", ""),
        )
        .map((v): [string, string] => [SESSION_PICK, `junk:${v}`]),
    ),
  };

  async function send(r: FuzzRequest): Promise<Response> {
    const pick = r.headers.find(([k]) => k === SESSION_PICK)?.[1];
    jar.clear();
    if (pick?.startsWith("junk:")) jar.set(cookieName, pick.slice(5));
    else if (pick) jar.set(cookieName, cookies.get(pick as CookieState)!);
    const req = fz.makeRequest("http://spa.localhost", "/api/session/", {
      ...r,
      headers: r.headers.filter(([k]) => k !== SESSION_PICK),
    });
    const res = await storeApi(req);
    // A refresh or logout spent the good session: the next request gets a new one.
    if (pick === "good" && jar.get(cookieName) !== cookies.get("good")) cookies.set("good", await mintGood());
    return res;
  }

  for (const family of FAMILIES) {
    it(
      `answers 1,000 malformed requests of "${family}" with 4xx codes, never a 5xx`,
      async () => {
        const stats = fz.newStats(family);
        all.push(stats);
        await fz.fuzzFamily(stats, fc.oneof(...specs[family].map((s) => fz.routeRequests(s, cred, false))), send);
        fz.expectFamilyCounts(stats);
        for (const s of specs[family])
          expect(stats.byRoute[fz.routeLabel(s)] ?? 0, fz.routeLabel(s)).toBeGreaterThan(20);
      },
      fz.FAMILY_TIMEOUT_MS,
    );
  }

  it("refused the vast majority of all its requests", () => fz.expectSuiteRefusedShare(all));
});
