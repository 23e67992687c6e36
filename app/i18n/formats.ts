/**
 * Number and date formatters, each built once per locale and options. Building an Intl formatter
 * costs far more than using one, and the first one a page builds loads the browser's locale data:
 * on a low-tier phone about a quarter of a second in one long task while the page hydrates
 * (docs/decisions/154-less-work-while-hydrating.md). The site's locales, en-US and es-US, write numbers
 * and US dollars alike ("1,250.5", "$1,250.50"), so those formats are written here without Intl,
 * and so are their calendar days ("April 24, 2025", "24 de abril de 2025") and weekdays;
 * tests/unit/formats.test.ts holds them to Intl's output.
 */

export interface NumberFormatter {
  format(value: number): string;
}

/** The locales whose numbers and dollars are written the US way. */
const US_NUMBER_LOCALES = new Set(["en-US", "es-US"]);

/** "1,234,567" from the digits "1234567". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The decimal digits of |value| rounded half away from zero to `max` decimals, from its shortest
 * decimal form as Intl rounds it ("1.0005" to 3 decimals is "1.001"); null when that form has an
 * exponent (below 1e-6 or from 1e21), which Intl is left to write.
 */
function roundedDigits(value: number, max: number): [string, string] | null {
  const shortest = Math.abs(value).toString();
  if (shortest.includes("e")) return null;
  const [whole, fraction = ""] = shortest.split(".");
  if (fraction.length <= max) return [whole, fraction];
  const kept = BigInt(whole + fraction.slice(0, max)) + (fraction[max] >= "5" ? 1n : 0n);
  const digits = kept.toString().padStart(max + 1, "0");
  return [digits.slice(0, digits.length - max), digits.slice(digits.length - max)];
}

/** A number with `min` to `max` decimals, grouped by thousands; null where Intl must write it. */
function usNumber(value: number, min: number, max: number): string | null {
  if (!Number.isFinite(value)) return null;
  const rounded = roundedDigits(value, max);
  if (!rounded) return null;
  const [whole, fraction] = rounded;
  let decimals = fraction.padEnd(min, "0");
  while (decimals.length > min && decimals.endsWith("0")) decimals = decimals.slice(0, -1);
  const text = group(whole) + (decimals ? `.${decimals}` : "");
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}

/** The US way for plain numbers and US dollars, or null for any other format. */
function usFormatter(tag: string, options: Intl.NumberFormatOptions): NumberFormatter | null {
  let intl: Intl.NumberFormat | undefined;
  const byIntl = (value: number) => {
    intl ??= new Intl.NumberFormat(tag, options);
    return intl.format(value);
  };
  const keys = Object.keys(options);
  if (keys.length === 0) return { format: (value) => usNumber(value, 0, 3) ?? byIntl(value) };
  const dollars =
    options.style === "currency" &&
    options.currency?.toUpperCase() === "USD" &&
    keys.every((key) => ["style", "currency", "maximumFractionDigits"].includes(key)) &&
    (options.maximumFractionDigits === undefined || options.maximumFractionDigits === 0);
  if (!dollars) return null;
  const decimals = options.maximumFractionDigits === 0 ? 0 : 2;
  return {
    format(value) {
      const text = usNumber(value, decimals, decimals);
      if (text === null) return byIntl(value);
      return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
    },
  };
}

export interface DateFormatter {
  format(date: Date): string;
}

const MONTHS = {
  "en-US": "January February March April May June July August September October November December",
  "es-US":
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
};
const WEEKDAYS = {
  "en-US": "Sunday Monday Tuesday Wednesday Thursday Friday Saturday",
  "es-US": "domingo lunes martes miércoles jueves viernes sábado",
};

/**
 * A calendar day in long form, or a weekday, in en-US or es-US, read in UTC or the device's own
 * zone; null for any other format (times, other zones, short months), which Intl writes.
 */
function usDateFormatter(tag: "en-US" | "es-US", options: Intl.DateTimeFormatOptions) {
  const { timeZone, ...rest } = options;
  if (timeZone !== undefined && timeZone !== "UTC") return null;
  const utc = timeZone === "UTC";
  const keys = Object.keys(rest).sort().join(",");
  const months = MONTHS[tag].split(" ");
  const weekdays = WEEKDAYS[tag].split(" ");
  const longDay =
    (keys === "dateStyle" && rest.dateStyle === "long") ||
    (keys === "day,month,year" &&
      rest.day === "numeric" &&
      rest.month === "long" &&
      rest.year === "numeric");
  if (longDay) {
    return {
      format(date: Date) {
        const year = utc ? date.getUTCFullYear() : date.getFullYear();
        const month = months[utc ? date.getUTCMonth() : date.getMonth()];
        const day = utc ? date.getUTCDate() : date.getDate();
        return tag === "en-US" ? `${month} ${day}, ${year}` : `${day} de ${month} de ${year}`;
      },
    };
  }
  if (keys === "weekday" && rest.weekday === "long") {
    return { format: (date: Date) => weekdays[utc ? date.getUTCDay() : date.getDay()] };
  }
  return null;
}

const numberFormats = new Map<string, NumberFormatter>();
const dateFormats = new Map<string, DateFormatter>();

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format =
      (US_NUMBER_LOCALES.has(tag) ? usFormatter(tag, options) : null) ??
      new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): DateFormatter {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format =
      (tag === "en-US" || tag === "es-US" ? usDateFormatter(tag, options) : null) ??
      new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format;
}
