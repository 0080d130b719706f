import { describe, expect, it } from "vitest";
import { CLICK_ID_FIELDS, UtmInput } from "@/contract/input/checkout";
import { captureUtm, fbcOf, parseStoredUtm, parseUtm, URL_CLICK_IDS, UTM_STORAGE_KEY } from "@/lib/tracking/utm";

/** The ad platforms' click ids kept with the UTM record (spec §3 UTM, docs/behaviour.md). */
const now = new Date("2026-03-01T10:00:00.000Z");
const MS = now.getTime();

const memory = () => {
  const m = new Map<string, string>();
  return {
    storage: { setItem: (k: string, v: string) => void m.set(k, v) },
    stored: () => parseStoredUtm(m.get(UTM_STORAGE_KEY) ?? null),
  };
};

describe("click ids of a landing", () => {
  it("reads every click id the contract names, under its URL name (fbc is made, never read)", () => {
    expect([...URL_CLICK_IDS, "fbc"].sort()).toEqual([...CLICK_ID_FIELDS].sort());
    for (const id of URL_CLICK_IDS)
      expect(parseUtm(`?${id}=%20abc-${id}%20&x=1`, now)).toMatchObject({
        [id]: `abc-${id}`,
        timestamp: now.toISOString(),
      });
    // The names are the platforms' own, case and all: Snap's is ScCid.
    expect(parseUtm("?sccid=abc", now)).toBeNull();
    expect(parseUtm("?ScCid=abc", now)).toEqual({ ScCid: "abc", timestamp: now.toISOString() });
  });

  it("fbclid also gives Meta's _fbc value, fb.1.<landing ms>.<fbclid>, the click id unchanged", () => {
    const fbclid = "IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk";
    expect(parseUtm(`?fbclid=${fbclid}`, now)).toEqual({
      fbclid,
      fbc: `fb.1.${MS}.${fbclid}`,
      timestamp: now.toISOString(),
    });
    // Milliseconds, not seconds (13 digits), and the id's case kept.
    expect(fbcOf("AbC", now)).toMatch(/^fb\.1\.\d{13}\.AbC$/);
    // No fbclid, no fbc; an fbc in the URL is not taken as the shopper's.
    expect(parseUtm("?fbc=fb.1.1.x&gclid=g", now)).toEqual({ gclid: "g", timestamp: now.toISOString() });
  });

  it("each value trimmed and cut to 200 characters; an fbc that would pass 200 is not made rather than cut", () => {
    for (const id of URL_CLICK_IDS) expect(parseUtm(`?${id}=${"a".repeat(300)}`, now)?.[id]).toHaveLength(200);
    const long = parseUtm(`?fbclid=${"b".repeat(300)}`, now);
    expect(long?.fbclid).toHaveLength(200);
    expect(long?.fbc).toBeUndefined();
    const fits = "c".repeat(200 - `fb.1.${MS}.`.length);
    expect(parseUtm(`?fbclid=${fits}`, now)?.fbc).toHaveLength(200);
    expect(parseUtm(`?fbclid=${fits}c`, now)?.fbc).toBeUndefined();
    // Blank ⇒ absent; a control character ⇒ absent (the order's contract refuses it: the order must not fail).
    expect(parseUtm("?gclid=%20%20&ttclid=", now)).toBeNull();
    expect(parseUtm("?gclid=a%00b&ttclid=t", now)).toEqual({ ttclid: "t", timestamp: now.toISOString() });
    // A cut never splits a character in two (a lone surrogate is refused by the contract too).
    const emoji = parseUtm(`?msclkid=${"a".repeat(199)}😀`, now)?.msclkid;
    expect(emoji).toBe("a".repeat(199));
  });

  it("whatever the landing, the record passes the order's contract as it is", () => {
    const hostile = [
      `?fbclid=${"😀".repeat(150)}&utm_source=${"x".repeat(500)}`,
      "?gclid=%E2%80%AEevil&utm_campaign=%0Aa",
      `?ScCid=${encodeURIComponent(" \t z ")}&wbraid=w&gbraid=g`,
    ];
    for (const q of hostile) {
      const record = parseUtm(q, now);
      expect(UtmInput.safeParse(record).success, q).toBe(true);
      expect(UtmInput.parse(record)).toEqual(record);
    }
  });
});

describe("one record: a new landing replaces the whole of it", () => {
  it("a click id alone replaces an earlier campaign, and a campaign alone an earlier click id", () => {
    const { storage, stored } = memory();
    captureUtm("?utm_source=snap&utm_campaign=eid&ScCid=abc", storage, now);
    expect(stored()).toEqual({ source: "snap", campaign: "eid", ScCid: "abc", timestamp: now.toISOString() });
    // The same landing twice (a reload): the same record.
    captureUtm("?utm_source=snap&utm_campaign=eid&ScCid=abc", storage, now);
    expect(stored()).toEqual({ source: "snap", campaign: "eid", ScCid: "abc", timestamp: now.toISOString() });
    const later = new Date(MS + 60_000);
    captureUtm("?gclid=G1", storage, later);
    expect(stored()).toEqual({ gclid: "G1", timestamp: later.toISOString() });
    captureUtm("?utm_source=tiktok", storage, now);
    expect(stored()).toEqual({ source: "tiktok", timestamp: now.toISOString() });
    captureUtm("?fbclid=F", storage, now);
    expect(stored()).toEqual({ fbclid: "F", fbc: `fb.1.${MS}.F`, timestamp: now.toISOString() });
    // A page without either keeps it (browsing on, a coupon link's own parameter).
    captureUtm("?coupon=RELAX10&page=2", storage, later);
    expect(stored()).toEqual({ fbclid: "F", fbc: `fb.1.${MS}.F`, timestamp: now.toISOString() });
  });

  it("click ids expire with the record after the tenant's attribution days", () => {
    const record = JSON.stringify(parseUtm("?ttclid=T&fbclid=F", now));
    const after = (days: number) => ({ now: new Date(MS + days * 24 * 60 * 60 * 1000), days: 7 });
    expect(parseStoredUtm(record, after(7))).toMatchObject({ ttclid: "T", fbclid: "F", fbc: `fb.1.${MS}.F` });
    expect(parseStoredUtm(record, after(7.01))).toBeNull();
  });

  it("a stored record is read field by field: unknown keys, non-strings, over-long and control characters dropped", () => {
    expect(
      parseStoredUtm(
        JSON.stringify({
          gclid: "g",
          ScCid: 5,
          evil: "x",
          ttclid: "t".repeat(300),
          msclkid: "a\u0007b",
          timestamp: now.toISOString(),
        }),
      ),
    ).toEqual({ gclid: "g", ttclid: "t".repeat(200), timestamp: now.toISOString() });
  });
});
