"use client";

import type { Position } from "./types";

/** The last position the device gave this page: the fallback after the selected location is deleted. */
let last: Position | null = null;

export function lastKnownPosition(): Position | null {
  return last;
}

export class PositionUnavailableError extends Error {
  override name = "PositionUnavailableError";
  constructor(readonly reason: "unsupported" | "denied" | "unavailable") {
    super(`Position ${reason}`);
  }
}

/** The device's position (asks permission the first time); a recent fix is good enough. */
export function requestCurrentPosition(timeout = 10_000): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      reject(new PositionUnavailableError("unsupported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (fix) => {
        last = { latitude: fix.coords.latitude, longitude: fix.coords.longitude };
        resolve(last);
      },
      (err) => reject(new PositionUnavailableError(err.code === err.PERMISSION_DENIED ? "denied" : "unavailable")),
      { enableHighAccuracy: true, timeout, maximumAge: 5 * 60_000 },
    );
  });
}
