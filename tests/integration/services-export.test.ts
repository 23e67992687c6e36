// The HSDS export (docs/decisions/166-hsds-export.md): pages valid against schema/openapi.json's
// Page, every service valid against the HSDS service schema (transcribed; tests/fixtures/hsds/
// README.md says from which files), the query checked, inactive services left out; on PGlite and
// PostgreSQL. The transcription itself is checked against the specification's own example.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { beforeEach, describe, expect, test } from "vitest";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import { loader as serviceLoader } from "#app/features/services/routes/hsds-service";
import { loader as servicesLoader } from "#app/features/services/routes/hsds-services";
import { deactivateService, saveService } from "#app/features/services/staff.server";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

const ajv = new Ajv({ allErrors: true, strict: false });
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
addFormats(ajv);
ajv.addSchema(JSON.parse(fixture("service-export.schema.json")), "service");
const validService = ajv.getSchema("service");
const validPage = ajv.getSchema("service#/definitions/page");
if (!validService || !validPage) throw new Error("service-export.schema.json did not compile");

async function get(query = "") {
  const response = await servicesLoader({
    request: new Request(`http://localhost:3000/api/hsds/services${query}`),
  });
  return { status: response.status, body: await response.json() };
}

beforeEach(async () => {
  expect(
    (await importServiceTexts(new Map([["d.json", fixture("houston-directory.json")]]))).ok,
  ).toBe(true);
  expect((await importServiceTexts(new Map([["s.json", fixture("service_full.json")]]))).ok).toBe(
    true,
  );
  const saved = await saveService({
    name: "Showers and laundry",
    nameEs: "Duchas y lavandería",
    description: "Hot showers, towels and soap.",
    category: "showers",
    organizationName: "Gulf Coast Helping Hands (test data)",
    languages: ["en", "es"],
    location: { address1: "2 Main St", city: "Houston", stateProvince: "TX", postalCode: "77002" },
    phones: [{ number: "713-555-0110", type: "hotline" }],
    openings: [{ days: ["MO", "TU"], opensAt: "07:00", closesAt: "11:00" }],
  });
  expect(saved.ok).toBe(true);
});

describe("GET /api/hsds/services", () => {
  test("a page of fully nested services, each valid against the HSDS service schema", async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(validPage(body) ? [] : validPage.errors).toEqual([]);
    expect(body).toMatchObject({
      total_items: 6,
      total_pages: 1,
      page_number: 1,
      size: 6,
      first_page: true,
      last_page: true,
      empty: false,
    });
    for (const service of body.contents) {
      const valid = validService(service);
      expect(valid ? [] : validService.errors, service.name).toEqual([]);
    }
    const shelter = body.contents.find((service: { name: string }) =>
      service.name.startsWith("Night shelter"),
    );
    expect(shelter).toMatchObject({
      organization: { name: "Gulf Coast Helping Hands (test data)" },
      phones: [{ number: "(713) 555-0101", languages: [{ code: "es" }] }],
      service_at_locations: [
        {
          schedules: [
            { byday: "MO,TU,WE,TH,FR,SA,SU", opens_at: "19:00:00", closes_at: "07:00:00" },
          ],
          location: { addresses: [{ address_1: "2100 Travis Street", postal_code: "77002" }] },
        },
      ],
      attributes: [{ taxonomy_term: { code: "shelter", taxonomy: "houston-home-finder" } }],
    });
  });

  test("the exported services import again unchanged: a round trip", async () => {
    const first = (await get()).body;
    expect((await importServiceTexts(new Map([["export.json", JSON.stringify(first)]]))).ok).toBe(
      true,
    );
    const second = (await get()).body;
    const withoutTimes = (page: { contents: { last_modified?: string }[] }) =>
      page.contents.map(({ last_modified: _, ...service }) => service);
    expect(withoutTimes(second)).toEqual(withoutTimes(first));
  });

  test("page, per_page, search and modified_after", async () => {
    const page2 = (await get("?per_page=4&page=2")).body;
    expect(page2).toMatchObject({
      total_items: 6,
      total_pages: 2,
      page_number: 2,
      size: 2,
      first_page: false,
      last_page: true,
    });
    expect(
      (await get("?search=SUPPER")).body.contents.map((s: { name: string }) => s.name),
    ).toEqual(["Community meals"]);
    expect((await get("?search=duchas")).body.total_items).toBe(1);
    expect((await get("?modified_after=2999-01-01")).body).toMatchObject({
      total_items: 0,
      empty: true,
      contents: [],
    });
    expect((await get("?modified_after=2020-01-01T00:00:00Z")).body.total_items).toBe(6);
  });

  test.each([
    ["?page=0", "page must be between 1 and 100000"],
    ["?page=two", "page must be a whole number"],
    ["?per_page=500", "per_page must be between 1 and 100"],
    [
      "?modified_after=yesterday",
      "modified_after must be a date or date-time such as 2026-11-01T00:00:00Z",
    ],
    ["?modified_after=2026-13-45", "modified_after is not a real date"],
    ["?page=1&page=2", "page is given more than once"],
  ])("%s is refused with a clear message", async (query, error) => {
    expect(await get(query)).toEqual({ status: 400, body: { error } });
  });

  test("inactive services are not published", async () => {
    await deactivateService("9e8d7c6b-0000-4000-8000-000000000001");
    expect((await get()).body.total_items).toBe(5);
    const response = await serviceLoader({
      params: { id: "9e8d7c6b-0000-4000-8000-000000000001" },
    });
    expect(response.status).toBe(404);
  });
});

describe("the transcribed service schema", () => {
  test("accepts the specification's own example, so it is no stricter than the specification", () => {
    const example = JSON.parse(fixture("service_full.json"));
    expect(validService(example) ? [] : validService.errors).toEqual([]);
  });

  test("still refuses what the specification refuses", () => {
    const example = JSON.parse(fixture("service_full.json"));
    const refused = (change: (service: typeof example) => void) => {
      const service = structuredClone(example);
      change(service);
      return validService(service) ? [] : (validService.errors ?? []).map((error) => error.keyword);
    };
    expect(refused((service) => delete service.status)).toContain("required");
    expect(refused((service) => (service.status = "open"))).toContain("enum");
    expect(refused((service) => (service.id = "not-a-uuid"))).toContain("format");
    expect(refused((service) => (service.phones[0].extension = "100"))).toContain("type");
    expect(refused((service) => (service.schedules[0].wkst = "TUE"))).toContain("enum");
    expect(refused((service) => delete service.attributes[0].id)).toContain("required");
    expect(
      refused((service) => delete service.service_at_locations[0].location.addresses[0].country),
    ).toContain("required");
  });
});

describe("GET /api/hsds/services/:id", () => {
  test("the specification's example comes back valid, its quoted phone cleaned and 2005 hours kept", async () => {
    const response = await serviceLoader({
      params: { id: "ac148810-d857-441c-9679-408f346de14b" },
    });
    expect(response.status).toBe(200);
    const service = await response.json();
    expect(validService(service) ? [] : validService.errors).toEqual([]);
    expect(service).toMatchObject({
      phones: [{ number: "+44 1234 234567" }],
      schedules: [{ valid_from: "2005-01-01", valid_to: "2005-01-01" }],
      assured_date: "2005-01-01",
    });
    expect(service.service_at_locations[0].location.latitude).toBeUndefined();
  });

  test("an unknown or odd id is a 404 with a JSON message", async () => {
    for (const id of ["nope", "a b", "x".repeat(300)]) {
      const response = await serviceLoader({ params: { id } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "No active service has this id" });
    }
  });
});
