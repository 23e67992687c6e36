/**
 * Staff weather banners (docs/decisions/180-weather-banners.md): the tab's roles, its form's
 * checks, and the banner reaching every public page through the root loader in both languages
 * until staff end it.
 */
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { weatherBanners } from "#app/db/schema";
import {
  finderPriorityCategories,
  provideFinderPriority,
} from "#app/features/services/finder-priority.server";
import * as weatherRoute from "#app/features/weather/admin/weather-tab";
import {
  activeBanners,
  activeCentreCategories,
  endBanner,
  onWeatherChange,
} from "#app/features/weather/banners.server";
import { fromHoustonLocal, houstonWallClock, toHoustonLocal } from "#app/lib/houston-calendar";
import { loader as rootLoader } from "#app/root";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, getRequest, postRequest, settle } from "./admin-helpers";

const inHours = (hours: number) => toHoustonLocal(new Date(Date.now() + hours * 3_600_000));

/**
 * The first Friday at least two days after today on Houston's calendar, and the Thursday before it
 * ("YYYY-MM-DD"): a banner's end that is never past, whatever the day and hour of the run.
 */
function fridayAhead(now = Date.now()) {
  const { year, month, day } = houstonWallClock(now);
  const friday = new Date(Date.UTC(year, month - 1, day + 2));
  while (friday.getUTCDay() !== 5) friday.setUTCDate(friday.getUTCDate() + 1);
  const thursday = new Date(friday.getTime() - 86_400_000);
  return {
    friday: friday.toISOString().slice(0, 10),
    thursday: thursday.toISOString().slice(0, 10),
  };
}

async function bannersOn(path: string) {
  const { body } = await settle(rootLoader(routeArgs(getRequest(path))));
  return (body as { weather: unknown[] }).weather;
}

function post(fields: Record<string, string>, cookie?: string) {
  return settle(weatherRoute.action(routeArgs(postRequest("/admin/weather", fields, cookie))));
}

const freeze = {
  intent: "create",
  kind: "freeze",
  messageEn: "Hard freeze tonight: warming centers are open.",
  messageEs: "Helada fuerte esta noche: los centros de calentamiento están abiertos.",
  endsAt: inHours(12),
};

