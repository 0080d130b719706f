import { describe, expect, it } from "vitest";
import { parseEnv } from "@/server/env-schema";

describe("environment validation", () => {
  it("has working defaults for the embedded demo", () => {
    const e = parseEnv({});
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.DATA_DIR).toBe(".data/pglite");
    expect(e.SANDBOX).toBe(true);
    expect(e.BASE_DOMAIN).toBe("localhost");
    expect(e.DEFAULT_TENANT).toBe("spa");
  });
  it("treats empty values as unset", () => expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined());
  it("accepts a PostgreSQL URL", () =>
    expect(parseEnv({ DATABASE_URL: "postgres://u@h:5432/db" }).DATABASE_URL).toBe("postgres://u@h:5432/db"));
  it("fails fast with a clear message on a bad value", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => parseEnv({ SANDBOX: "maybe" })).toThrow(/SANDBOX/);
    expect(() => parseEnv({ PLATFORM_API_URL: "not a url" })).toThrow(/PLATFORM_API_URL/);
  });
  it("turns sandboxes off with SANDBOX=off", () => expect(parseEnv({ SANDBOX: "off" }).SANDBOX).toBe(false));
});

describe("PORT", () => {
  it("defaults to 3000 and reads a number", () => {
    expect(parseEnv({}).PORT).toBe(3000);
    expect(parseEnv({ PORT: "3100" }).PORT).toBe(3100);
  });
  it("refuses what is not a port", () => {
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
  });
});

describe("a real deployment (production with SANDBOX=off)", () => {
  const real = { NODE_ENV: "production", SANDBOX: "off" };
  const secrets = {
    JWT_SECRET: "j".repeat(32),
    SESSION_PASSWORD: "s".repeat(32),
    SMS_PROVIDER: "gateway",
    SMS_GATEWAY_URL: "https://sms.example.com",
    SMS_GATEWAY_KEY: "k",
  };
  it("needs real secrets and an SMS gateway", () => {
    expect(() => parseEnv(real)).toThrow(/JWT_SECRET[\s\S]*SESSION_PASSWORD[\s\S]*SMS_PROVIDER/);
    expect(parseEnv({ ...real, ...secrets }).SMS_PROVIDER).toBe("gateway");
  });
  it("refuses short secrets and a gateway without address or key", () => {
    expect(() => parseEnv({ ...real, ...secrets, JWT_SECRET: "short" })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => parseEnv({ SMS_PROVIDER: "gateway" })).toThrow(/SMS_GATEWAY_URL, SMS_GATEWAY_KEY/);
  });
  it("runs the demo (production build, sandboxes on) without secrets", () => {
    expect(parseEnv({ NODE_ENV: "production" }).SANDBOX).toBe(true);
  });
});
