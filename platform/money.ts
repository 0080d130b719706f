/**
 * Money inside the platform is integer halalas (1 SAR = 100 halalas); DTOs carry SAR numbers with
 * two decimals. These helpers are the only place the two meet.
 */

/** Rounds a halala amount that arose from a multiplication to a whole halala (half away from zero). */
export function roundHalalas(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** Halalas → SAR with exactly two decimals (as a number, e.g. 2070, 123.45). */
export function toSar(halalas: number): number {
  return Number((roundHalalas(halalas) / 100).toFixed(2));
}

/** SAR → halalas, tolerant of binary fractions such as 0.1 + 0.2. */
export function toHalalas(sar: number): number {
  return roundHalalas(Number((sar * 100).toFixed(6)));
}

/**
 * A tax multiplier (1.15) as basis points of the tax part (1500), so that tax is computed with
 * integers: 1.15 − 1 is 0.1499999… in binary floating point.
 */
export function taxBasisPoints(taxRate: number): number {
  return Math.max(0, Math.round((taxRate - 1) * 10_000));
}

/** Tax on a net amount in halalas for a multiplier such as 1.15, rounded to a halala. */
export function taxOn(netHalalas: number, taxRate: number): number {
  return roundHalalas((netHalalas * taxBasisPoints(taxRate)) / 10_000);
}

/** `percent`% of an amount in halalas, rounded to a halala. */
export function percentOf(halalas: number, percent: number): number {
  return roundHalalas((halalas * percent) / 100);
}
