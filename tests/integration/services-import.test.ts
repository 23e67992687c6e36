// HSDS import (docs/decisions/162-hsds-import.md): the specification's example and a realistic
// file import, a second import updates without duplicates, a broken file is refused whole.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import { importServiceFiles, importServiceTexts } from "#app/features/services/hsds/upload.server";
import { onServicesChange } from "#app/features/services/services.server";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const folder = (name: string) =>
  new Map(readdirSync(path.join(FIXTURES, name)).map((file) => [file, fixture(`${name}/${file}`)]));

async function counts() {
  const [row] = await selectRows<Record<string, number>>(sql`select
    (select count(*)::int from hsds_organization) as organizations,
    (select count(*)::int from hsds_service) as services,
    (select count(*)::int from hsds_location) as locations,
    (select count(*)::int from hsds_address) as addresses,
    (select count(*)::int from hsds_service_at_location) as sals,
    (select count(*)::int from hsds_phone) as phones,
    (select count(*)::int from hsds_schedule) as schedules,
    (select count(*)::int from hsds_language) as languages`);
  return row;
}

describe("the specification's service_full.json", () => {
  test("imports: the quoted phone number is cleaned, the one phone listed five times is one row", async () => {
    const outcome = await importServiceTexts(
      new Map([["service_full.json", fixture("service_full.json")]]),
    );
    expect(outcome).toMatchObject({
      ok: true,
      summary: { services: 1, organizations: 1, locations: 1, phones: 1, schedules: 1 },
    });
    expect(await counts()).toEqual({
      organizations: 1,
      services: 1,
      locations: 1,
      addresses: 1,
      sals: 1,
      phones: 1,
      schedules: 1,
      languages: 1,
    });
    const [phone] = await selectRows<{
      number: string;
      service_id: string;
      location_id: string;
      organization_id: string;
      service_at_location_id: string;
    }>(
      sql`select number, service_id, location_id, organization_id, service_at_location_id from hsds_phone`,
    );
    expect(phone).toEqual({
      number: "+44 1234 234567",
      service_id: "ac148810-d857-441c-9679-408f346de14b",
      location_id: "3a19ff88-4620-4d17-9830-ac1d859eb5d5",
      organization_id: "d9d5e0f5-d3ce-4f73-9a2f-4dd0ecc6c610",
      service_at_location_id: "e94c9f38-1e8f-4564-91d4-d53501ab1765",
    });
    const [service] = await selectRows<{
      category: string;
      last_verified: string;
      search_text: string;
      extra: Record<string, unknown>;
    }>(sql`select category, last_verified::text, search_text, extra from hsds_service`);
    expect(service.category).toBe("other");
    expect(service.last_verified).toBe("2005-01-01");
    expect(service.search_text).toContain("Example Organization Inc.");
    // What the finder does not model is kept as it came.
    expect(Object.keys(service.extra).sort()).toEqual(
      [
        "additional_urls",
        "attributes",
        "contacts",
        "cost_options",
        "fees",
        "funding",
        "metadata",
        "program",
        "required_documents",
        "service_areas",
        "wait_time",
      ].sort(),
    );
  });

  test("a second import updates and never duplicates; the staff's Spanish text and category stay", async () => {
    const file = new Map([["service_full.json", fixture("service_full.json")]]);
    await importServiceTexts(file);
    await selectRows(
      sql`update hsds_service set name_es = 'Consejería comunitaria', category = 'clinic'`,
    );
    const renamed = new Map([
      [
        "service_full.json",
        fixture("service_full.json").replace(
          '"name": "Community Counselling"',
          '"name": "Community Counselling Centre"',
        ),
      ],
    ]);
    expect((await importServiceTexts(renamed)).ok).toBe(true);
    expect(await counts()).toMatchObject({
      services: 1,
      phones: 1,
      schedules: 1,
      languages: 1,
      sals: 1,
    });
    const [service] = await selectRows<{ name: string; name_es: string; category: string }>(
      sql`select name, name_es, category from hsds_service`,
    );
    expect(service).toEqual({
      name: "Community Counselling Centre",
      name_es: "Consejería comunitaria",
      category: "clinic",
    });
  });
});

describe("a realistic directory", () => {
  test("an API page imports with categories from the AIRS taxonomy; a re-import changes nothing", async () => {
    const file = new Map([["houston-directory.json", fixture("houston-directory.json")]]);
    const heard: number[] = [];
    const stop = onServicesChange(() => heard.push(1));
    try {
      expect(await importServiceTexts(file)).toMatchObject({
        ok: true,
        summary: { services: 4, organizations: 1, locations: 4, schedules: 5 },
      });
      const first = await counts();
      expect(await importServiceTexts(file)).toMatchObject({ ok: true });
      expect(await counts()).toEqual(first);
      expect(heard).toHaveLength(2);
    } finally {
      stop();
    }
    const categories = await selectRows<{ name: string; category: string }>(
      sql`select name, category from hsds_service order by name`,
    );
    expect(Object.fromEntries(categories.map((row) => [row.name, row.category]))).toEqual({
      "Community meals": "food",
      "Crisis line": "other",
      "Freeze warming center": "warming-center",
      "Night shelter for men and women": "shelter",
    });
  });

  test("the same directory as tabular CSV files imports to the same rows", async () => {
    expect(await importServiceTexts(folder("houston-csv"))).toMatchObject({
      ok: true,
      summary: { services: 4 },
    });
    const fromCsv = await counts();
    expect(
      await importServiceTexts(
        new Map([["houston-directory.json", fixture("houston-directory.json")]]),
      ),
    ).toMatchObject({ ok: true });
    expect(await counts()).toEqual(fromCsv);
    const [shelter] = await selectRows<{ category: string; number: string }>(
      sql`select s.category, p.number from hsds_service s join hsds_phone p on p.service_id = s.id where s.name like 'Night shelter%'`,
    );
    expect(shelter).toEqual({ category: "shelter", number: "(713) 555-0101" });
  });

  test("a file that leaves out a phone removes it: the file describes the service in full", async () => {
    await importServiceTexts(
      new Map([["houston-directory.json", fixture("houston-directory.json")]]),
    );
    const page = JSON.parse(fixture("houston-directory.json"));
    page.contents[1].phones = [];
    page.contents[1].service_at_locations[0].schedules.pop();
    await importServiceTexts(new Map([["d.json", JSON.stringify(page)]]));
    const rows = await selectRows<{ phones: number; schedules: number }>(sql`select
      (select count(*)::int from hsds_phone where service_id = '9e8d7c6b-0000-4000-8000-000000000002') as phones,
      (select count(*)::int from hsds_schedule where service_at_location_id = '5a100000-0000-4000-8000-000000000002') as schedules`);
    expect(rows[0]).toEqual({ phones: 0, schedules: 1 });
  });
});

