// Live capacity (docs/decisions/227-beds-tonight.md, 228-bed-update-links.md,
// 229-finder-order-with-places.md) on a real database: counts and their history, freshness at the
// edge of the window, the finder's filter and order with and without a live banner, the update
// link's rotation and revocation, and every bad input refused without a change.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db, selectRows } from "#app/db/client.server";
import { weatherBanners } from "#app/db/schema";
import { action as staffAction, loader as staffLoader } from "#app/features/beds/admin/beds-editor";
import { onBedsChange } from "#app/features/beds/beds.server";
import { changesOf, countsOf, setCount } from "#app/features/beds/counts.server";
import { revokeLink, rotateLink, serviceOfToken } from "#app/features/beds/links.server";
import { action as updateAction, loader as updateLoader } from "#app/features/beds/routes/update";
import { addUnit, removeUnit, setFreshHours } from "#app/features/beds/units.server";
import { finderPage } from "#app/features/services/finder.server";
import { provideFinderPriority } from "#app/features/services/finder-priority.server";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import {
  finderPageExpiryMoments,
  findServices,
  getService,
} from "#app/features/services/services.server";
import { markServiceVerified } from "#app/features/services/staff.server";
import {
  activeCentreCategories,
  forgetPublishedBanners,
} from "#app/features/weather/banners.server";
import { createUserSession } from "#tests/auth-utils";
import { formRequest, routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest } from "./admin-helpers";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/hsds");
const SHELTER = "9e8d7c6b-0000-4000-8000-000000000001";
const MEALS = "9e8d7c6b-0000-4000-8000-000000000002";
const CRISIS = "9e8d7c6b-0000-4000-8000-000000000003";
const WARMING = "9e8d7c6b-0000-4000-8000-000000000004";

/** Houston time (CST, UTC-6). */
const at = (time: string, day = "2026-11-25") => new Date(`${day}T${time}:00-06:00`);
const later = (moment: Date, ms: number) => new Date(moment.getTime() + ms);
const HOUR = 3_600_000;

beforeEach(async () => {
  const text = readFileSync(path.join(FIXTURES, "houston-directory.json"), "utf8");
  expect((await importServiceTexts(new Map([["houston-directory.json", text]]))).ok).toBe(true);
});

afterEach(() => provideFinderPriority(undefined));

