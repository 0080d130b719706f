import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env-schema";

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
  it("accepts a PostgreSQL URL", () => expect(parseEnv({ DATABASE_URL: "postgres://u@h:5432/db" }).DATABASE_URL).toBe("postgres://u@h:5432/db"));
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
