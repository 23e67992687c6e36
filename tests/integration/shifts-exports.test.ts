/**
 * shifts.csv and roster.csv as downloads larger than one batch (docs/decisions/134-streamed-exports.md,
 * 241-shifts-tab.md): every row once, in the shift's date order through shifts that start at the
 * same moment, formulas neutralised, and the date filter on the shift's start in Houston.
 */
import { parse } from "csv-parse/sync";
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema";
import { EXPORT_BATCH_SIZE } from "#app/lib/admin/pagination.server";
import { toHoustonLocal } from "#app/lib/houston-calendar";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs } from "#tests/utils";
import { getRequest, settle } from "./admin-helpers";

const SHIFTS = 2_100;
/** Sign-ups per shift. */
const PER_SHIFT = 1;

/** Thousands of rows inserted and read back, on a machine the other test files share. */
const LONG = { timeout: 180_000 };

let cookie: string;

beforeEach(async () => {
  // Four shifts start each hour, so the order needs its tie-breaker at every step.
  await db().execute(sql`
    insert into volunteer_shifts
      (opportunity, title_en, title_es, day, starts_at, ends_at, place, seats, waitlist_length, notes)
    select 'meal-service', 'Shift ' || n, 'Turno ' || n, (t at time zone 'America/Chicago')::date,
           t, t + interval '3 hours', 'Main Street', 2, 2,
           case when n % 300 = 0 then '=SUM(A1)' else '' end
    from generate_series(1, ${SHIFTS}) as n,
         lateral (select timestamptz '2027-03-01 15:00+00' + (n / 4) * interval '1 hour' as t) as at
  `);
  await db().execute(sql`
    insert into shift_signups
      (shift_id, name, email, adult, requirements_acknowledged, status, position)
    select s.id, case when s.title_en like '%0' then '@Volunteer' else 'Volunteer' end,
           s.title_en || '-' || p || '@example.org', true, true, 'seated', p
    from volunteer_shifts s, generate_series(1, ${PER_SHIFT}) as p
  `);
  cookie = (await createUserSession("editor")).cookie;
});

async function download(file: string, query = "") {
  const result = await settle(
    exportLoader(routeArgs(getRequest(`/admin/export/${file}${query}`, cookie), { file })),
  );
  const rows = parse(await (result.body as Response).text(), { bom: true }) as string[][];
  return { header: rows[0], rows: rows.slice(1) };
}

/** Every shift in the order the export promises, with its day in Houston. */
async function shiftsInOrder() {
  const rows = await db()
    .select({ title: volunteerShifts.titleEn, startsAt: volunteerShifts.startsAt })
    .from(volunteerShifts)
    .orderBy(asc(volunteerShifts.startsAt), asc(volunteerShifts.id));
  return rows.map((row) => ({ ...row, day: toHoustonLocal(row.startsAt).slice(0, 10) }));
}

/** Every sign-up's address in the roster's order, with its shift's day in Houston. */
async function rosterInOrder() {
  const rows = await db()
    .select({ email: shiftSignups.email, startsAt: volunteerShifts.startsAt })
    .from(shiftSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, shiftSignups.shiftId))
    .orderBy(asc(volunteerShifts.startsAt), asc(volunteerShifts.id), asc(shiftSignups.position));
  return rows.map((row) => ({ ...row, day: toHoustonLocal(row.startsAt).slice(0, 10) }));
}

describe("the shifts exports read in batches", () => {
  test(
    "shifts.csv: every shift once, in date order, formulas neutralised, by the shift's date",
    LONG,
    async () => {
      expect(SHIFTS).toBeGreaterThan(2 * EXPORT_BATCH_SIZE);
      const expected = await shiftsInOrder();
      const all = await download("shifts.csv");
      expect(all.header[0]).toBe("Title");
      expect(all.rows.map((row) => row[0])).toEqual(expected.map((row) => row.title));
      const notes = all.header.indexOf("Notes");
      expect(all.rows.filter((row) => row[notes] !== "").map((row) => row[notes])).toEqual(
        Array(SHIFTS / 300).fill("'=SUM(A1)"),
      );

      const [from, to] = [expected[300].day, expected[1_700].day];
      const chosen = expected.filter((row) => row.day >= from && row.day <= to);
      expect(chosen.length).toBeGreaterThan(EXPORT_BATCH_SIZE);
      expect(chosen.length).toBeLessThan(SHIFTS);
      const filtered = await download("shifts.csv", `?from=${from}&to=${to}`);
      expect(filtered.rows.map((row) => row[0])).toEqual(chosen.map((row) => row.title));
    },
  );

  test(
    "roster.csv: every sign-up once, shift by shift in date order, by the shift's date",
    LONG,
    async () => {
      const expected = await rosterInOrder();
      expect(expected).toHaveLength(SHIFTS * PER_SHIFT);
      const all = await download("roster.csv");
      const email = all.header.indexOf("Email");
      expect(all.rows.map((row) => row[email])).toEqual(expected.map((row) => row.email));
      expect(new Set(all.rows.map((row) => row[email])).size).toBe(SHIFTS * PER_SHIFT);
      expect(new Set(all.rows.map((row) => row[2]))).toEqual(new Set(["'@Volunteer", "Volunteer"]));

      const from = expected[900].day;
      const chosen = expected.filter((row) => row.day >= from);
      expect(chosen.length).toBeGreaterThan(EXPORT_BATCH_SIZE);
      expect(chosen.length).toBeLessThan(expected.length);
      const filtered = await download("roster.csv", `?from=${from}`);
      expect(filtered.rows.map((row) => row[email])).toEqual(chosen.map((row) => row.email));
    },
  );
});
