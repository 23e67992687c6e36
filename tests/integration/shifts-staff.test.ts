/**
 * The Shifts tab (docs/decisions/238-shift-series-and-changes.md, 241-shifts-tab.md) through its
 * real loaders and actions: a weekly series in one step, changes and cancellations of one shift
 * or the rest of a series with calendar entries parsed by ical.js, the roster and attendance,
 * hours served, both CSVs, roles; and reminders queued once across restarts (240).
 */
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { loader as exportLoader } from "#app/dashboard/routes/export";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema";
import * as detailRoute from "#app/features/shifts/admin/shift-detail";
import * as tabRoute from "#app/features/shifts/admin/shifts-tab";
import { signUp } from "#app/features/shifts/seats.server";
import { houstonWallClock, toHoustonLocal } from "#app/lib/houston-calendar";
import { createUserSession } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";
import { getRequest, postRequest, settle } from "./admin-helpers";
import { calendarOf, HOUR, insertShift, mailsOfKind, signupsOf } from "./shifts-helpers";

const shifts = () => db().select().from(volunteerShifts).orderBy(asc(volunteerShifts.startsAt));

/** A Tuesday at least a week ahead, as "YYYY-MM-DD". */
function nextTuesday() {
  const date = new Date(Date.now() + 8 * 24 * HOUR);
  while (date.getUTCDay() !== 2) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const SERIES = {
  intent: "create",
  opportunity: "resource-center",
  titleEn: "Job search help",
  titleEs: "Ayuda para buscar empleo",
  day: nextTuesday(),
  start: "09:00",
  end: "12:00",
  place: "Resource Center, 2nd floor",
  seats: "2",
  waitlistLength: "2",
  notes: "Bring a photo ID.",
  weeks: "12",
};

async function staff(role: "editor" | "admin" | "finance" | "user" = "editor") {
  return (await createUserSession(role)).cookie;
}

async function post(url: string, fields: Record<string, string>, cookie: string, id?: string) {
  const request = postRequest(url, fields, cookie);
  return settle(
    id ? detailRoute.action(routeArgs(request, { id })) : tabRoute.action(routeArgs(request)),
  );
}

const person = (n: number) => ({
  name: `Volunteer ${n}`,
  email: `v${n}@example.org`,
  adult: true as const,
  acknowledged: true as const,
});

describe("creating shifts", () => {
  test("a weekly series of 12 Tuesdays in one step, at 9 in Houston each week", async () => {
    const cookie = await staff();
    const { body } = await post("/admin/shifts", SERIES, cookie);
    expect((await toastOf(body as Response))?.title).toBe("12 weekly shifts created");
    const rows = await shifts();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => row.seriesId)).size).toBe(1);
    for (const row of rows) {
      const wall = houstonWallClock(row.startsAt.getTime());
      expect([wall.hour, wall.minute]).toEqual([9, 0]);
      expect(new Date(`${row.day}T00:00:00Z`).getUTCDay()).toBe(2);
    }
    const list = await tabRoute.loader(routeArgs(getRequest("/admin/shifts", cookie)));
    expect(list.list).toHaveLength(12);
    expect(list.list?.[0]).toMatchObject({ title: "Job search help", seats: 2, seated: 0 });
  });

  test("bad input is refused with a clear message and creates nothing", async () => {
    const cookie = await staff();
    const cases: [Record<string, string>, string][] = [
      [{ titleEn: "" }, "The English title is required"],
      [{ day: "2026-02-30" }, "The date must look like 2026-01-31"],
      [{ start: "25:00" }, "The start must be a time like 09:00"],
      [{ end: "08:00" }, "The shift must end after it starts (on the same day)"],
      [{ seats: "0" }, "Seats: at least 1"],
      [{ seats: "two" }, "Seats must be a whole number"],
      [{ weeks: "53" }, "Weeks: at most 52"],
      [{ opportunity: "nothing-like-it" }, "Choose an opportunity"],
      [{ day: "2020-01-07", weeks: "1" }, "A shift cannot start in the past"],
      [{ notes: "x".repeat(1001) }, "Notes: at most 1000 characters"],
      [{ place: "Line\nbreak" }, "The place: one line, without control characters"],
    ];
    for (const [change, message] of cases) {
      const { body } = await post("/admin/shifts", { ...SERIES, ...change }, cookie);
      expect((await toastOf(body as Response))?.title, JSON.stringify(change)).toBe(message);
    }
    expect(await shifts()).toHaveLength(0);
  });

  test("staff add an opportunity with its two names, and put shifts on it", async () => {
    const cookie = await staff("admin");
    const fields = {
      intent: "add-opportunity",
      slug: "food-drive",
      titleEn: "Food Drive",
      titleEs: "Colecta de alimentos",
    };
    expect(
      (await toastOf((await post("/admin/shifts", fields, cookie)).body as Response))?.title,
    ).toBe('Opportunity "Food Drive" added');
    expect(
      (await toastOf((await post("/admin/shifts", fields, cookie)).body as Response))?.title,
    ).toBe("That short name is taken");
    await post("/admin/shifts", { ...SERIES, opportunity: "food-drive", weeks: "1" }, cookie);
    expect((await shifts())[0].opportunity).toBe("food-drive");
  });

  test("only editors and admins open the tab or write", async () => {
    for (const role of ["finance", "user"] as const) {
      const cookie = await staff(role);
      const page = await settle(tabRoute.loader(routeArgs(getRequest("/admin/shifts", cookie))));
      expect(page.status, role).toBe(403);
      expect((await post("/admin/shifts", SERIES, cookie)).status, role).toBe(403);
    }
    expect(await shifts()).toHaveLength(0);
  });
});

