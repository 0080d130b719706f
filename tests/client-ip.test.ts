import { describe, expect, it } from "vitest";
import { clientIp } from "@/server/client-ip";

describe("clientIp", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["1.2.3.4, 203.0.113.9", "203.0.113.9"],
    ["spoofed,  10.0.0.1 , 203.0.113.9 ", "203.0.113.9"],
    ["2001:db8::1", "2001:db8::1"],
    ["", "unknown"],
    [" , ", "unknown"],
    [`1.1.1.1, ${"x".repeat(100)}`, "unknown"],
  ])("%j → %s", (header, ip) => expect(clientIp(new Headers({ "x-forwarded-for": header }))).toBe(ip));

  it("is unknown without the header", () => expect(clientIp(new Headers())).toBe("unknown"));
});
