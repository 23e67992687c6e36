import { describe, expect, it } from "vitest";
import { dateFormat, numberFormat } from "#app/i18n/formats";

/** Integers, cents, awkward decimals, halves, large and tiny values, signs, and non-numbers. */
const values = [
  0,
  -0,
  1,
  7,
  12,
  999,
  1000,
  1250,
  15000,
  99_999,
  100_000,
  1_234_567,
  123_456_789_012,
  2 ** 53,
  0.1 + 0.2,
  1.0005,
  2.675,
  1.005,
  0.5,
  1.5,
  2.5,
  3.3,
  10.33,
  1234.5678,
  99.995,
  0.0049,
  0.004,
  -3.3,
  -1250,
  -0.0001,
  -0.004,
  1e-7,
  2.5e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  ...Array.from(
    { length: 200 },
    (_, index) => Math.round(Math.sin(index + 1) * 10 ** (index % 9) * 1000) / 1000,
  ),
];

const formats: Intl.NumberFormatOptions[] = [
  {},
  { style: "currency", currency: "USD" },
  { style: "currency", currency: "USD", maximumFractionDigits: 0 },
  { style: "percent" },
  { maximumFractionDigits: 1 },
];

describe("number formats of the site's locales", () => {
  it.each(["en-US", "es-US"])("write every value as Intl does in %s", (tag) => {
    for (const options of formats) {
      const intl = new Intl.NumberFormat(tag, options);
      for (const value of values) {
        expect(
          numberFormat(tag, options).format(value),
          `${value} ${JSON.stringify(options)}`,
        ).toBe(intl.format(value));
      }
    }
  });

  it("are built once per locale and options", () => {
    const dollars = numberFormat("es-US", { style: "currency", currency: "USD" });
    expect(numberFormat("es-US", { style: "currency", currency: "USD" })).toBe(dollars);
    expect(numberFormat("en-US", { style: "currency", currency: "USD" })).not.toBe(dollars);
    expect(dateFormat("es-US", { dateStyle: "long" })).toBe(
      dateFormat("es-US", { dateStyle: "long" }),
    );
  });

  it("leave other locales to Intl", () => {
    expect(numberFormat("de-DE").format(1234.5)).toBe("1.234,5");
  });
});

/** Every day of two years (a leap year among them) at noon UTC, and the edges of a UTC day. */
const days = [
  ...Array.from({ length: 731 }, (_, index) => new Date(Date.UTC(2027, 0, 1 + index, 12))),
  new Date(Date.UTC(2026, 11, 31, 0, 0, 0)),
  new Date(Date.UTC(2026, 11, 31, 23, 59, 59, 999)),
  new Date(Date.UTC(1999, 1, 28, 5)),
];

const dateFormats: Intl.DateTimeFormatOptions[] = [
  { dateStyle: "long" },
  { dateStyle: "long", timeZone: "UTC" },
  { year: "numeric", month: "long", day: "numeric" },
  { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" },
  { weekday: "long", timeZone: "UTC" },
  { weekday: "long" },
  { dateStyle: "medium" },
  { weekday: "long", hour: "numeric", minute: "2-digit", timeZone: "America/Chicago" },
];

describe("date formats of the site's locales", () => {
  it.each(["en-US", "es-US"])("write every day as Intl does in %s", (tag) => {
    for (const options of dateFormats) {
      const intl = new Intl.DateTimeFormat(tag, options);
      for (const date of days) {
        expect(
          dateFormat(tag, options).format(date),
          `${date.toISOString()} ${JSON.stringify(options)}`,
        ).toBe(intl.format(date));
      }
    }
  });
});
