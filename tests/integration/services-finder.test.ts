// The finder's queries and the staff functions on a real database (docs/decisions/164-finder-query.md,
// 165-staff-service-writes.md): imported services listed with honest statuses, every word
// matching, languages, eligibility, a service's page, and staff edits that round-trip.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import {
  finderPageExpiryMoments,
  findServices,
  getService,
  onServicesChange,
} from "#app/features/services/services.server";
import {
  deactivateService,
  getServiceForEditing,
  listServicesForStaff,
  markServiceVerified,
  reactivateService,
  saveService,
} from "#app/features/services/staff.server";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const importFixture = (name: string) =>
  importServiceTexts(new Map([[name, readFileSync(path.join(FIXTURES, name), "utf8")]]));

/** Wednesday 25 November 2026 in Houston (CST, UTC-6). */
const at = (time: string, day = "2026-11-25") => new Date(`${day}T${time}:00-06:00`);
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

beforeEach(async () => {
  expect((await importFixture("houston-directory.json")).ok).toBe(true);
  expect((await importFixture("service_full.json")).ok).toBe(true);
});

describe("findServices", () => {
  test("at 8 am: meals open (closing 9), the crisis line round the clock, the shelter opening at 7 pm", async () => {
    const rows = await findServices({ locale: "en" }, at("08:00"));
    expect(names(rows)).toEqual([
      "Community meals",
      "Crisis line",
      "Night shelter for men and women",
      "Freeze warming center",
      "Community Counselling",
    ]);
    expect(rows.map((row) => row.status.kind)).toEqual([
      "open",
      "open-24-hours",
      "opens",
      "opens",
      "closed-today",
    ]);
    expect(rows[0]).toMatchObject({
      category: "food",
      address: { address1: "3800 Lyons Avenue", city: "Houston", postalCode: "77020" },
      phones: [{ number: "713-555-0102" }],
      organization: { name: "Gulf Coast Helping Hands (test data)" },
      lastVerified: "2026-11-02",
    });
  });

  test("open now at 11 pm: the shelter and the crisis line; the 2005 example never", async () => {
    expect(names(await findServices({ locale: "en", openNow: true }, at("23:00")))).toEqual([
      "Night shelter for men and women",
      "Crisis line",
    ]);
    for (const moment of [at("10:00", "2026-11-26"), at("12:00", "2005-01-01")]) {
      const counselling = (await findServices({ locale: "en", q: "counselling" }, moment))[0];
      expect(counselling.status.kind).not.toMatch(/^open/);
    }
  });

  test("the warming center opens on its first night, 1 December", async () => {
    const [center] = await findServices(
      { locale: "en", category: "warming-center" },
      at("20:00", "2026-12-01"),
    );
    expect(center.status).toMatchObject({ kind: "open", closesAt: "08:00", closesOn: "tomorrow" });
  });

  test("every word must match name, description or organization, ignoring case and accents", async () => {
    expect(names(await findServices({ locale: "en", q: "BREAKFAST supper" }, at("12:00")))).toEqual(
      ["Community meals"],
    );
    expect(names(await findServices({ locale: "en", q: "breakfast crisis" }, at("12:00")))).toEqual(
      [],
    );
    expect(await findServices({ locale: "en", q: "helping hands" }, at("12:00"))).toHaveLength(4);
    expect(names(await findServices({ locale: "en", q: "100%_" }, at("12:00")))).toEqual([]);
  });

  test("language by code or name, eligibility words, category", async () => {
    expect(names(await findServices({ locale: "en", lang: "vi" }, at("12:00")))).toEqual([
      "Crisis line",
    ]);
    expect(names(await findServices({ locale: "en", lang: "urdu" }, at("12:00")))).toEqual([
      "Community Counselling",
    ]);
    expect(names(await findServices({ locale: "en", lang: "es" }, at("12:00"))).sort()).toEqual([
      "Crisis line",
      "Night shelter for men and women",
    ]);
    expect(names(await findServices({ locale: "en", for: "women" }, at("12:00")))).toEqual([
      "Night shelter for men and women",
    ]);
    expect(names(await findServices({ locale: "en", category: "shelter" }, at("12:00")))).toEqual([
      "Night shelter for men and women",
    ]);
  });

  test("a language spoken only on one of a service's phones finds that service", async () => {
    const [phone] = await selectRows<{ id: string; name: string }>(sql`
      select ph.id, s.name from hsds_phone ph join hsds_service s on s.id = ph.service_id
      where s.status = 'active' order by ph.id limit 1`);
    expect(names(await findServices({ locale: "en", lang: "so" }, at("12:00")))).toEqual([]);
    await selectRows(sql`insert into hsds_language (id, phone_id, code, name)
      values ('language-on-a-phone', ${phone.id}, 'so', 'Somali')`);
    for (const lang of ["so", "SOMALI"]) {
      expect(names(await findServices({ locale: "en", lang }, at("12:00")))).toEqual([phone.name]);
    }
  });

  test("impossible coordinates of the specification's example are not passed on", async () => {
    const [row] = await findServices({ locale: "en", q: "counselling" }, at("12:00"));
    expect(row.location).toMatchObject({ latitude: null, longitude: null });
    expect(row.phones).toEqual([
      expect.objectContaining({ number: "+44 1234 234567", languages: ["ur"] }),
    ]);
  });

  test("a limit keeps the first rows in order", async () => {
    expect(names(await findServices({ locale: "en" }, at("08:00"), { limit: 2 }))).toEqual([
      "Community meals",
      "Crisis line",
    ]);
  });
});

