/**
 * The QR code's payload of a Saudi simplified tax invoice, phase 1 (ZATCA's e-invoicing
 * regulation, "QR code" of the simplified invoice): five TLV fields — tag (1 byte), length (1
 * byte, of the value's UTF-8 bytes), value (UTF-8) — concatenated in tag order and base64-encoded.
 * Phase 2 (XML, hash, signature, clearance) adds tags 6–9 from the signing step; it is not done
 * here (docs/ARCHITECTURE.md says where it plugs in).
 */

export type ZatcaFields = {
  /** Tag 1: the seller's name as registered (Arabic allowed). */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number (15 digits). */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601 (UTC, e.g. 2026-11-26T09:30:00Z). */
  timestamp: string;
  /** Tag 4: the invoice total with VAT, two decimals. */
  totalWithVat: string;
  /** Tag 5: the VAT total, two decimals. */
  vatTotal: string;
};

const ORDER = ["sellerName", "vatNumber", "timestamp", "totalWithVat", "vatTotal"] as const;

/** The base64 payload; a value longer than 255 bytes (one length byte) is refused, not cut. */
export function zatcaQrPayload(fields: ZatcaFields): string {
  const parts: Buffer[] = [];
  ORDER.forEach((key, i) => {
    const value = Buffer.from(fields[key], "utf8");
    if (value.length === 0 || value.length > 255) throw new RangeError(`ZATCA QR: ${key} must be 1–255 bytes of UTF-8`);
    parts.push(Buffer.from([i + 1, value.length]), value);
  });
  return Buffer.concat(parts).toString("base64");
}

/** Reads a payload back (for tests, and for checking an invoice that is shown). */
export function readZatcaQrPayload(base64: string): ZatcaFields {
  const bytes = Buffer.from(base64, "base64");
  const values = new Map<number, string>();
  for (let at = 0; at < bytes.length; ) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (length === undefined || at + 2 + length > bytes.length) throw new RangeError("ZATCA QR: truncated TLV");
    values.set(tag, bytes.subarray(at + 2, at + 2 + length).toString("utf8"));
    at += 2 + length;
  }
  const field = (tag: number) => {
    const value = values.get(tag);
    if (value === undefined) throw new RangeError(`ZATCA QR: tag ${tag} is missing`);
    return value;
  };
  return { sellerName: field(1), vatNumber: field(2), timestamp: field(3), totalWithVat: field(4), vatTotal: field(5) };
}
