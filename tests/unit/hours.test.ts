// The opening status in Houston time at edge moments (docs/decisions/161-opening-status.md).
// Moments are written with their Houston offset: -06:00 in winter (CST), -05:00 in summer (CDT).
import { describe, expect, test } from "vitest";
import {
  isOpenNow,
  minutesOf,
  nextStatusChange,
  OPEN_SORT_KEY_LIMIT,
  type OpeningStatus,
  openingStatus,
  type ScheduleHours,
  statusSortKey,
} from "#app/features/services/hours";
import { HoustonCalendar, houstonMoment, houstonToday } from "#app/lib/houston-calendar";

function row(
  byday: string | null,
  opensAt: string | null,
  closesAt: string | null,
  extra: Partial<ScheduleHours> = {},
): ScheduleHours {
  return {
    freq: "WEEKLY",
    byday,
    opensAt,
    closesAt,
    validFrom: null,
    validTo: null,
    description: null,
    ...extra,
  };
}

const at = (iso: string) => new Date(iso);
const status = (rows: ScheduleHours[], iso: string) => openingStatus(rows, at(iso));

// 2026-11-25 is a Wednesday.
const weekdays = row("MO,TU,WE,TH,FR", "09:00", "17:00");
const shelter = row("MO,TU,WE,TH,FR,SA,SU", "19:00", "07:00");
const meals = [
  row("MO,TU,WE,TH,FR,SA,SU", "07:00", "09:00"),
  row("MO,TU,WE,TH,FR,SA,SU", "17:00:00", "19:00:00"),
];

describe("Houston time", () => {
  test("an instant's Houston day, weekday and minute, either side of midnight UTC", () => {
    expect(houstonMoment(at("2026-11-26T05:30:00Z"))).toEqual({
      date: "2026-11-25",
      weekday: 2,
      minute: 23 * 60 + 30,
    });
    expect(houstonToday(at("2026-11-26T06:00:00Z"))).toBe("2026-11-26");
    expect(houstonMoment(at("2026-07-04T04:59:00Z")).date).toBe("2026-07-03");
  });

  test("a skipped time in spring reads an hour later; a repeated time in autumn is the first", () => {
    const calendar = new HoustonCalendar();
    expect(new Date(calendar.instant("2026-03-08", 150)).toISOString()).toBe(
      "2026-03-08T08:30:00.000Z",
    );
    expect(new Date(calendar.instant("2026-03-08", 180)).toISOString()).toBe(
      "2026-03-08T08:00:00.000Z",
    );
    expect(new Date(calendar.instant("2026-11-01", 90)).toISOString()).toBe(
      "2026-11-01T06:30:00.000Z",
    );
    expect(new Date(calendar.instant("2026-11-01", 180)).toISOString()).toBe(
      "2026-11-01T09:00:00.000Z",
    );
  });

  test("times of day: seconds allowed, 24:00 is the end of the day, nonsense is not a time", () => {
    expect(minutesOf("07:30")).toBe(450);
    expect(minutesOf("07:30:59")).toBe(450);
    expect(minutesOf("24:00")).toBe(1440);
    for (const bad of ["24:01", "7", "25:00", "ab:cd", "", null, "10:00:00+05:00"])
      expect(minutesOf(bad), String(bad)).toBeNull();
  });
});

describe("open now, opening and closing minutes", () => {
  test("at the opening minute it is open, closing at the closing time today", () => {
    expect(status([weekdays], "2026-11-25T09:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "17:00",
      closesOn: "today",
    });
  });

  test("a minute before opening it opens at 9 today", () => {
    expect(status([weekdays], "2026-11-25T08:59:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "09:00",
      opensOn: "today",
    });
  });

  test("a second before closing it is open; at the closing minute it is closed and opens tomorrow", () => {
    expect(status([weekdays], "2026-11-25T16:59:59-06:00").kind).toBe("open");
    expect(status([weekdays], "2026-11-25T17:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "09:00",
      opensOn: "tomorrow",
      weekday: 3,
    });
  });

  test("on Friday evening it opens Monday", () => {
    expect(status([weekdays], "2026-11-27T18:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensOn: "later",
      weekday: 0,
    });
  });
});

describe("overnight hours (19:00-07:00)", () => {
  test("open at 19:00, closing at 07:00 tomorrow", () => {
    expect(status([shelter], "2026-11-25T19:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "07:00",
      closesOn: "tomorrow",
    });
  });

  test("after midnight it is still open from the evening before, closing at 07:00 today", () => {
    expect(status([shelter], "2026-11-26T02:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "07:00",
      closesOn: "today",
    });
  });

  test("at 07:00 it closes; it opens again at 19:00", () => {
    expect(status([shelter], "2026-11-26T07:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "19:00",
      opensOn: "today",
    });
  });

  test("a night that starts only on Friday is open Saturday at 3 am, not Friday at 3 am", () => {
    const friday = row("FR", "22:00", "06:00");
    expect(status([friday], "2026-11-28T03:00:00-06:00").kind).toBe("open");
    expect(status([friday], "2026-11-27T03:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "22:00",
      opensOn: "today",
    });
  });
});