describe("weather banners set by staff", () => {
  test("editors and admins open the tab; other roles and visitors are refused", async () => {
    for (const role of ["editor", "admin"] as const) {
      const { cookie } = await createUserSession(role);
      const { status } = await settle(
        weatherRoute.loader(routeArgs(getRequest("/admin/weather", cookie))),
      );
      expect(status).toBe(200);
    }
    for (const role of ["user", "finance"] as const) {
      const { cookie } = await createUserSession(role);
      expect((await post(freeze, cookie)).status).toBe(403);
    }
    const anonymous = await post(freeze);
    expect((anonymous.body as Response).headers.get("Location")).toMatch(/^\/login/);
    expect(await db().select().from(weatherBanners)).toEqual([]);
  });

  test("a banner shows on public pages in both languages with the localized default link, until ended", async () => {
    const { cookie } = await createUserSession("editor");
    const changes: number[] = [];
    const stop = onWeatherChange(() => changes.push(1));
    const saved = await post(freeze, cookie);
    expect(await toastOf(saved.body as Response)).toMatchObject({ title: "Banner saved" });
    expect(changes).toHaveLength(1);
    expect(await bannersOn("/about")).toEqual([
      expect.objectContaining({
        kind: "freeze",
        message: freeze.messageEn,
        link: "/find-help?category=warming-center&open=now",
      }),
    ]);
    expect(await bannersOn("/es/about")).toEqual([
      expect.objectContaining({
        message: freeze.messageEs,
        fallbackLang: null,
        link: "/es/find-help?category=warming-center&open=now",
      }),
    ]);
    // Not on the dashboard.
    expect(await bannersOn("/admin/weather")).toEqual([]);

    const [row] = await db().select().from(weatherBanners);
    const ended = await post({ intent: "end", id: row.id }, cookie);
    expect(await toastOf(ended.body as Response)).toMatchObject({ title: "Banner ended" });
    expect(changes).toHaveLength(2);
    expect(await bannersOn("/about")).toEqual([]);
    stop();
  });

  test("a Spanish page shows the English message marked as English when there is no Spanish one", async () => {
    const { cookie } = await createUserSession("editor");
    await post({ ...freeze, kind: "heat", messageEs: "" }, cookie);
    expect(await bannersOn("/es")).toEqual([
      expect.objectContaining({
        message: freeze.messageEn,
        fallbackLang: "en",
        link: "/es/find-help?category=cooling-center&open=now",
      }),
    ]);
  });

  test("times are Houston time; a scheduled banner waits for its start", async () => {
    const { cookie } = await createUserSession("admin");
    await post({ ...freeze, startsAt: inHours(2), endsAt: inHours(5) }, cookie);
    expect(await bannersOn("/")).toEqual([]);
    const [row] = await db().select().from(weatherBanners);
    expect(toHoustonLocal(row.startsAt)).toBe(inHours(2));
    // 18:00 in Houston is midnight UTC in winter and 23:00 UTC in summer.
    expect(fromHoustonLocal("2026-12-01T18:00")?.toISOString()).toBe("2026-12-02T00:00:00.000Z");
    expect(fromHoustonLocal("2026-07-01T18:00")?.toISOString()).toBe("2026-07-01T23:00:00.000Z");
  });

  test("a banner says when it ends on Houston's clock, in the page's language", async () => {
    const { cookie } = await createUserSession("editor");
    const { friday, thursday } = fridayAhead();
    await post({ ...freeze, endsAt: `${friday}T06:30` }, cookie);
    // Read on the Thursday afternoon before, after the banner started (now) and before it ends.
    const before = fromHoustonLocal(`${thursday}T14:00`)!;
    expect(before.getTime()).toBeGreaterThan(Date.now());
    // ICU versions differ in the space before AM (plain or narrow no-break).
    const untilIn = async (locale: "en" | "es") =>
      (await activeBanners(locale, before)).map((banner) => banner.until.replace(/\s/g, " "));
    expect(await untilIn("en")).toEqual(["Friday 6:30 AM"]);
    expect(await untilIn("es")).toEqual(["viernes 6:30 a.m."]);
  });

  test("pages read the banners at most once a second; a change through the app shows at once", async () => {
    const { cookie } = await createUserSession("editor");
    await post(freeze, cookie);
    const readAt = Date.now();
    expect(await bannersOn("/")).toHaveLength(1);
    // Written as another process without Redis writes: reused rows for up to a second, then read.
    const now = new Date();
    await db()
      .insert(weatherBanners)
      .values({
        kind: "heat",
        messageEn: "Heat advisory",
        link: "/find-help",
        startsAt: now,
        endsAt: new Date(now.getTime() + 3_600_000),
      });
    const shownMeanwhile = await bannersOn("/");
    expect(Date.now() - readAt).toBeLessThan(1000);
    expect(shownMeanwhile).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await bannersOn("/")).toHaveLength(2);
    // Ended through the app: the very next page no longer shows it.
    const [first] = await activeBanners("en");
    expect(await endBanner(first.id)).toBe(true);
    expect(await bannersOn("/")).toHaveLength(1);
  });

  test("the form refuses a missing message, an end before the start and a script link", async () => {
    const { cookie } = await createUserSession("editor");
    const refused = await post(
      {
        ...freeze,
        messageEn: " ",
        startsAt: inHours(3),
        endsAt: inHours(1),
        link: "javascript:alert(1)",
      },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body)).toMatchObject({
      messageEn: ["Message in English is required"],
      endsAt: ["End must be after the start"],
      link: [expect.stringMatching(/^Link must be/)],
    });
    expect(await db().select().from(weatherBanners)).toEqual([]);
  });

  test("while a freeze or heat banner is active, the finder is told to list its centres first", async () => {
    const { cookie } = await createUserSession("editor");
    provideFinderPriority(activeCentreCategories);
    expect(await finderPriorityCategories(new Date())).toEqual([]);
    await post(freeze, cookie);
    await post({ ...freeze, kind: "storm" }, cookie);
    expect(await finderPriorityCategories(new Date())).toEqual(["warming-center"]);
    await post({ ...freeze, kind: "heat" }, cookie);
    expect((await finderPriorityCategories(new Date())).sort()).toEqual([
      "cooling-center",
      "warming-center",
    ]);
    provideFinderPriority(undefined);
  });
});
