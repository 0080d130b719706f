import { weekday } from "@/rules/riyadh-time";
import type { OpeningHoursDays } from "./booking-days";

/**
 * What the slot widget knows of the specialists who serve a product (from GET products/{id}):
 * enough to offer them, narrow them by branch and price, and grey out the days none of them works.
 */
export type StaffSpecialist = {
  id: string;
  name: string;
  bio: string;
  photo: string | null;
  branchIds: string[];
  priceIds: string[] | null;
  workingHours: Record<string, [string, string] | null>;
  daysOff: string[];
};
export type StaffBranch = {
  id: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  openingHours: OpeningHoursDays;
};
/** "dropdown" (the spec's default) or "cards" (photos). showBranches: more than one and the store doesn't hide them. */
export type StaffSpec = {
  specialists: StaffSpecialist[];
  branches: StaffBranch[];
  view: "dropdown" | "cards";
  showBranches: boolean;
};
/** null: any. */
export type StaffPick = { specialistId: string | null; branchId: string | null };

/** The specialists a pick allows for a price, in the store's order. */
export function eligibleSpecialists(staff: StaffSpec, pick: StaffPick, priceId: string | null): StaffSpecialist[] {
  return staff.specialists.filter(
    (s) =>
      (!pick.specialistId || s.id === pick.specialistId) &&
      (!priceId || !s.priceIds || s.priceIds.includes(priceId)) &&
      (!pick.branchId || s.branchIds.includes(pick.branchId)),
  );
}

/** Whether someone the pick allows works that day (their week, their days off, a branch of theirs open). */
export function someoneWorks(staff: StaffSpec, pick: StaffPick, priceId: string | null, day: string): boolean {
  const wd = String(weekday(day));
  const branchOpen = (id: string) => {
    const b = staff.branches.find((x) => x.id === id);
    return !b || !b.openingHours || !!b.openingHours[wd];
  };
  return eligibleSpecialists(staff, pick, priceId).some(
    (s) =>
      !!s.workingHours[wd] &&
      !s.daysOff.includes(day) &&
      (s.branchIds.length === 0 ||
        s.branchIds.some((id) => (!pick.branchId || id === pick.branchId) && branchOpen(id))),
  );
}

/** Kilometres between two points (haversine). */
export function kmBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The branches in the store's order, or nearest first from the shopper's selected location (those
 * without coordinates last), each with its distance; `nearestId` is the suggestion.
 */
export function branchesByDistance(branches: StaffBranch[], from: { latitude: number; longitude: number } | null) {
  const listed = branches.map((b, i) => ({
    branch: b,
    i,
    km:
      from && b.latitude !== null && b.longitude !== null
        ? kmBetween(from, { latitude: b.latitude, longitude: b.longitude })
        : null,
  }));
  if (!from) return { list: listed, nearestId: null };
  listed.sort((a, b) => (a.km ?? Infinity) - (b.km ?? Infinity) || a.i - b.i);
  return { list: listed, nearestId: listed[0]?.km !== null ? (listed[0]?.branch.id ?? null) : null };
}
