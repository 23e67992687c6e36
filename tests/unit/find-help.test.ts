/**
 * The finder's pure parts (docs/decisions/170-the-finder-page.md): the status in the exact words in both languages, the
 * call and map links, the URL's filters and their checks, the "near me" order, and the staff form's
 * rows (docs/decisions/170-the-finder-page.md to 175).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { serviceCategories } from "#app/db/schema/services";
import {
  emptyServiceForm,
  formErrors,
  inputFromForm,
  readServiceForm,
  WEEKDAYS,
  withBlankRows,
} from "#app/features/services/admin/service-form-values";
import { byDistance, milesBetween } from "#app/features/services/components/service-list";
import { addressLine, mapHref, smsHref, telHref } from "#app/features/services/contact-links";
import type { FinderCard } from "#app/features/services/finder-card";
import {
  FINDER_CATEGORIES,
  finderSearch,
  parseFinderQuery,
} from "#app/features/services/finder-query";
import type { OpeningStatus } from "#app/features/services/hours";
import { weekdays } from "#app/features/services/service-input";
import { atClock, clockText, statusText } from "#app/features/services/status-text";
import en from "#app/i18n/catalogs/en.json";
import es from "#app/i18n/catalogs/es.json";
import { createI18n } from "#app/i18n/translator";
import { countsNow, finderNow } from "#app/lib/clock.server";
import { houstonToday } from "#app/lib/houston-calendar";

const tEn = createI18n("en", en).t;
const tEs = createI18n("es", es).t;
const instant = new Date("2026-11-26T03:00:00Z");

describe("status words", () => {
  const cases: [OpeningStatus, string, string][] = [
    [
      { kind: "open", closesAt: "21:00", closesAtInstant: instant, closesOn: "today" },
      "Open now, closes at 9 pm",
      "Abierto ahora, cierra a las 9 p. m.",
    ],
    [
      { kind: "opens", opensAt: "06:00", opensAtInstant: instant, opensOn: "today", weekday: 3 },
      "Opens at 6 am",
      "Abre a las 6 a. m.",
    ],
    [{ kind: "open-24-hours" }, "Open 24 hours", "Abierto las 24 horas"],
    [
      { kind: "call-for-hours", description: null },
      "Call for hours",
      "Llame para saber el horario",
    ],
    [{ kind: "closed-today" }, "Closed today", "Cerrado hoy"],
    [
      { kind: "opens", opensAt: "07:30", opensAtInstant: instant, opensOn: "tomorrow", weekday: 4 },
      "Opens tomorrow at 7:30 am",
      "Abre mañana a las 7:30 a. m.",
    ],
  ];
  test.each(cases)("%o", (status, english, spanish) => {
    expect(statusText(status, "en", tEn).text).toBe(english);
    expect(statusText(status, "es", tEs).text).toBe(spanish);
  });

  test("a day further off is named in Houston time", () => {
    // 03:00 UTC on Thursday the 26th is 9 pm on Wednesday the 25th in Houston.
    const status: OpeningStatus = {
      kind: "opens",
      opensAt: "09:00",
      opensAtInstant: instant,
      opensOn: "later",
      weekday: 3,
    };
    expect(statusText(status, "en", tEn).text).toBe("Opens Wednesday at 9 am");
  });

  test("clock times: noon, midnight, minutes, and Spanish one o'clock", () => {
    expect(clockText("00:00", "en")).toBe("12 am");
    expect(clockText("12:00", "en")).toBe("12 pm");
    expect(clockText("19:05:00", "en")).toBe("7:05 pm");
    expect(atClock("13:00", "es")).toBe("a la 1 p. m.");
    expect(atClock("01:30", "es")).toBe("a la 1:30 a. m.");
  });
});

describe("call and map links", () => {
  test("numbers as files write them become dialable tel: links", () => {
    expect(telHref("(713) 555-0100")).toBe("tel:+17135550100");
    expect(telHref('"713-555-0100"')).toBe("tel:+17135550100");
    expect(telHref("1 713 555 0100", 12)).toBe("tel:+17135550100;ext=12");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref("211")).toBe("tel:211");
    expect(telHref("call us")).toBeNull();
    expect(smsHref("713-555-0100")).toBe("sms:+17135550100");
  });

  test("the map link searches the address, or the coordinates without one", () => {
    const line = addressLine({
      address1: "1 Main St",
      address2: null,
      city: "Houston",
      stateProvince: "TX",
      postalCode: "77002",
    });
    expect(line).toBe("1 Main St, Houston, TX 77002");
    expect(mapHref(line, 29.76, -95.37)).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Houston%2C%20TX%2077002",
    );
    expect(mapHref("", 29.76, -95.37)).toBe(
      "https://www.google.com/maps/search/?api=1&query=29.76%2C-95.37",
    );
    expect(mapHref("", null, null)).toBeNull();
  });
});

describe("the finder's URL", () => {
  test("the filter's categories and days are the schema's", () => {
    expect([...FINDER_CATEGORIES]).toEqual([...serviceCategories]);
    expect([...WEEKDAYS]).toEqual([...weekdays]);
  });

  test("valid filters are read and written back", () => {
    const { query, errors } = parseFinderQuery(
      new URLSearchParams("category=shelter&open=now&places=now&q=  hot   meal &lang=ES&for=women"),
    );
    expect(errors).toEqual([]);
    expect(query).toEqual({
      category: "shelter",
      openNow: true,
      placesNow: true,
      q: "hot meal",
      lang: "es",
      for: "women",
    });
    expect(finderSearch(query)).toBe(
      "?category=shelter&open=now&places=now&q=hot+meal&lang=es&for=women",
    );
  });

  test("each bad parameter is named once and left out", () => {
    const { query, errors } = parseFinderQuery(
      new URLSearchParams(
        `category=spa&open=later&places=9&lang=english!&q=${"x".repeat(101)}&for=youth`,
      ),
    );
    expect(errors.map((error) => error.parameter)).toEqual([
      "category",
      "open",
      "places",
      "q",
      "lang",
    ]);
    expect(query).toEqual({ openNow: false, placesNow: false, q: "", lang: "", for: "youth" });
    expect(tEn(errors[0].message, errors[0].values)).toContain("“spa” is not a type of help");
  });
});

describe("near me and the clock", () => {
  const row = (id: string, latitude: number | null, longitude: number | null) =>
    ({ id, latitude, longitude }) as FinderCard;

  test("rows sort nearest first; rows without coordinates keep their order last", () => {
    const downtown = { latitude: 29.7604, longitude: -95.3698 };
    const rows = [row("far", 29.99, -95.33), row("none", null, null), row("near", 29.76, -95.37)];
    expect(byDistance(rows, downtown).map((item) => item.row.id)).toEqual(["near", "far", "none"]);
    expect(milesBetween(downtown, { latitude: 29.99, longitude: -95.33 })).toBeCloseTo(16, 0);
  });

  test("FIND_HELP_NOW fixes the finder's clock, except on an https site", () => {
    const fixed = "2026-11-26T05:30:00Z";
    expect(finderNow({ FIND_HELP_NOW: fixed }).toISOString()).toBe("2026-11-26T05:30:00.000Z");
    const real = finderNow({ FIND_HELP_NOW: fixed, PUBLIC_URL: "https://example.org" });
    expect(Math.abs(real.getTime() - Date.now())).toBeLessThan(5000);
    expect(Math.abs(finderNow({ FIND_HELP_NOW: "soon" }).getTime() - Date.now())).toBeLessThan(
      5000,
    );
    expect(houstonToday(new Date(fixed))).toBe("2026-11-25");
  });

  test("counts' freshness follows the finder unless COUNTS_CLOCK_FILE holds an instant, never on https", () => {
    const now = new Date("2026-11-26T05:30:00Z");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "counts-clock-")), "clock");
    expect(countsNow(now, { COUNTS_CLOCK_FILE: file })).toBe(now);
    writeFileSync(file, "2026-11-26T11:31:00Z\n");
    expect(countsNow(now, { COUNTS_CLOCK_FILE: file }).toISOString()).toBe(
      "2026-11-26T11:31:00.000Z",
    );
    expect(countsNow(now, { COUNTS_CLOCK_FILE: file, PUBLIC_URL: "https://example.org" })).toBe(
      now,
    );
    expect(countsNow(now, {})).toBe(now);
    writeFileSync(file, "later");
    expect(countsNow(now, { COUNTS_CLOCK_FILE: file })).toBe(now);
  });
});

describe("the staff form's rows", () => {
  test("blank rows are dropped before saving and errors go back to the row typed in", () => {
    const form = new FormData();
    form.set("name", "Night shelter");
    form.set("location.address1", "1 Main St");
    for (const i of [0, 1, 2]) {
      form.set(`phones[${i}].number`, i === 1 ? "713-555-0100" : "");
      form.set(`openings[${i}].opensAt`, i === 2 ? "19:00" : "");
      form.set(`openings[${i}].closesAt`, i === 2 ? "07:00" : "");
    }
    form.append("openings[2].days", "MO");
    form.append("openings[2].days", "TU");
    const values = readServiceForm(form);
    const { input, phoneRows, openingRows } = inputFromForm(values);
    expect(input.phones).toEqual([
      { number: "713-555-0100", type: "voice", description: undefined },
    ]);
    expect(input.openings).toEqual([
      {
        days: ["MO", "TU"],
        opensAt: "19:00",
        closesAt: "07:00",
        validFrom: undefined,
        validTo: undefined,
      },
    ]);
    expect(
      formErrors(
        { "openings.0.closesAt": ["Bad"], "phones[0].number": ["No"], form: ["Whole"] },
        { phoneRows, openingRows },
      ),
    ).toEqual({
      "openings[2].closesAt": ["Bad"],
      "phones[1].number": ["No"],
      "": ["Whole"],
    });
  });

  test("a form always offers empty rows to fill", () => {
    const empty = emptyServiceForm();
    expect(empty.phones).toHaveLength(3);
    expect(empty.openings).toHaveLength(4);
    const full = withBlankRows({
      ...empty,
      openings: Array.from({ length: 50 }, () => ({
        days: ["MO"],
        opensAt: "08:00",
        closesAt: "09:00",
        validFrom: "",
        validTo: "",
      })),
    });
    expect(full.openings).toHaveLength(50);
  });
});
