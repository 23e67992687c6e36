// The opening status kept per service at location (docs/decisions/184-stored-opening-status.md):
// right after its moment passes, with the clock set back, and after staff, an import or a
// hand-made SQL change alter the hours, whatever moment the finder is asked about.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import { findServices } from "#app/features/services/services.server";
import { getServiceForEditing, saveService } from "#app/features/services/staff.server";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const directory = readFileSync(path.join(FIXTURES, "houston-directory.json"), "utf8");
const importDirectory = (text: string) =>
  importServiceTexts(new Map([["houston-directory.json", text]]));

/** Wednesday 25 November 2026 in Houston (CST, UTC-6). */
const at = (time: string, day = "2026-11-25") => new Date(`${day}T${time}:00-06:00`);
const MEALS = "9e8d7c6b-0000-4000-8000-000000000002";
const MEALS_PLACE = "5a100000-0000-4000-8000-000000000002";

async function openNow(moment: Date): Promise<string[]> {
  return (await findServices({ locale: "en", openNow: true }, moment)).map((row) => row.name);
}

async function stored(id: string) {
  const [row] = await selectRows<{ sort: number | null; from: string; until: string }>(
    sql`select status_sort as sort, status_from::text as from, status_until::text as until
      from hsds_service_at_location where id = ${id}`,
  );
  return row;
}

beforeEach(async () => {
  expect((await importDirectory(directory)).ok).toBe(true);
});

describe("the stored status", () => {
  test("is kept until the next change, then computed again when the moment passes", async () => {
    expect(await openNow(at("08:59"))).toContain("Community meals");
    expect(await stored(MEALS_PLACE)).toMatchObject({
      sort: at("09:00").getTime(),
      until: "2026-11-25 15:00:00+00",
    });
    expect(await openNow(at("09:00"))).not.toContain("Community meals");
    expect(await stored(MEALS_PLACE)).toMatchObject({
      sort: 2e14 + at("17:00").getTime(),
      until: "2026-11-25 23:00:00+00",
    });
    expect(await openNow(at("17:00"))).toContain("Community meals");
  });

  test("is computed again for a moment before the one it was stored at", async () => {
    expect(await openNow(at("18:00"))).toContain("Community meals");
    expect(await openNow(at("10:00"))).not.toContain("Community meals");
    expect(await openNow(at("08:00"))).toContain("Community meals");
  });

  test("follows hours staff change, at the same moment", async () => {
    const moment = at("12:00");
    expect(await openNow(moment)).not.toContain("Community meals");
    const editing = await getServiceForEditing(MEALS);
    if (!editing) throw new Error("the fixture's meals are missing");
    const saved = await saveService({
      ...editing,
      openings: [{ days: ["WE"], opensAt: "11:00", closesAt: "13:00" }],
    });
    expect(saved.ok).toBe(true);
    const [meals] = await findServices({ locale: "en", openNow: true }, moment);
    expect(meals).toMatchObject({ name: "Community meals", status: { closesAt: "13:00" } });
  });

  test("follows hours an import changes, at the same moment", async () => {
    const moment = at("12:00");
    expect(await openNow(moment)).not.toContain("Community meals");
    const lunch = directory.replace('"opens_at": "07:00"', '"opens_at": "11:00"');
    expect(lunch).not.toBe(directory);
    expect(
      (await importDirectory(lunch.replace('"closes_at": "09:00"', '"closes_at": "13:00"'))).ok,
    ).toBe(true);
    expect(await openNow(moment)).toContain("Community meals");
  });

  test("follows a hand-made SQL change to the hours", async () => {
    const moment = at("12:00");
    expect(await openNow(moment)).not.toContain("Community meals");
    await selectRows(sql`update hsds_schedule set opens_at = '11:00', closes_at = '13:00'
      where service_at_location_id = ${MEALS_PLACE} and opens_at = '07:00'`);
    expect((await stored(MEALS_PLACE)).until).toBe("-infinity");
    expect(await openNow(moment)).toContain("Community meals");
    await selectRows(sql`delete from hsds_schedule where service_at_location_id = ${MEALS_PLACE}`);
    const [meals] = await findServices({ locale: "en", q: "community meals" }, moment);
    expect(meals.status.kind).toBe("call-for-hours");
  });
});
