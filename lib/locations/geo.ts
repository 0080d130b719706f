import type { Position } from "./types";

/** Metres per degree of latitude (mean); a degree of longitude shrinks with the cosine of the latitude. */
const METRES_PER_DEGREE = 111_320;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Rounds to 6 decimals (about 10 cm): what the picker shows and saves. */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A position moved east and north by the given metres (small distances: a flat-earth step is enough). */
export function offsetPosition(origin: Position, east: number, north: number): Position {
  const cos = Math.max(Math.cos((origin.latitude * Math.PI) / 180), 1e-6);
  const latitude = clamp(origin.latitude + north / METRES_PER_DEGREE, -90, 90);
  let longitude = origin.longitude + east / (METRES_PER_DEGREE * cos);
  // Across the antimeridian the longitude wraps instead of leaving the valid range.
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: round6(latitude), longitude: round6(longitude) };
}

/** How far east and north of `origin` a position lies, in metres (the inverse of offsetPosition). */
export function metresFrom(origin: Position, target: Position): { east: number; north: number } {
  const cos = Math.max(Math.cos((origin.latitude * Math.PI) / 180), 1e-6);
  let dLng = target.longitude - origin.longitude;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  return { east: dLng * METRES_PER_DEGREE * cos, north: (target.latitude - origin.latitude) * METRES_PER_DEGREE };
}

/** Metres from the view's centre to its east–west and north–south edges. */
export type ViewSpan = { east: number; north: number };

/**
 * The picker's view drawn in a 0–100 box on both axes (y grows downwards, so north is up).
 * Points outside the view are held at its edge.
 */
export function toViewBox(center: Position, point: Position, span: ViewSpan): { x: number; y: number } {
  const { east, north } = metresFrom(center, point);
  return { x: clamp(50 + (east / span.east) * 50, 0, 100), y: clamp(50 - (north / span.north) * 50, 0, 100) };
}

export function fromViewBox(center: Position, x: number, y: number, span: ViewSpan): Position {
  const east = ((clamp(x, 0, 100) - 50) / 50) * span.east;
  const north = ((50 - clamp(y, 0, 100)) / 50) * span.north;
  return offsetPosition(center, east, north);
}

/** Whether `point` lies inside the view around `center` (else the view should move to it). */
export function isInView(center: Position, point: Position, span: ViewSpan): boolean {
  const { east, north } = metresFrom(center, point);
  return Math.abs(east) <= span.east && Math.abs(north) <= span.north;
}
