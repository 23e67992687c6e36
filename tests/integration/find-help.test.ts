/**
 * The finder's loaders (docs/decisions/170-the-finder-page.md) on a migrated database: each filter of the URL, the checks on
 * bad parameters, open-now first at a chosen moment, Spanish texts on /es, and a service's page.
 * Services are added through S's saveService, as the Services tab adds them.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { finderPage } from "#app/features/services/finder.server";
import type { FinderCard } from "#app/features/services/finder-card";
import { provideFinderPriority } from "#app/features/services/finder-priority.server";
import { loader as findHelpLoader } from "#app/features/services/routes/find-help";
import { loader as detailLoader } from "#app/features/services/routes/service-detail";
import type { FinderRow } from "#app/features/services/services.server";
import { deactivateService, saveService } from "#app/features/services/staff.server";
import type { PageMessagesText } from "#app/i18n/page-messages";
import { routeArgs } from "#tests/utils";
import { getRequest, settle } from "./admin-helpers";

/** The finder's data without its messages, which these tests do not read. */
const NO_MESSAGES = "{}" as PageMessagesText;

/** 11:30 pm on Wednesday 25 November 2026 in Houston (UTC-6). */
const NIGHT = new Date("2026-11-26T05:30:00Z");
const EVERY_DAY = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

const ids: Record<string, string> = {};

async function add(key: string, input: Record<string, unknown>) {
  const saved = await saveService({
    organizationName: "Test Org",
    description: "A test service.",
    location: { address1: "1 Main St", city: "Houston", stateProvince: "TX", postalCode: "77002" },
    ...input,
  });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  ids[key] = saved.id;
}

beforeEach(async () => {
  await add("shelter", {
    name: "Night Shelter",
    nameEs: "Albergue nocturno",
    category: "shelter",
    eligibilityDescription: "Women and children",
    languages: ["en", "es"],
    phones: [{ number: "(713) 555-0142", type: "voice" }],
    openings: [{ days: EVERY_DAY, opensAt: "19:00", closesAt: "07:00" }],
  });
  await add("pantry", {
    name: "Food Pantry",
    category: "food",
    description: "Groceries and hot meals.",
    eligibilityDescription: "Families",
    languages: ["en"],
    openings: [{ days: ["MO", "TU", "WE", "TH", "FR"], opensAt: "09:00", closesAt: "17:00" }],
  });
  await add("clinic", { name: "Street Clinic", category: "clinic", languages: ["vi"] });
});

afterEach(() => {
  delete process.env.FIND_HELP_NOW;
});

async function finder(url: string, now = NIGHT) {
  const { status, body } = await settle(finderPage(getRequest(url), now, NO_MESSAGES));
  const page = body as {
    rows: FinderCard[] | null;
    errors: { parameter: string }[];
    query: Record<string, unknown>;
  };
  return { status, ...page, names: (page.rows ?? []).map((row) => row.name) };
}

describe("the finder's filters", () => {
  test("every active service, open now first", async () => {
    const { status, names, rows } = await finder("/find-help");
    expect(status).toBe(200);
    expect(names[0]).toBe("Night Shelter");
    expect(names).toEqual(expect.arrayContaining(["Food Pantry", "Street Clinic"]));
    expect(rows?.[0].status).toMatchObject({ kind: "open", closesAt: "07:00" });
  });

  test("while a weather banner is up, its centres come first", async () => {
    await add("warming", {
      name: "Warming Center",
      category: "warming-center",
      openings: [{ days: EVERY_DAY, opensAt: "06:00", closesAt: "22:00" }],
    });
    expect((await finder("/find-help")).names[0]).toBe("Night Shelter");
    provideFinderPriority(async () => ["warming-center"]);
    try {
      expect((await finder("/find-help")).names.slice(0, 2)).toEqual([
        "Warming Center",
        "Night Shelter",
      ]);
    } finally {
      provideFinderPriority(undefined);
    }
  });

  test("category, open now, words, language and eligibility each narrow the list", async () => {
    expect((await finder("/find-help?category=food")).names).toEqual(["Food Pantry"]);
    expect((await finder("/find-help?open=now")).names).toEqual(["Night Shelter"]);
    expect((await finder("/find-help?open=now", new Date("2026-11-25T18:00:00Z"))).names).toEqual([
      "Food Pantry",
    ]);
    expect((await finder("/find-help?q=hot+meals")).names).toEqual(["Food Pantry"]);
    expect((await finder("/find-help?q=hot+shelter")).names).toEqual([]);
    expect((await finder("/find-help?lang=vi")).names).toEqual(["Street Clinic"]);
    expect((await finder("/find-help?for=women")).names).toEqual(["Night Shelter"]);
  });

  test("a bad parameter is refused with its name and the rest still filters", async () => {
    const bad = await finder("/find-help?category=spa&lang=food&open=soon&for=families");
    expect(bad.status).toBe(400);
    expect(bad.errors.map((error) => error.parameter)).toEqual(["category", "open", "lang"]);
    expect(bad.names).toEqual(["Food Pantry"]);
    const long = await finder(`/find-help?q=${"a".repeat(500)}`);
    expect(long.status).toBe(400);
    expect(long.names).toHaveLength(3);
  });

  test("a deactivated service is no longer listed", async () => {
    await deactivateService(ids.pantry);
    expect((await finder("/find-help")).names).not.toContain("Food Pantry");
  });

  test("the Spanish page shows the Spanish name where there is one", async () => {
    const { rows } = await finder("/es/find-help?category=shelter");
    expect(rows?.[0]).toMatchObject({
      name: "Albergue nocturno",
      english: { name: false, eligibility: true },
    });
  });

  test("the route reads the test clock the e2e server is started with", async () => {
    process.env.FIND_HELP_NOW = NIGHT.toISOString();
    const { body } = await settle(findHelpLoader(routeArgs(getRequest("/find-help?open=now"))));
    expect((body as { rows: FinderCard[] }).rows.map((row) => row.name)).toEqual(["Night Shelter"]);
  });
});

describe("a service's page", () => {
  test("shows the service with its hours; an unknown id is a 404", async () => {
    const found = await settle(
      detailLoader(routeArgs(getRequest(`/find-help/${ids.shelter}`), { id: ids.shelter })),
    );
    expect(found.status).toBe(200);
    const { service } = found.body as { service: { locations: FinderRow[] } };
    expect(service.locations[0].schedules[0]).toMatchObject({
      byday: expect.stringContaining("WE"),
    });
    const missing = await settle(
      detailLoader(routeArgs(getRequest("/find-help/nope"), { id: "nope" })),
    );
    expect(missing.status).toBe(404);
    const odd = await settle(
      detailLoader(routeArgs(getRequest("/find-help/x"), { id: "<script>".repeat(20) })),
    );
    expect(odd.status).toBe(404);
  });
});
