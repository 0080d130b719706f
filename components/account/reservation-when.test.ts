import { describe, expect, it } from "vitest";
import { reservationWhen } from "./reservation-when";

describe("when a booking takes place", () => {
  it("shows a full-day booking's end date minus one day (spec §9)", () => {
    // Check-in 1 Dec, checkout 3 Dec (exclusive, Riyadh midnights): the nights of 1 and 2 Dec.
    expect(
      reservationWhen({
        isFullDayBooking: true,
        startsAt: "2026-11-30T21:00:00.000Z",
        endsAt: "2026-12-02T21:00:00.000Z",
      }),
    ).toEqual({ kind: "days", firstDay: "2026-12-01", lastDay: "2026-12-02", nights: 2 });
  });

  it("shows a one-night stay as one day", () => {
    expect(
      reservationWhen({
        isFullDayBooking: true,
        startsAt: "2026-11-30T21:00:00.000Z",
        endsAt: "2026-12-01T21:00:00.000Z",
      }),
    ).toEqual({ kind: "days", firstDay: "2026-12-01", lastDay: "2026-12-01", nights: 1 });
  });

  it("shows a timed booking on its Riyadh day, even when that is the next UTC day", () => {
    expect(
      reservationWhen({
        isFullDayBooking: false,
        startsAt: "2026-11-24T22:00:00.000Z",
        endsAt: "2026-11-24T23:00:00.000Z",
      }),
    ).toEqual({ kind: "time", day: "2026-11-25", from: "2026-11-24T22:00:00.000Z", to: "2026-11-24T23:00:00.000Z" });
  });
});