async function bedsOf(serviceId: string, available: number, now: Date, maximum: number | "" = 40) {
  const unit = { unit: "bed" as const, description: "", maximum, available };
  expect(await addUnit(serviceId, unit, "Ana Staff", now)).toBe(true);
  return (await countsOf(serviceId))[0].id;
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe("counts and their history", () => {
  test("a count set by link and by staff is kept with every change, and the finder shows it", async () => {
    const start = at("18:00");
    const capacity = await bedsOf(SHELTER, 10, start);
    const announced: string[] = [];
    const stop = onBedsChange(() => announced.push("changed"));
    const byLink = { serviceId: SHELTER, capacityId: capacity, source: "link" as const };
    expect(await setCount({ ...byLink, available: 12, now: later(start, 60_000) })).toEqual({
      ok: true,
    });
    expect(
      await setCount({
        ...byLink,
        source: "staff",
        staffName: "Ben",
        available: 0,
        now: later(start, 120_000),
      }),
    ).toEqual({ ok: true });
    stop();
    expect(announced).toEqual(["changed", "changed"]);
    const changes = await changesOf(SHELTER);
    expect(
      changes.map(({ available, source, staffName }) => ({ available, source, staffName })),
    ).toEqual([
      { available: 0, source: "staff", staffName: "Ben" },
      { available: 12, source: "link", staffName: null },
      { available: 10, source: "staff", staffName: "Ana Staff" },
    ]);
    const [count] = await countsOf(SHELTER);
    expect(count).toMatchObject({ available: 0, lastSource: "staff", lastStaffName: "Ben" });

    const [row] = await findServices(
      { locale: "en", q: "night shelter" },
      later(start, 20 * 60_000),
    );
    expect(row.capacity).toEqual([
      expect.objectContaining({ unit: "bed", available: 0, fresh: true, ageMinutes: 18 }),
    ]);
    const detail = await getService(SHELTER, "es", later(start, 20 * 60_000));
    expect(detail?.locations[0].capacity[0]).toMatchObject({ available: 0, fresh: true });
  });

  test("several units per service; removing one keeps the others", async () => {
    const now = at("18:00");
    await addUnit(
      SHELTER,
      { unit: "bed", description: "Women", maximum: 20, available: 4 },
      "A",
      now,
    );
    await addUnit(
      SHELTER,
      { unit: "mat", description: "Overflow", maximum: "", available: 9 },
      "A",
      later(now, 2000),
    );
    const counts = await countsOf(SHELTER);
    expect(counts.map((count) => [count.description, count.unitName, count.available])).toEqual([
      ["Overflow", "mat", 9],
      ["Women", "bed", 4],
    ]);
    expect(await removeUnit(MEALS, counts[0].id)).toBe(false);
    expect(await removeUnit(SHELTER, counts[0].id)).toBe(true);
    expect((await countsOf(SHELTER)).map((count) => count.description)).toEqual(["Women"]);
  });
});

describe("freshness", () => {
  test("fresh until the window ends, then 'call'; the filter follows; the window is per service", async () => {
    const set = at("17:00");
    await bedsOf(SHELTER, 12, set);
    const shelterAt = async (moment: Date) =>
      (await findServices({ locale: "en", q: "night shelter" }, moment))[0].capacity[0];
    const withPlaces = async (moment: Date) =>
      names(await findServices({ locale: "en", placesNow: true }, moment));

    expect(await shelterAt(later(set, 6 * HOUR - 1))).toMatchObject({ fresh: true, available: 12 });
    expect(await withPlaces(later(set, 6 * HOUR - 1))).toEqual(["Night shelter for men and women"]);
    expect(await shelterAt(later(set, 6 * HOUR))).toMatchObject({ fresh: false });
    expect(await withPlaces(later(set, 6 * HOUR))).toEqual([]);

    expect(await setFreshHours(SHELTER, 2)).toBe(true);
    expect(await shelterAt(later(set, 2 * HOUR - 1))).toMatchObject({ fresh: true });
    expect(await shelterAt(later(set, 2 * HOUR))).toMatchObject({ fresh: false });
    expect(await withPlaces(later(set, 2 * HOUR))).toEqual([]);
    for (const hours of [0, 73, 1.5]) expect(await setFreshHours(SHELTER, hours)).toBe(false);
  });

  test("a full count (0) is fresh but gives no places; cached finder pages expire when a count goes stale", async () => {
    const set = at("17:00");
    await bedsOf(SHELTER, 0, set);
    expect(
      names(await findServices({ locale: "en", placesNow: true }, later(set, 60_000))),
    ).toEqual([]);
    const moments = await finderPageExpiryMoments(later(set, 5 * HOUR + 55 * 60_000));
    expect(moments).toContain(later(set, 6 * HOUR).getTime());
  });
});

describe("the finder's order", () => {
  // Tuesday 1 December, 8 pm: the warming centre's first night.
  const night = at("20:00", "2026-12-01");

  test("open services with places come first among open ones, never before open ones", async () => {
    const before = names(await findServices({ locale: "en" }, night));
    await bedsOf(CRISIS, 3, later(night, -HOUR));
    const after = names(await findServices({ locale: "en" }, night));
    expect(after[0]).toBe("Crisis line");
    expect(after.slice(1)).toEqual(before.filter((name) => name !== "Crisis line"));
  });

  test("while a freeze banner is live, the open warming centre with places comes before all", async () => {
    await bedsOf(CRISIS, 3, later(night, -HOUR));
    const warming = await bedsOf(WARMING, 0, later(night, -HOUR + 2000));
    const order = async () => names(await findServices({ locale: "en" }, night));
    expect((await order())[0]).toBe("Crisis line");
    expect((await order()).indexOf("Freeze warming center")).toBeGreaterThan(0);
    await db()
      .insert(weatherBanners)
      .values({
        kind: "freeze",
        messageEn: "Freeze tonight",
        link: "/find-help",
        startsAt: later(night, -2 * HOUR),
        endsAt: later(night, 12 * HOUR),
      });
    forgetPublishedBanners();
    provideFinderPriority(activeCentreCategories);
    const byLink = { serviceId: WARMING, capacityId: warming, source: "link" as const };
    expect(await setCount({ ...byLink, available: 5, now: later(night, -60_000) })).toEqual({
      ok: true,
    });
    expect((await order()).slice(0, 2)).toEqual(["Freeze warming center", "Crisis line"]);
  });
});

describe("the update link", () => {
  async function submit(token: string, fields: Record<string, string>) {
    const request = formRequest("/beds/update", { token, ...fields });
    return (await updateAction(routeArgs(request))) as Response | { init: { status: number } };
  }
  const statusOf = (answer: Response | { init: { status: number } | null }) =>
    answer instanceof Response ? answer.status : (answer.init?.status ?? 200);

  test("rotation and revocation: an old or revoked link opens a clear page and changes nothing", async () => {
    const now = at("18:00");
    const capacity = await bedsOf(SHELTER, 10, now);
    const first = await rotateLink(SHELTER);
    expect(await serviceOfToken(first)).toBe(SHELTER);
    const page = await updateLoader(
      routeArgs(new Request(`http://localhost/beds/update?token=${encodeURIComponent(first)}`)),
    );
    expect((page as { init: { status: number } | null }).init?.status ?? 200).toBe(200);

    const ok = await submit(first, { capacity, available: "3" });
    expect(statusOf(ok)).toBe(302);
    expect((await toastOf(ok as Response))?.title).toBe("Saved");
    expect((await countsOf(SHELTER))[0].available).toBe(3);

    const second = await rotateLink(SHELTER);
    expect(await serviceOfToken(first)).toBeNull();
    expect(statusOf(await submit(first, { capacity, available: "7" }))).toBe(404);
    expect(await revokeLink(SHELTER)).toBe(true);
    expect(await serviceOfToken(second)).toBeNull();
    expect(statusOf(await submit(second, { capacity, available: "7" }))).toBe(404);
    const gone = await updateLoader(
      routeArgs(new Request(`http://localhost/es/beds/update?token=${encodeURIComponent(second)}`)),
    );
    expect((gone as { init: { status: number } }).init.status).toBe(404);
    expect((await countsOf(SHELTER))[0].available).toBe(3);
    expect(await serviceOfToken("forged.token")).toBeNull();
  });

  test("bad input: not a whole number, out of range, another service's count, twice in a second", async () => {
    const now = at("18:00");
    const capacity = await bedsOf(SHELTER, 10, now, 40);
    const unlimited = await bedsOf(MEALS, 10, now, "");
    const token = await rotateLink(SHELTER);
    for (const available of ["3.5", "-1", "41", "abc", "", "1e2", " "]) {
      expect(statusOf(await submit(token, { capacity, available })), available).toBe(400);
    }
    expect(statusOf(await submit(token, { capacity: unlimited, available: "5" }))).toBe(400);
    expect((await countsOf(MEALS))[0].available).toBe(10);
    expect((await changesOf(SHELTER)).length).toBe(1);

    const byLink = { serviceId: MEALS, capacityId: unlimited, source: "link" as const };
    expect(await setCount({ ...byLink, available: 9999, now: later(now, 5000) })).toEqual({
      ok: true,
    });
    expect(await setCount({ ...byLink, available: 10000, now: later(now, 10_000) })).toEqual({
      ok: false,
      reason: "range",
    });
    expect(await setCount({ ...byLink, available: 8, now: later(now, 5999) })).toEqual({
      ok: false,
      reason: "tooSoon",
    });
    expect(await setCount({ ...byLink, available: 8, now: later(now, 6000) })).toEqual({
      ok: true,
    });
    expect(
      await setCount({
        ...byLink,
        serviceId: "no-such-service",
        available: 1,
        now: later(now, 9000),
      }),
    ).toEqual({ ok: false, reason: "notFound" });
    expect((await countsOf(MEALS))[0].available).toBe(8);
  });

  test("every write bumps the service's last_modified, so other processes drop their pages", async () => {
    const before = await selectRows<{ at: string }>(
      sql`select last_modified::text as at from hsds_service where id = ${SHELTER}`,
    );
    await bedsOf(SHELTER, 2, at("18:00"));
    const after = await selectRows<{ at: string }>(
      sql`select last_modified::text as at from hsds_service where id = ${SHELTER}`,
    );
    expect(after[0].at).not.toBe(before[0].at);
  });
});

describe("staff, from the Services tab", () => {
  const url = `/admin/services/${SHELTER}/beds`;
  const post = (fields: Record<string, string>, cookie?: string) =>
    staffAction(routeArgs(postRequest(url, fields, cookie), { id: SHELTER }));

  test("an editor adds a count, sets it, sends the link in Spanish, rotates and revokes it", async () => {
    const { cookie } = await createUserSession("editor");
    const added = await post(
      { intent: "add", unit: "bed", description: "Mujeres", maximum: "20", available: "6" },
      cookie,
    );
    expect((await toastOf(added as Response))?.title).toBe("Count added");
    const [count] = await countsOf(SHELTER);
    expect(count).toMatchObject({ available: 6, maximum: 20, lastSource: "staff" });

    const refused = await post({ intent: "count", capacity: count.id, available: "21" }, cookie);
    expect((await toastOf(refused as Response))?.type).toBe("error");
    expect((await countsOf(SHELTER))[0].available).toBe(6);

    const sent = await post(
      { intent: "send", email: "Lead@Shelter.example", language: "es" },
      cookie,
    );
    expect((await toastOf(sent as Response))?.title).toBe("Update link sent");
    const mails = await selectRows<{ to: string; subject: string; text: string }>(
      sql`select "to", subject, text from mail_outbox where kind = 'bed-link'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("lead@shelter.example");
    expect(mails[0].subject).toBe(
      "Su enlace de actualización para Night shelter for men and women",
    );
    const link = mails[0].text.match(/http\S+\/es\/beds\/update\?token=(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    expect(await serviceOfToken(token)).toBe(SHELTER);

    const page = (await staffLoader(routeArgs(getRequest(url, cookie), { id: SHELTER }))) as {
      link: { sentTo: string } | null;
      changes: unknown[];
    };
    expect(page.link?.sentTo).toBe("lead@shelter.example");
    expect(page.changes).toHaveLength(1);

    await post({ intent: "rotate" }, cookie);
    expect(await serviceOfToken(token)).toBeNull();
    await post({ intent: "revoke" }, cookie);
    expect(
      await selectRows(sql`select 1 from bed_update_links where service_id = ${SHELTER}`),
    ).toEqual([]);
  });

  test("only staff of the Services tab: anonymous visitors and finance staff are refused", async () => {
    const anonymous = await post({ intent: "rotate" }).catch((error: unknown) => error);
    expect((anonymous as Response).status).toBe(302);
    const { cookie } = await createUserSession("finance");
    const finance = await post({ intent: "rotate" }, cookie).catch((error: unknown) => error);
    expect((finance as Response).status).toBe(403);
    expect(await selectRows(sql`select 1 from bed_update_links`)).toEqual([]);
  });
});

describe("listings not verified for too long", () => {
  test("a card verified more than LISTING_VERIFIED_DAYS (90) days ago says 'call before you go'", async () => {
    // The fixture's meals were last verified on 2026-11-02.
    const card = async (day: string) => {
      const request = new Request("http://localhost/find-help?q=community+meals");
      const answer = (await finderPage(request, at("12:00", day), "" as never)) as unknown as {
        data: { rows: { name: string; verificationOld: boolean }[] };
      };
      return answer.data.rows.find((row) => row.name === "Community meals");
    };
    expect(await card("2027-01-31")).toMatchObject({ verificationOld: false });
    expect(await card("2027-02-01")).toMatchObject({ verificationOld: true });
    expect(await markServiceVerified(MEALS, "2027-02-01")).toBe(true);
    expect(await card("2027-02-01")).toMatchObject({ verificationOld: false });
  });
});
