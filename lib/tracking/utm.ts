import type { ClickIdField, UtmInput } from "@/contract/input/checkout";

/**
 * Spec §3 UTM attribution: `utm_*` and the ad platforms' click ids read from the landing URL, kept
 * in local storage with a timestamp as one record, and sent with the order within the tenant's
 * attribution days (30 unless set). A landing with any of them replaces the whole record: a new
 * click must not be credited to an older campaign, nor an old click to a new one. localStorage is
 * per origin, and every tenant has its own host, so the record is per tenant.
 */

export type UtmRecord = NonNullable<UtmInput>;

const UTM_FIELDS = ["source", "medium", "campaign", "term", "content", "id"] as const;
/**
 * The click ids read from the URL, under the names the platforms give them; `fbc` is made here,
 * never read. Listed here rather than imported with the contract's zod, as this runs on every page
 * (tests/utm-click-ids.test.ts holds the two lists equal).
 */
export const URL_CLICK_IDS = [
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "ttclid",
  "ScCid",
  "msclkid",
] as const satisfies readonly Exclude<ClickIdField, "fbc">[];
const STORED_FIELDS = [...UTM_FIELDS, ...URL_CLICK_IDS, "fbc", "timestamp"] as const;
/** rules/text.ts SINGLE_LINE_TEXT (not imported: that module brings zod). */
const SINGLE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;
const MAX = 200;
export const UTM_STORAGE_KEY = "sf:utm";

/**
 * A value as the order may carry it: trimmed, at most 200 UTF-16 units without splitting a
 * character, and none when it holds a control character (the order's contract refuses those, and
 * the order must not fail for a mangled link).
 */
function kept(raw: string | null | undefined): string | null {
  let v = raw?.trim().slice(0, MAX) ?? "";
  if (/[\uD800-\uDBFF]$/.test(v)) v = v.slice(0, -1);
  return v && SINGLE_LINE.test(v) ? v : null;
}

/**
 * Meta's `_fbc` value for a click landing at `now`: `fb.<subdomainIndex>.<creationTime ms>.<fbclid>`,
 * with subdomain index 1 as Meta asks of a value made outside its cookie. The click id is used as
 * received (Meta flags a changed one), so a value longer than the record's 200 characters is not
 * made at all rather than cut.
 */
export function fbcOf(fbclid: string, now: Date): string | null {
  const fbc = `fb.1.${now.getTime()}.${fbclid}`;
  return fbc.length <= MAX ? fbc : null;
}

/** The `utm_*` and click ids of a query string, each trimmed and cut to 200 characters; null when there is none. */
export function parseUtm(search: string, now: Date): UtmRecord | null {
  const params = new URLSearchParams(search);
  const record: UtmRecord = {};
  for (const f of UTM_FIELDS) {
    const v = kept(params.get(`utm_${f}`));
    if (v) record[f] = v;
  }
  for (const f of URL_CLICK_IDS) {
    const v = kept(params.get(f));
    if (v) record[f] = v;
  }
  if (record.fbclid) {
    const fbc = fbcOf(record.fbclid, now);
    if (fbc) record.fbc = fbc;
  }
  return Object.keys(record).length > 0 ? { ...record, timestamp: now.toISOString() } : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A stored record, fields checked (strings, ≤ 200); anything else is none. With `expiry`, a record
 * whose campaign visit is older than its days (or has no readable time) is none, click ids with
 * it: an order long after a campaign is not credited to it.
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
    for (const f of STORED_FIELDS) {
      const x = (v as Record<string, unknown>)[f];
      const value = typeof x === "string" ? kept(x) : null;
      if (value) out[f] = value;
    }
    return Object.keys(out).length > 0 ? out : null;
  } catch {
    return null;
  }
}

/** On a landing with UTM or a click id in the URL: replaces the stored record. Storage off (private mode) ⇒ nothing kept. */
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