describe("a broken file is refused whole, naming the record and the field", () => {
  async function refused(files: Map<string, string>) {
    const before = await counts();
    const outcome = await importServiceTexts(files);
    expect(outcome.ok).toBe(false);
    expect(await counts()).toEqual(before);
    return outcome.ok ? "" : outcome.message;
  }

  test("a bad time in the last service: nothing of the first three is written", async () => {
    const page = JSON.parse(fixture("houston-directory.json"));
    page.contents[3].service_at_locations[0].schedules[0].opens_at = "6pm";
    const message = await refused(new Map([["directory.json", JSON.stringify(page)]]));
    expect(message).toBe(
      'Nothing was imported. directory.json: schedule "5c0e0005-0000-4000-8000-000000000000": opens_at is not a time (HH:MM:SS)',
    );
    expect((await counts()).services).toBe(0);
  });

  test("a failure in the database rolls back what was written before it", async () => {
    await importServiceTexts(
      new Map([["houston-directory.json", fixture("houston-directory.json")]]),
    );
    const page = JSON.parse(fixture("houston-directory.json"));
    page.contents[0].name = "Renamed shelter";
    // Written after the services: an extension too large for the database's integer.
    page.contents[1].phones[0].extension = 3_000_000_000;
    expect(await refused(new Map([["d.json", JSON.stringify(page)]]))).toMatch(
      /^Nothing was imported: the database refused the file \(.*out of range/,
    );
    const names = await selectRows<{ name: string }>(
      sql`select name from hsds_service where name = 'Renamed shelter'`,
    );
    expect(names).toEqual([]);
  });

  test.each([
    ["not JSON", "{", /^Nothing was imported\. x\.json: not valid JSON/],
    ["not services", '{"hello": 1}', /not HSDS services/],
    [
      "no name",
      '[{"id": "s1", "organization": {"id": "o1", "name": "Org"}}]',
      /service "s1": name is missing/,
    ],
    [
      "a bad e-mail",
      '[{"id": "s1", "name": "A", "email": "nope", "organization": {"id": "o1", "name": "Org"}}]',
      /service "s1": email is not an e-mail address/,
    ],
    ["no organization", '[{"id": "s1", "name": "A"}]', /service "s1": organization_id is missing/],
    [
      "an unknown organization",
      '[{"id": "s1", "name": "A", "organization_id": "o9"}]',
      /service "s1": organization_id "o9" names no organization/,
    ],
    [
      "phones not a list",
      '[{"id": "s1", "name": "A", "organization": {"id": "o1", "name": "Org"}, "phones": {}}]',
      /service "s1": phones must be a list/,
    ],
    [
      "a phone without digits",
      '[{"id": "s1", "name": "A", "organization": {"id": "o1", "name": "Org"}, "phones": [{"id": "p1", "number": "call us"}]}]',
      /phone "p1": number has no digits/,
    ],
  ])("%s", async (_name, text, message) => {
    expect(await refused(new Map([["x.json", text]]))).toMatch(message);
  });

  test("the specification's tabular examples name a service that is not there", async () => {
    const message = await refused(folder("spec-csv"));
    expect(message).toBe(
      'Nothing was imported. service_at_location "e94c9f38-1e8f-4564-91d4-d53501ab1765": service_id "ab231982-2106-4a55-80fc-b305560c5556" names no service in the file or the directory',
    );
  });

  test("a CSV error names the file and line", async () => {
    const files = folder("houston-csv");
    files.set(
      "schedules.csv",
      `${files.get("schedules.csv")}5c0e0099-0000-4000-8000-000000000000,,,,WEEKLY,MO,25:00,10:00,,,\r\n`,
    );
    expect(await refused(files)).toBe(
      'Nothing was imported. schedules.csv line 7: schedule "5c0e0099-0000-4000-8000-000000000000": opens_at is not a time (HH:MM:SS)',
    );
  });

  test("an upload: empty, too many kinds, or nothing HSDS", async () => {
    expect(await importServiceFiles([])).toEqual({
      ok: false,
      message: "Choose an HSDS file to import",
    });
    const json = new File([fixture("service_full.json")], "a.json");
    expect(await importServiceFiles([json, new File(["id\n"], "services.csv")])).toMatchObject({
      ok: false,
    });
    expect(await importServiceFiles([new File(["hello"], "notes.txt")])).toMatchObject({
      ok: false,
      message: expect.stringContaining("No HSDS file"),
    });
    expect(await importServiceFiles([json])).toMatchObject({ ok: true, summary: { services: 1 } });
  });
});
