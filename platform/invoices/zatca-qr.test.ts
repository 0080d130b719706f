import { describe, expect, it } from "vitest";
import { readZatcaQrPayload, zatcaQrPayload, type ZatcaFields } from "./zatca-qr";

describe("ZATCA phase-1 QR payload (simplified tax invoice)", () => {
  it("matches a published example byte for byte (Salla's ZATCA package README)", () => {
    const fields: ZatcaFields = {
      sellerName: "Salla",
      vatNumber: "1234567891",
      timestamp: "2021-07-12T14:25:09Z",
      totalWithVat: "100.00",
      vatTotal: "15.00",
    };
    expect(zatcaQrPayload(fields)).toBe("AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=");
  });

  it("decodes back to the five fields, an Arabic seller name counted in UTF-8 bytes", () => {
    const fields: ZatcaFields = {
      sellerName: "منتجع رمال للعافية",
      vatNumber: "310123456700003",
      timestamp: "2026-11-26T09:30:00Z",
      totalWithVat: "287.50",
      vatTotal: "37.50",
    };
    const payload = zatcaQrPayload(fields);
    expect(readZatcaQrPayload(payload)).toEqual(fields);
    const bytes = Buffer.from(payload, "base64");
    expect([bytes[0], bytes[1]]).toEqual([1, Buffer.byteLength(fields.sellerName, "utf8")]);
    expect(bytes[1]).toBeGreaterThan(fields.sellerName.length);
  });

  it("refuses a value that one length byte cannot carry, and an empty one, instead of cutting it", () => {
    const base: ZatcaFields = {
      sellerName: "x",
      vatNumber: "310123456700003",
      timestamp: "2026-11-26T09:30:00Z",
      totalWithVat: "1.00",
      vatTotal: "0.13",
    };
    expect(() => zatcaQrPayload({ ...base, sellerName: "م".repeat(128) })).toThrow(RangeError);
    expect(() => zatcaQrPayload({ ...base, vatNumber: "" })).toThrow(RangeError);
    expect(() => readZatcaQrPayload(zatcaQrPayload(base).slice(0, 12))).toThrow(RangeError);
  });
});
