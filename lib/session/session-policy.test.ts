import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  accessExpiry,
  decideSession,
  MAX_EXPIRED_MS,
  REFRESH_LEAD_MS,
  tokenTenantId,
  type SessionData,
} from "./session-policy";

const SPA = "5f1c8a2e-0000-4000-8000-000000000001";
const COFFEE = "5f1c8a2e-0000-4000-8000-000000000002";
const key = new TextEncoder().encode("any-key-the-policy-never-verifies-signatures");

async function token(tenantid: string, expSeconds: number) {
  return new SignJWT({ tenantid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("customer-1")
    .setExpirationTime(expSeconds)
    .sign(key);
}

const EXPIRES = Date.UTC(2026, 10, 21, 12, 0, 0);

async function session(over: Partial<SessionData> = {}): Promise<SessionData> {
  return {
    tenantId: SPA,
    customerId: "customer-1",
    accessToken: await token(SPA, EXPIRES / 1000),
    refreshToken: "r1",
    accessExpiresAt: EXPIRES,
    ...over,
  };
}

describe("session expiry decisions (spec §4, §9)", () => {
  it("uses a token that is not about to expire", async () => {
    expect(decideSession(await session(), SPA, EXPIRES - REFRESH_LEAD_MS - 1)).toBe("use");
  });

  it("refreshes from 10 s before expiry", async () => {
    expect(decideSession(await session(), SPA, EXPIRES - REFRESH_LEAD_MS)).toBe("refresh");
    expect(decideSession(await session(), SPA, EXPIRES)).toBe("refresh");
  });

  it("still refreshes at exactly one day past expiry, and logs out one millisecond later", async () => {
    expect(MAX_EXPIRED_MS).toBe(86_400_000);
    expect(decideSession(await session(), SPA, EXPIRES + MAX_EXPIRED_MS)).toBe("refresh");
    expect(decideSession(await session(), SPA, EXPIRES + MAX_EXPIRED_MS + 1)).toBe("clear");
  });

  it("logs out a session kept for another tenant", async () => {
    expect(decideSession(await session({ tenantId: COFFEE }), SPA, EXPIRES - 60_000)).toBe("clear");
  });

  it("logs out a session whose token was issued for another tenant, whatever the session says", async () => {
    const foreign = await session({ accessToken: await token(COFFEE, EXPIRES / 1000) });
    expect(decideSession(foreign, SPA, EXPIRES - 60_000)).toBe("clear");
    expect(decideSession(foreign, COFFEE, EXPIRES - 60_000)).toBe("clear");
  });

  it("is signed out with an empty session, and clears a partial or unreadable one", async () => {
    expect(decideSession({}, SPA, EXPIRES)).toBe("none");
    expect(decideSession({ tenantId: SPA, customerId: "c" }, SPA, EXPIRES)).toBe("clear");
    expect(decideSession(await session({ accessToken: "not-a-jwt" }), SPA, EXPIRES - 60_000)).toBe("clear");
    expect(decideSession(await session({ accessExpiresAt: Number.NaN }), SPA, EXPIRES - 60_000)).toBe("clear");
  });
});

describe("token reading", () => {
  it("reads the tenant claim without trusting it for anything else", async () => {
    expect(tokenTenantId(await token(SPA, EXPIRES / 1000))).toBe(SPA);
    expect(tokenTenantId("a.b.c")).toBeNull();
    expect(tokenTenantId(await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).sign(key))).toBeNull();
  });

  it("takes the expiry from the token's exp, else from expires_in", async () => {
    expect(accessExpiry(await token(SPA, EXPIRES / 1000), 60, 0)).toBe(EXPIRES);
    expect(accessExpiry("opaque", 900, 1_000)).toBe(901_000);
  });
});
