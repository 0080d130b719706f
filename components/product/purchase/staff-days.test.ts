import { describe, expect, it } from "vitest";
import { branchesByDistance, eligibleSpecialists, someoneWorks, type StaffSpec } from "./staff-days";

const week = (days: number[]) =>
  Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), days.includes(d) ? (["10:00", "18:00"] as [string, string]) : null]),
  );
const staff: StaffSpec = {
  view: "dropdown",
  showBranches: true,
  branches: [
    { id: "olaya", name: "Olaya", address: "", latitude: 24.6995, longitude: 46.685, openingHours: null },
    {
      id: "hittin",
      name: "Hittin",
      address: "",
      latitude: 24.764,
      longitude: 46.601,
      openingHours: week([0, 1, 2, 3, 4]),
    },
  ],
  specialists: [
    {
      id: "sara",
      name: "Sara",
      bio: "",
      photo: null,
      branchIds: ["olaya"],
      priceIds: null,
      workingHours: week([0, 1, 2, 3, 4]),
      daysOff: ["2026-12-01"],
    },
    {
      id: "huda",
      name: "Huda",
      bio: "",
      photo: null,
      branchIds: ["hittin"],
      priceIds: ["hot"],
      workingHours: week([0, 1, 2, 3, 4, 5, 6]),
      daysOff: [],
    },
  ],
};

describe("the slot widget's specialists", () => {
  it("narrows by specialist, branch and price", () => {
    expect(eligibleSpecialists(staff, { specialistId: null, branchId: null }, "swedish").map((s) => s.id)).toEqual([
      "sara",
    ]);
    expect(eligibleSpecialists(staff, { specialistId: null, branchId: "hittin" }, "hot").map((s) => s.id)).toEqual([
      "huda",
    ]);
    expect(eligibleSpecialists(staff, { specialistId: "huda", branchId: null }, null).map((s) => s.id)).toEqual([
      "huda",
    ]);
  });

  it("greys out a day nobody the choice allows works: their week, a day off, the branch closed", () => {
    const any = { specialistId: null, branchId: null };
    // 2026-12-01 is a Tuesday (Sara's day off); 2026-12-04 a Friday (Sara off, Hittin closed).
    expect(someoneWorks(staff, any, "swedish", "2026-12-01")).toBe(false);
    expect(someoneWorks(staff, any, "swedish", "2026-12-02")).toBe(true);
    expect(someoneWorks(staff, any, "hot", "2026-12-04")).toBe(false);
    expect(someoneWorks(staff, any, "hot", "2026-12-01")).toBe(true);
  });

  it("lists branches nearest first from the selected location, else in the store's order", () => {
    expect(branchesByDistance(staff.branches, null)).toMatchObject({
      nearestId: null,
      list: [{ branch: { id: "olaya" } }, { branch: { id: "hittin" } }],
    });
    const nearHittin = branchesByDistance(staff.branches, { latitude: 24.77, longitude: 46.6 });
    expect(nearHittin.nearestId).toBe("hittin");
    expect(nearHittin.list.map((x) => x.branch.id)).toEqual(["hittin", "olaya"]);
    expect(nearHittin.list[0].km).toBeLessThan(1);
  });
});