describe("split hours (two openings a day)", () => {
  test("open in each, closed between, then opening at 17:00", () => {
    expect(status(meals, "2026-11-25T08:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "09:00",
    });
    expect(status(meals, "2026-11-25T09:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "17:00",
      opensOn: "today",
    });
    expect(status(meals, "2026-11-25T17:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "19:00",
    });
    expect(status(meals, "2026-11-25T19:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "07:00",
      opensOn: "tomorrow",
    });
  });

  test("openings that touch make one: 08-12 and 12-16 closes at 16", () => {
    const touching = [row("WE", "08:00", "12:00"), row("WE", "12:00", "16:00")];
    expect(status(touching, "2026-11-25T11:59:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "16:00",
    });
  });
});

describe("open 24 hours", () => {
  test("every day 00:00-23:59, or 00:00-24:00, or opening equal to closing", () => {
    for (const rows of [
      [row("MO,TU,WE,TH,FR,SA,SU", "00:00", "23:59")],
      [row(null, "00:00", "24:00", { freq: "DAILY" })],
      [row("MO,TU,WE,TH,FR,SA,SU", "00:00", "00:00")],
    ]) {
      expect(status(rows, "2026-11-25T03:00:00-06:00")).toEqual({ kind: "open-24-hours" });
    }
  });

  test("all day today only closes at midnight", () => {
    expect(status([row("WE", "00:00", "23:59")], "2026-11-25T22:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "24:00",
      closesOn: "today",
    });
  });
});

describe("temporary openings (valid_from, valid_to)", () => {
  const warming = row("MO,TU,WE,TH,FR,SA,SU", "18:00", "08:00", {
    validFrom: "2026-11-24",
    validTo: "2026-11-26",
  });

  test("before its first day it opens on that day; it is open on its days", () => {
    expect(status([warming], "2026-11-23T20:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "18:00",
      opensOn: "tomorrow",
    });
    expect(status([warming], "2026-11-25T20:00:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "08:00",
    });
  });

  test("the night starting on its last day runs to the next morning, then it is closed", () => {
    expect(status([warming], "2026-11-27T07:59:00-06:00")).toMatchObject({
      kind: "open",
      closesAt: "08:00",
    });
    expect(status([warming], "2026-11-27T18:30:00-06:00")).toEqual({ kind: "closed-today" });
  });

  test("a temporary opening far ahead is closed today", () => {
    expect(
      status(
        [row("SA", "10:00", "12:00", { validFrom: "2027-01-01" })],
        "2026-11-25T10:00:00-06:00",
      ),
    ).toEqual({ kind: "closed-today" });
  });

  test("the specification's example: valid one day in 2005, never open", () => {
    const example = row("TH,FR", "10:00:00", "18:00:00", {
      validFrom: "2005-01-01",
      validTo: "2005-01-01",
      until: "2005-01-01",
      interval: 1,
      description: "10 am to 6pm weekdays",
    });
    for (const iso of [
      "2026-11-26T12:00:00-06:00",
      "2026-11-27T10:00:00-06:00",
      "2005-01-01T12:00:00-06:00",
    ]) {
      expect(isOpenNow(status([example], iso)), iso).toBe(false);
    }
  });
});

describe("call for hours", () => {
  test("no rows, or a description only", () => {
    expect(status([], "2026-11-25T12:00:00-06:00")).toEqual({
      kind: "call-for-hours",
      description: null,
    });
    expect(
      status([row(null, null, null, { description: "Call ahead" })], "2026-11-25T12:00:00-06:00"),
    ).toEqual({ kind: "call-for-hours", description: "Call ahead" });
  });

  test("rules the finder does not read: monthly, every other week, the first Monday", () => {
    for (const rows of [
      [row("MO", "09:00", "17:00", { freq: "MONTHLY" })],
      [row("MO", "09:00", "17:00", { interval: 2 })],
      [row("1MO", "09:00", "17:00")],
      [row("MO", "09:00", null)],
    ]) {
      expect(status(rows, "2026-11-23T10:00:00-06:00").kind).toBe("call-for-hours");
    }
  });

  test("a readable row beside an unreadable one still gives the hours", () => {
    expect(
      status([row("WE", "09:00", "17:00"), row("MO", "9", "x")], "2026-11-25T10:00:00-06:00").kind,
    ).toBe("open");
  });
});