describe("changing and cancelling", () => {
  async function seriesWithPeople() {
    const cookie = await staff();
    await post("/admin/shifts", { ...SERIES, weeks: "4" }, cookie);
    const rows = await shifts();
    for (const row of rows) {
      await signUp(row.id, person(1), "en");
      await signUp(row.id, person(2), "es");
      await signUp(row.id, person(3), "en"); // waiting
    }
    return { cookie, rows };
  }

  test("a change to the rest of a series e-mails everyone; the entry keeps its UID with a higher SEQUENCE", async () => {
    const { cookie, rows } = await seriesWithPeople();
    const third = rows[2];
    const change = {
      ...SERIES,
      intent: "change",
      scope: "rest",
      day: third.day,
      start: "10:00",
      end: "13:00",
      place: "Annex",
    };
    const { body } = await post(`/admin/shifts/${third.id}`, change, cookie, third.id);
    expect((await toastOf(body as Response))?.title).toBe(
      "2 shift(s) changed; everyone on them was e-mailed",
    );
    const after = await shifts();
    expect(after.map((row) => row.place)).toEqual([SERIES.place, SERIES.place, "Annex", "Annex"]);
    expect(houstonWallClock(after[3].startsAt.getTime()).hour).toBe(10);

    const changed = await mailsOfKind("shift-changed");
    expect(changed).toHaveLength(6); // three people on each of two shifts
    const seated = await mailsOfKind("shift-seated");
    const [signup] = (await signupsOf(third.id)).filter((row) => row.email === "v2@example.org");
    const first = seated.find(
      (mail) => mail.to === "v2@example.org" && calendarOf(mail).uid.includes(signup.id),
    )!;
    const update = changed.find(
      (mail) => mail.to === "v2@example.org" && mail.dedupeKey.includes(signup.id),
    )!;
    const before = calendarOf(first);
    const now = calendarOf(update);
    expect(now.uid).toBe(before.uid);
    expect(now.sequence).toBeGreaterThan(before.sequence);
    expect(now.method).toBe("REQUEST");
    expect(now.location).toBe("Annex");
    expect(now.start.getTime()).toBe(after[2].startsAt.getTime());
    expect(update.subject).toContain("Su turno de voluntariado cambió");
    // The waiting get word of it, without an entry.
    const waiting = changed.find((mail) => mail.to === "v3@example.org")!;
    expect(waiting.attachments).toBeNull();

    // Cancelling the last one: METHOD:CANCEL, same UID, higher again.
    const last = after[3];
    await post(`/admin/shifts/${last.id}`, { intent: "cancel", scope: "one" }, cookie, last.id);
    const cancels = await mailsOfKind("shift-cancelled");
    expect(cancels.map((mail) => mail.to).sort()).toEqual([
      "v1@example.org",
      "v2@example.org",
      "v3@example.org",
    ]);
    const [lastSignup] = (await signupsOf(last.id)).filter((row) => row.email === "v2@example.org");
    const lastEntries = [...(await mailsOfKind("shift-seated")), ...changed, ...cancels]
      .filter((mail) => mail.attachments && calendarOf(mail).uid.includes(lastSignup.id))
      .map(calendarOf);
    expect(lastEntries.map((entry) => entry.method)).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
    expect(lastEntries.map((entry) => entry.sequence)).toEqual([0, 1, 2]);
    expect((await shifts())[3].status).toBe("cancelled");
    expect((await signUp(last.id, person(9), "en")).outcome).toBe("closed");
  });

  test("cancelling the rest of a series leaves the earlier shifts", async () => {
    const { cookie, rows } = await seriesWithPeople();
    const { body } = await post(
      `/admin/shifts/${rows[1].id}`,
      { intent: "cancel", scope: "rest" },
      cookie,
      rows[1].id,
    );
    expect((await toastOf(body as Response))?.title).toBe(
      "3 shift(s) cancelled; everyone on them was e-mailed",
    );
    expect((await shifts()).map((row) => row.status)).toEqual([
      "scheduled",
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    expect(await mailsOfKind("shift-cancelled")).toHaveLength(9);
  });

  test("more seats go to the people waiting", async () => {
    const { cookie, rows } = await seriesWithPeople();
    const first = rows[0];
    await post(
      `/admin/shifts/${first.id}`,
      { ...SERIES, intent: "change", scope: "one", seats: "3" },
      cookie,
      first.id,
    );
    expect((await signupsOf(first.id)).map((row) => row.status)).toEqual([
      "seated",
      "seated",
      "offered",
    ]);
  });

  test("a bad change is refused and changes nothing", async () => {
    const { cookie, rows } = await seriesWithPeople();
    const { body } = await post(
      `/admin/shifts/${rows[0].id}`,
      { ...SERIES, intent: "change", scope: "one", end: "08:00" },
      cookie,
      rows[0].id,
    );
    expect((await toastOf(body as Response))?.title).toBe(
      "The shift must end after it starts (on the same day)",
    );
    expect(await mailsOfKind("shift-changed")).toHaveLength(0);
  });
});

describe("the roster", () => {
  test("shows who signed up, takes attendance, flags late cancellations and sums hours", async () => {
    const cookie = await staff();
    const shift = await insertShift({ hoursAhead: 12, seats: 3 });
    for (const n of [1, 2, 3]) await signUp(shift.id, person(n), "en");
    const [one, two, three] = await signupsOf(shift.id);
    await db()
      .update(shiftSignups)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(shiftSignups.id, three.id));
    await post(
      `/admin/shifts/${shift.id}`,
      { intent: "attendance", signup: one.id, attendance: "attended" },
      cookie,
      shift.id,
    );
    await post(
      `/admin/shifts/${shift.id}`,
      { intent: "attendance", signup: two.id, attendance: "no-show" },
      cookie,
      shift.id,
    );
    const refused = await post(
      `/admin/shifts/${shift.id}`,
      { intent: "attendance", signup: three.id, attendance: "attended" },
      cookie,
      shift.id,
    );
    expect((await toastOf(refused.body as Response))?.title).toBe(
      "Only a seated volunteer can be marked",
    );

    const page = await detailRoute.loader(
      routeArgs(getRequest(`/admin/shifts/${shift.id}`, cookie), { id: shift.id }),
    );
    expect(page.people.map((row) => [row.email, row.attendance, row.lateCancellation])).toEqual([
      ["v1@example.org", "attended", false],
      ["v2@example.org", "no-show", false],
      ["v3@example.org", null, true],
    ]);
    const day = toHoustonLocal(shift.startsAt).slice(0, 10);
    const hours = await tabRoute.loader(
      routeArgs(getRequest(`/admin/shifts?from=${day}&to=${day}`, cookie)),
    );
    expect(hours.hours).toEqual([
      expect.objectContaining({ email: "v1@example.org", shifts: 1, hours: 3 }),
    ]);
    const bad = await tabRoute.loader(routeArgs(getRequest("/admin/shifts?from=tomorrow", cookie)));
    expect(bad.rangeError).toBe("Dates must look like 2026-01-31");
  });

  test("shifts.csv and roster.csv, formulas neutralised, filtered by the shift's date", async () => {
    const cookie = await staff();
    const soon = await insertShift({ hoursAhead: 30, titleEn: "=HYPERLINK(1)" });
    const later = await insertShift({ hoursAhead: 24 * 40 });
    await signUp(soon.id, { ...person(1), name: "+cmd|' /C calc'!A0" }, "en");
    await signUp(later.id, person(2), "en");
    const download = async (file: string, query = "") =>
      settle(
        exportLoader(routeArgs(getRequest(`/admin/export/${file}${query}`, cookie), { file })),
      );
    const all = parse(await ((await download("shifts.csv")).body as Response).text(), {
      bom: true,
    }) as string[][];
    expect(all).toHaveLength(3);
    expect(all[1][0]).toBe("'=HYPERLINK(1)");
    const until = new Date(soon.startsAt.getTime() + 24 * HOUR).toISOString().slice(0, 10);
    const roster = parse(
      await ((await download("roster.csv", `?to=${until}`)).body as Response).text(),
      { bom: true },
    ) as string[][];
    expect(roster[0]).toEqual([
      "Shift",
      "Starts",
      "Name",
      "Email",
      "Phone",
      "Status",
      "Signed up",
      "Attendance",
      "Late cancellation",
      "Language",
    ]);
    expect(roster).toHaveLength(2);
    expect(roster[1][2]).toBe("'+cmd|' /C calc'!A0");
    const finance = await createUserSession("finance");
    const refused = await settle(
      exportLoader(
        routeArgs(getRequest("/admin/export/roster.csv", finance.cookie), { file: "roster.csv" }),
      ),
    );
    expect(refused.status).toBe(403);
  });
});

describe("reminders", () => {
  test("48 hours before, and the day before for later sign-ups, each once across restarts", async () => {
    const shift = await insertShift({ hoursAhead: 24 * 5 });
    const early = await signUp(shift.id, person(1), "en");
    const lateAt = new Date(shift.startsAt.getTime() - 40 * HOUR);
    const late = await signUp(shift.id, person(2), "es", lateAt);
    const lastMinute = await signUp(
      shift.id,
      person(3),
      "en",
      new Date(shift.startsAt.getTime() - 10 * HOUR),
    );
    expect([early.outcome, late.outcome, lastMinute.outcome]).toEqual([
      "seated",
      "seated",
      "waiting",
    ]);

    const sweep = async (hoursBefore: number) => {
      // A fresh module each time: a restarted process remembers nothing.
      vi.resetModules();
      const { queueReminders } = await import("#app/features/shifts/reminders.server");
      return queueReminders(new Date(shift.startsAt.getTime() - hoursBefore * HOUR));
    };
    expect(await sweep(50)).toBe(0);
    expect(await sweep(47)).toBe(1);
    expect(await sweep(46)).toBe(0);
    expect((await mailsOfKind("shift-reminder-48h")).map((mail) => mail.to)).toEqual([
      "v1@example.org",
    ]);
    expect(await sweep(23)).toBe(1);
    expect(await sweep(20)).toBe(0);
    const day = await mailsOfKind("shift-reminder-day");
    expect(day.map((mail) => mail.to)).toEqual(["v2@example.org"]);
    expect(day[0].subject).toContain("Recordatorio: Fila del desayuno");
    expect(await mailsOfKind("shift-reminder-48h")).toHaveLength(1);
  });
});
