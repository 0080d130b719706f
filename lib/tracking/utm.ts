import type { UtmInput } from "@/contract/input/checkout";

/**
 * Spec §3 UTM attribution: `utm_*` read from the landing URL, kept in local storage with a
 * timestamp (a new landing with UTM replaces the whole record), and sent with the order within the
 * tenant's attribution days (30 unless set). localStorage is per
 * origin, and every tenant has its own host, so the record is per tenant.
 */

export type UtmRecord = NonNullable<UtmInput>;

const FIELDS = ["source", "medium", "campaign", "term", "content", "id"] as const;
const MAX = 200;
export const UTM_STORAGE_KEY = "sf:utm";

/** The `utm_*` of a query string, each trimmed and cut to 200 characters; null when there is none. */
export function parseUtm(search: string, now: Date): UtmRecord | null {
  const params = new URLSearchParams(search);
  const record: UtmRecord = {};
  for (const f of FIELDS) {
    const v = params.get(`utm_${f}`)?.trim();
    if (v) record[f] = v.slice(0, MAX);
  }
  return Object.keys(record).length > 0 ? { ...record, timestamp: now.toISOString() } : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A stored record, fields checked (strings, ≤ 200); anything else is none. With `expiry`, a record
 * whose campaign visit is older than its days (or has no readable time) is none: an order long
 * after a campaign is not credited to it.
 */
export function parseStoredUtm(raw: string | null, expiry?: { now: Date; days: number }): UtmRecord | null {
  const record = readStoredUtm(raw);
  if (!record || !expiry) return record;
  const at = Date.parse(record.timestamp ?? "");
  return Number.isFinite(at) && expiry.now.getTime() - at <= expiry.days * DAY_MS ? record : null;
}

function readStoredUtm(raw: string | null): UtmRecord | null {
  try {
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (!v || typeof v !== "object") return null;
    const out: UtmRecord = {};
    for (const f of [...FIELDS, "timestamp"] as const) {
      const x = (v as Record<string, unknown>)[f];
      if (typeof x === "string" && x.trim()) out[f] = x.trim().slice(0, MAX);
    }
    return Object.keys(out).length > 0 ? out : null;
  } catch {
    return null;
  }
}

/** On a landing with UTM in the URL: replaces the stored record. Storage off (private mode) ⇒ nothing kept. */
export function captureUtm(search: string, storage: Pick<Storage, "setItem"> | undefined, now = new Date()): void {
  const record = parseUtm(search, now);
  if (!record) return;
  try {
    storage?.setItem(UTM_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or refused: the order simply goes without attribution.
  }
}

/** The record the order carries: null when none, older than the tenant's attribution days, or storage is unavailable. */
export function storedUtm(days: number): UtmRecord | null {
  try {
    return parseStoredUtm(window.localStorage.getItem(UTM_STORAGE_KEY), { now: new Date(), days });
  } catch {
    return null;
  }
}