describe("daylight saving time in Houston", () => {
  test("spring forward (2026-03-08): a night shelter closes at 07:00 CDT, one hour fewer", () => {
    const open = status([shelter], "2026-03-08T01:59:00-06:00");
    expect(open).toMatchObject({ kind: "open", closesAt: "07:00" });
    expect((open as { closesAtInstant: Date }).closesAtInstant.toISOString()).toBe(
      "2026-03-08T12:00:00.000Z",
    );
    expect(status([shelter], "2026-03-08T03:00:00-05:00").kind).toBe("open");
    expect(status([shelter], "2026-03-08T07:00:00-05:00")).toMatchObject({
      kind: "opens",
      opensAt: "19:00",
    });
  });

  test("spring forward: an opening at the skipped 02:30 opens at 03:30", () => {
    const early = row("SU", "02:30", "05:00");
    expect(status([early], "2026-03-08T01:00:00-06:00")).toMatchObject({
      kind: "opens",
      opensAt: "03:30",
    });
    expect(status([early], "2026-03-08T03:29:00-05:00").kind).toBe("opens");
    expect(status([early], "2026-03-08T03:30:00-05:00").kind).toBe("open");
  });

  test("fall back (2026-11-01): open through both 01:30s, closing at 07:00 CST", () => {
    for (const iso of [
      "2026-11-01T01:30:00-05:00",
      "2026-11-01T01:30:00-06:00",
      "2026-11-01T06:59:00-06:00",
    ]) {
      expect(status([shelter], iso), iso).toMatchObject({ kind: "open", closesAt: "07:00" });
    }
    const open = status([shelter], "2026-11-01T01:30:00-05:00") as { closesAtInstant: Date };
    expect(open.closesAtInstant.toISOString()).toBe("2026-11-01T13:00:00.000Z");
    expect(status([shelter], "2026-11-01T07:00:00-06:00").kind).toBe("opens");
  });

  test("a day service keeps its wall-clock hours on both sides of each change", () => {
    const sunday = row("SU", "09:00", "17:00");
    expect(status([sunday], "2026-03-08T09:00:00-05:00").kind).toBe("open");
    expect(status([sunday], "2026-03-08T08:59:00-05:00").kind).toBe("opens");
    expect(status([sunday], "2026-11-01T09:00:00-06:00").kind).toBe("open");
    expect(status([sunday], "2026-11-01T16:59:00-06:00").kind).toBe("open");
    expect(status([sunday], "2026-11-01T08:59:00-06:00").kind).toBe("opens");
  });
});

describe("sorting and the next change", () => {
  test("open first by closing time, 24 hours after them, then opening soonest, closed, call", () => {
    const now = "2026-11-25T18:00:00-06:00";
    const statuses: [string, OpeningStatus][] = [
      ["call", status([], now)],
      ["closed", status([row("SA", "10:00", "12:00", { validFrom: "2027-01-01" })], now)],
      ["opens 19", status([shelter], now)],
      ["24h", status([row(null, "00:00", "24:00", { freq: "DAILY" })], now)],
      ["closes 19", status(meals, now)],
      ["closes 21", status([row("WE", "12:00", "21:00")], now)],
      ["opens tomorrow", status([weekdays], now)],
    ];
    const order = [...statuses]
      .sort((a, b) => statusSortKey(a[1]) - statusSortKey(b[1]))
      .map(([name]) => name);
    expect(order).toEqual([
      "closes 19",
      "closes 21",
      "24h",
      "opens 19",
      "opens tomorrow",
      "closed",
      "call",
    ]);
  });

  test("open now is exactly a sort key up to OPEN_SORT_KEY_LIMIT (the finder's SQL filter)", () => {
    const now = "2026-11-25T18:00:00-06:00";
    const shapes = [[], [shelter], [weekdays], meals, [row(null, "00:00", "24:00")]];
    for (const rows of shapes) {
      const current = status(rows, now);
      expect(statusSortKey(current) <= OPEN_SORT_KEY_LIMIT).toBe(isOpenNow(current));
    }
  });

  test("the next change is the next opening or closing, or Houston's midnight", () => {
    expect(
      new Date(nextStatusChange(meals, at("2026-11-25T08:00:00-06:00")) ?? 0).toISOString(),
    ).toBe("2026-11-25T15:00:00.000Z");
    expect(
      new Date(nextStatusChange(meals, at("2026-11-25T20:00:00-06:00")) ?? 0).toISOString(),
    ).toBe("2026-11-26T06:00:00.000Z");
    expect(nextStatusChange([], at("2026-11-25T20:00:00-06:00"))).toBeNull();
  });
});
