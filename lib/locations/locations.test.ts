import { describe, expect, it } from "vitest";
import { fromViewBox, isInView, metresFrom, offsetPosition, toViewBox } from "./geo";
import { newLocationFormSchema, toCreateBody } from "./new-location-form";
import { currentSelection, parseSelected } from "./selected-location";
import { DEFAULT_CENTER, SAVABLE_LOCATION_TYPES } from "./types";

const span = { east: 600, north: 337.5 };

describe("picker geometry", () => {
  it("moves by metres and measures them back", () => {
    const moved = offsetPosition(DEFAULT_CENTER, 300, -120);
    const back = metresFrom(DEFAULT_CENTER, moved);
    expect(back.east).toBeCloseTo(300, 0);
    expect(back.north).toBeCloseTo(-120, 0);
  });

  it("puts the centre in the middle, north up and east right", () => {
    expect(toViewBox(DEFAULT_CENTER, DEFAULT_CENTER, span)).toEqual({ x: 50, y: 50 });
    const ne = toViewBox(DEFAULT_CENTER, offsetPosition(DEFAULT_CENTER, 300, 100), span);
    expect(ne.x).toBeGreaterThan(50);
    expect(ne.y).toBeLessThan(50);
  });

  it("round-trips a tap through the view", () => {
    const p = fromViewBox(DEFAULT_CENTER, 75, 25, span);
    const v = toViewBox(DEFAULT_CENTER, p, span);
    expect(v.x).toBeCloseTo(75, 1);
    expect(v.y).toBeCloseTo(25, 1);
  });

  it("holds far points at the edge and says they are out of view", () => {
    const far = offsetPosition(DEFAULT_CENTER, 5_000, -5_000);
    expect(toViewBox(DEFAULT_CENTER, far, span)).toEqual({ x: 100, y: 100 });
    expect(isInView(DEFAULT_CENTER, far, span)).toBe(false);
    expect(isInView(DEFAULT_CENTER, offsetPosition(DEFAULT_CENTER, 100, 100), span)).toBe(true);
  });

  it("wraps across the antimeridian and keeps the latitude valid", () => {
    expect(offsetPosition({ latitude: 0, longitude: 179.9999 }, 1_000, 0).longitude).toBeLessThan(-179);
    expect(offsetPosition({ latitude: 89.9999, longitude: 0 }, 0, 1_000).latitude).toBe(90);
  });
});

describe("stored selection", () => {
  it("reads back what was stored", () => {
    const sel = currentSelection({ latitude: 24.7, longitude: 46.6 });
    expect(parseSelected(JSON.stringify(sel))).toEqual(sel);
    const saved = { id: "a", type: "home", description: "Olaya", latitude: 1, longitude: 2 };
    expect(parseSelected(JSON.stringify(saved))).toEqual(saved);
  });

  it("treats anything malformed as no selection", () => {
    for (const raw of [
      null,
      "",
      "{",
      "[]",
      '{"type":"home"}',
      '{"id":null,"type":"castle","description":null,"latitude":1,"longitude":2}',
      '{"id":null,"type":"home","description":null,"latitude":91,"longitude":2}',
      '{"id":3,"type":"home","description":null,"latitude":1,"longitude":2}',
    ])
      expect(parseSelected(raw)).toBeNull();
  });
});

describe("add form", () => {
  const base = { type: "work", description: "  King Fahd Rd  ", latitude: 24.7, longitude: 46.6 } as const;

  it("offers every type but the current position", () => {
    expect(SAVABLE_LOCATION_TYPES).toEqual(["home", "work", "resthouse", "friendsplace", "other"]);
    expect(newLocationFormSchema.safeParse({ ...base, type: "current" }).success).toBe(false);
  });

  it("trims the description and leaves an empty one out", () => {
    expect(toCreateBody(newLocationFormSchema.parse(base))).toEqual({
      type: "work",
      description: "King Fahd Rd",
      latitude: 24.7,
      longitude: 46.6,
    });
    expect(toCreateBody(newLocationFormSchema.parse({ ...base, description: "   " }))).toEqual({
      type: "work",
      latitude: 24.7,
      longitude: 46.6,
    });
  });

  it("refuses a long description and impossible coordinates with message keys", () => {
    const long = newLocationFormSchema.safeParse({ ...base, description: "x".repeat(201) });
    expect(long.error?.issues[0]?.message).toBe("descriptionTooLong");
    const lat = newLocationFormSchema.safeParse({ ...base, latitude: 95 });
    expect(lat.error?.issues[0]?.message).toBe("invalidPosition");
    const nan = newLocationFormSchema.safeParse({ ...base, longitude: Number.NaN });
    expect(nan.error?.issues[0]?.message).toBe("invalidPosition");
  });
});