describe("getService and the page cache's expiry", () => {
  test("a service with its places; null for an unknown id", async () => {
    const detail = await getService("9e8d7c6b-0000-4000-8000-000000000001", "es", at("20:00"));
    expect(detail).toMatchObject({
      status: "active",
      locations: [{ name: "Night shelter for men and women", status: { kind: "open" } }],
    });
    expect(await getService("nope", "en", at("20:00"))).toBeNull();
  });

  test("cached finder pages expire at the next opening or closing", async () => {
    expect(await finderPageExpiryMoments(at("08:00"))).toEqual([at("09:00").getTime()]);
    expect(await finderPageExpiryMoments(at("19:30"))).toEqual([
      at("00:00", "2026-11-26").getTime(),
    ]);
  });
});

describe("staff functions", () => {
  const input = {
    name: "Winter coats",
    nameEs: "Abrigos de invierno",
    description: "Coats and blankets.",
    category: "other",
    organizationName: "Gulf Coast Helping Hands (test data)",
    languages: ["en", "es"],
    location: {
      address1: "1 Main St",
      city: "Houston",
      stateProvince: "TX",
      postalCode: "77002",
      accessibility: "Step-free",
    },
    phones: [{ number: "713-555-0199", type: "text" }],
    openings: [
      {
        days: ["MO", "WE"],
        opensAt: "09:00",
        closesAt: "12:00",
        validFrom: "2026-12-01",
        validTo: "2026-12-31",
      },
      { days: ["SA"], opensAt: "22:00", closesAt: "06:00" },
    ],
    hoursNote: "Closed on holidays",
  };

  test("a new service round-trips through the form's values, joins its organization and is announced", async () => {
    const heard: string[] = [];
    const stop = onServicesChange(() => heard.push("changed"));
    const saved = await saveService(input);
    stop();
    expect(saved.ok).toBe(true);
    expect(heard).toEqual(["changed"]);
    const id = saved.ok ? saved.id : "";
    const stored = await getServiceForEditing(id);
    expect(stored).toMatchObject({
      ...input,
      id,
      phones: [{ number: "713-555-0199", type: "text" }],
    });
    const [org] = await selectRows<{ count: number }>(
      sql`select count(*)::int as count from hsds_organization`,
    );
    expect(org.count).toBe(2);
    const overnight = await findServices({ locale: "es", q: "abrigos" }, at("23:00", "2026-11-28"));
    expect(overnight[0]).toMatchObject({
      name: "Abrigos de invierno",
      textLanguage: { name: "es", description: "en" },
      status: { kind: "open", closesAt: "06:00" },
    });
    // Saved again unchanged: the same HSDS ids.
    const ids = await selectRows<{ id: string }>(sql`select id from hsds_schedule order by id`);
    await saveService({ ...input, id });
    expect(await selectRows<{ id: string }>(sql`select id from hsds_schedule order by id`)).toEqual(
      ids,
    );
  });

  test("bad input changes nothing and names each field", async () => {
    const before = await selectRows(sql`select count(*)::int from hsds_service`);
    const saved = await saveService({
      ...input,
      name: "",
      openings: [{ days: [], opensAt: "25:00", closesAt: "07:00" }],
    });
    expect(saved.ok).toBe(false);
    if (!saved.ok)
      expect(Object.keys(saved.errors).sort()).toEqual([
        "name",
        "openings.0.days",
        "openings.0.opensAt",
      ]);
    expect(await selectRows(sql`select count(*)::int from hsds_service`)).toEqual(before);
    expect(await saveService({ ...input, id: "no-such-service" })).toEqual({
      ok: false,
      errors: { id: ["This service no longer exists"] },
    });
  });

  test("deactivate, reactivate, mark verified, list", async () => {
    const shelter = "9e8d7c6b-0000-4000-8000-000000000001";
    expect(await deactivateService(shelter)).toBe(true);
    expect(names(await findServices({ locale: "en", category: "shelter" }, at("12:00")))).toEqual(
      [],
    );
    expect(await reactivateService(shelter)).toBe(true);
    expect(await markServiceVerified(shelter, "2026-11-25")).toBe(true);
    expect(await markServiceVerified(shelter, "yesterday")).toBe(false);
    expect(await deactivateService("missing")).toBe(false);
    const list = await listServicesForStaff({ q: "shelter" });
    expect(list).toMatchObject({
      total: 1,
      rows: [{ id: shelter, lastVerified: "2026-11-25", status: "active" }],
    });
    expect((await listServicesForStaff({})).total).toBe(5);
  });
});
