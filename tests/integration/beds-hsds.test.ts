// The HSDS export carries each service's counts in HSDS 3.1's shape (`capacities` with a nested
// `unit`), and the import reads them back: newer counts win, older files change nothing, a bad
// count refuses the file (docs/decisions/230-hsds-capacity.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, expect, test } from "vitest";
import { changesOf, countsOf } from "#app/features/beds/counts.server";
import { addUnit } from "#app/features/beds/units.server";
import { exportService } from "#app/features/services/hsds/export.server";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import { findServices } from "#app/features/services/services.server";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const SHELTER = "9e8d7c6b-0000-4000-8000-000000000001";
const SET_AT = new Date("2026-11-25T23:00:00Z");

const importJson = (document: unknown) =>
  importServiceTexts(new Map([["export.json", JSON.stringify(document)]]));

beforeEach(async () => {
  const text = readFileSync(path.join(FIXTURES, "houston-directory.json"), "utf8");
  expect((await importServiceTexts(new Map([["d.json", text]]))).ok).toBe(true);
  const unit = { unit: "bed" as const, description: "Women", maximum: 30, available: 12 };
  expect(await addUnit(SHELTER, unit, "Ana", SET_AT)).toBe(true);
});

test("the export carries the counts as HSDS 3.1 capacities", async () => {
  const exported = (await exportService(SHELTER)) as { capacities: unknown[] };
  const [{ id }] = await countsOf(SHELTER);
  expect(exported.capacities).toEqual([
    {
      id,
      service_id: SHELTER,
      unit_id: "bed",
      available: 12,
      maximum: 30,
      description: "Women",
      updated: SET_AT.toISOString(),
      unit: { id: "bed", name: "bed" },
    },
  ]);
});

test("a re-import of the export keeps the count; a newer count is taken, an older one is not", async () => {
  const exported = (await exportService(SHELTER)) as {
    capacities: { available: number; updated: string }[];
  };
  expect((await importJson(exported)).ok).toBe(true);
  expect((await countsOf(SHELTER))[0]).toMatchObject({ available: 12 });

  const newer = new Date(SET_AT.getTime() + 3_600_000).toISOString();
  exported.capacities[0] = { ...exported.capacities[0], available: 2, updated: newer };
  expect((await importJson(exported)).ok).toBe(true);
  expect((await countsOf(SHELTER))[0]).toMatchObject({ available: 2, updated: new Date(newer) });
  expect((await changesOf(SHELTER))[0]).toMatchObject({ available: 2, source: "import" });
  const [row] = await findServices(
    { locale: "en", q: "night shelter", placesNow: true },
    new Date(newer),
  );
  expect(row.capacity[0]).toMatchObject({ available: 2, fresh: true });

  const older = new Date(SET_AT.getTime() - 3_600_000).toISOString();
  exported.capacities[0] = { ...exported.capacities[0], available: 9, updated: older };
  expect((await importJson(exported)).ok).toBe(true);
  expect((await countsOf(SHELTER))[0]).toMatchObject({ available: 2 });
});

test("a bad count refuses the whole file, naming the record and the field", async () => {
  const exported = (await exportService(SHELTER)) as { capacities: Record<string, unknown>[] };
  for (const [field, value, message] of [
    ["available", -1, "available"],
    ["available", "3", "available is not a number"],
    ["available", 10_000, "available"],
    ["updated", "yesterday", "updated is not a date-time"],
    ["unit", undefined, "unit"],
  ] as const) {
    const capacity = { ...exported.capacities[0], available: 0, [field]: value };
    const outcome = await importJson({ ...exported, capacities: [capacity] });
    expect(outcome.ok, `${field}=${String(value)}`).toBe(false);
    expect(outcome.ok ? "" : outcome.message).toContain(message);
  }
  expect((await countsOf(SHELTER))[0]).toMatchObject({ available: 12 });
});
