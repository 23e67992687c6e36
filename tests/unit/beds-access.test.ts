// The beds pages live under the Services tab: the same roles may open them (app/features/beds/admin/access.ts).
import { expect, test } from "vitest";
import { BEDS_STAFF_ROLES } from "#app/features/beds/admin/access";
import { servicesTab } from "#app/features/services/admin/tab";
import { capacityShown, isFresh, knownUnit } from "#app/features/services/capacity";
import { verificationTooOld } from "#app/features/services/verified";

test("the beds pages take the Services tab's roles", () => {
  expect(BEDS_STAFF_ROLES).toEqual([...servicesTab.roles]);
});

test("a count is fresh strictly within its window; units the pages cannot name are places", () => {
  const set = new Date("2026-11-25T12:00:00Z");
  expect(isFresh(set, 6, new Date(set.getTime() + 6 * 3_600_000 - 1))).toBe(true);
  expect(isFresh(set, 6, new Date(set.getTime() + 6 * 3_600_000))).toBe(false);
  expect([knownUnit("Beds"), knownUnit("mat"), knownUnit("cot")]).toEqual(["bed", "mat", "place"]);
  const row = {
    id: "c",
    unitName: "bed",
    description: null,
    available: 3,
    maximum: null,
    freshHours: 6,
  };
  expect(capacityShown({ ...row, updated: new Date(set.getTime() + 60_000) }, set)).toMatchObject({
    ageMinutes: 0,
    fresh: true,
  });
});

test("a verification is too old after more than the install's days; never verified is another case", () => {
  expect(verificationTooOld("2026-11-02", "2027-01-31", 90)).toBe(false);
  expect(verificationTooOld("2026-11-02", "2027-02-01", 90)).toBe(true);
  expect(verificationTooOld(null, "2027-02-01", 90)).toBe(false);
});
