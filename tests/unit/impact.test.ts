import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  amountProblem,
  amountProblemMessage,
  chosenAmount,
  formatDollars,
  impactMessage as impactCount,
  impactText,
  nextPrelaunchAmount,
  prelaunchImpactMessage as prelaunchImpactCount,
  sanitizeCustomAmount,
} from "#app/features/donations/rules";
import { donationAmount, donationSchema } from "#app/features/donations/schemas.server";
import { serverT } from "#app/i18n/catalogs.server";

// The messages as an English page shows them (the exact wording agreed for the site).
const english = serverT("en");
const impactMessage = (amount: number) => {
  const count = impactCount(amount);
  return count ? impactText(english, count) : null;
};
const prelaunchImpactMessage = (amount: number) =>
  impactText(english, prelaunchImpactCount(amount));
const problemMessage = (amount: number) => {
  const problem = amountProblem(amount);
  return problem ? amountProblemMessage(english, problem, "en") : null;
};

describe("full-site impact message", () => {
  test.each([
    [1, "15+ people"],
    [25, "15+ people"],
    [26, "30+ people"],
    [50, "30+ people"],
    [51, "60+ people"],
    [100, "60+ people"],
    [101, "100+ people"],
    [250, "100+ people"],
    [100_000, "100+ people"],
  ])("$%i helps %s", (amount, message) => {
    expect(impactMessage(amount)).toBe(message);
  });

  test("no message when there is nothing to give", () => {
    expect(impactMessage(0)).toBeNull();
    expect(impactMessage(-5)).toBeNull();
    expect(impactMessage(Number.NaN)).toBeNull();
  });
});

describe("pre-launch impact message", () => {
  test.each([
    [10, "3 people"],
    [20, "6 people"],
    [40, "12 people"],
    [100, "30 people"],
  ])("preset $%i helps %s", (amount, message) => {
    expect(prelaunchImpactMessage(amount)).toBe(message);
  });

  test("Spanish pages say it in Spanish", () => {
    expect(impactText(serverT("es"), prelaunchImpactCount(10))).toBe("3 personas");
    expect(impactText(serverT("es"), prelaunchImpactCount(75))).toBe("más de 30 personas");
  });

  test("any other amount falls back to '30+ people'", () => {
    expect(prelaunchImpactMessage(75)).toBe("30+ people");
    expect(prelaunchImpactMessage(11)).toBe("30+ people");
  });
});

describe("custom amount text", () => {
  test.each([
    ["75", "75"],
    ["7a5", "75"],
    ["$1,250", "1250"],
    ["$1,250.00", "1250"],
    ["50.99", "50"],
    [" 12 ", "12"],
    ["abc", ""],
    ["", ""],
    ["-20", "20"],
  ])("%j keeps %j", (typed, kept) => {
    expect(sanitizeCustomAmount(typed)).toBe(kept);
  });

  test("the result is always digits only", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(sanitizeCustomAmount(text)).toMatch(/^\d*$/);
      }),
    );
  });

  test("full site: a custom value wins over the preset, an empty box leaves the preset", () => {
    expect(chosenAmount(50, "")).toBe(50);
    expect(chosenAmount(50, "75")).toBe(75);
  });

  test("pre-launch: typing sets the amount, an empty box keeps the previous amount", () => {
    expect(nextPrelaunchAmount(40, "15")).toBe(15);
    expect(nextPrelaunchAmount(15, "")).toBe(15);
  });
});

// docs/decisions/012-custom-amount-rules.md
describe("amount limits", () => {
  test("whole dollars from $1 to $100,000", () => {
    expect(problemMessage(1)).toBeNull();
    expect(problemMessage(100_000)).toBeNull();
    expect(problemMessage(0)).toBe("The smallest gift we can accept online is $1.");
    expect(problemMessage(100_001)).toMatch(/largest gift we can accept online is \$100,000/);
    expect(problemMessage(10.5)).toMatch(/whole-dollar/);
  });

  test("dollars are shown in US format", () => {
    expect(formatDollars(1250)).toBe("$1,250");
  });
});

describe("donation form schema", () => {
  const parse = (fields: Record<string, string | undefined>) =>
    donationSchema(english, "en").safeParse({
      frequency: "once",
      donorName: "Ana Donor",
      donorEmail: "Ana@Example.org",
      ...fields,
    });

  /** The amount a valid submission gives, or the submission's problem. */
  const amountOf = (fields: Record<string, string>) => {
    const result = parse(fields);
    return result.success ? donationAmount(result.data) : result.error.issues[0].message;
  };

  test("a preset alone is the amount", () => {
    expect(amountOf({ preset: "100" })).toBe(100);
    expect(parse({ preset: "100" }).data?.frequency).toBe("once");
  });

  // docs/decisions/012-custom-amount-rules.md
  test("a custom amount is used over the preset", () => {
    expect(amountOf({ preset: "50", customAmount: "75", frequency: "monthly" })).toBe(75);
    expect(parse({ preset: "50", customAmount: "75", frequency: "monthly" }).data?.frequency).toBe(
      "monthly",
    );
  });

  test("text typed without JavaScript is read as dollars when it clearly is", () => {
    expect(amountOf({ customAmount: "$1,250.00" })).toBe(1250);
  });

  test.each([
    ["abc", /whole-dollar/],
    ["12.50", /whole-dollar/],
    ["0", /smallest gift/],
    ["100001", /largest gift/],
  ])("custom %j is refused with a message on the field", (customAmount, message) => {
    const result = parse({ preset: "50", customAmount });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(["customAmount"]);
    expect(issue?.message).toMatch(message);
  });

  test("the donor's name and e-mail are required; the e-mail is kept in lower case", () => {
    expect(parse({ preset: "50" })).toMatchObject({ data: { donorEmail: "ana@example.org" } });
    const missing = donationSchema(english, "en").safeParse({ frequency: "once", preset: "50" });
    expect(missing.error?.issues.map((issue) => issue.path[0])).toEqual([
      "donorName",
      "donorEmail",
    ]);
    expect(parse({ preset: "50", donorEmail: "not-an-address" }).error?.issues[0].message).toBe(
      "Please enter a valid email address.",
    );
  });

  test("a bad amount is reported along with missing details, all at once", () => {
    const result = donationSchema(english, "en").safeParse({
      frequency: "once",
      customAmount: "twelve",
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      "donorName",
      "donorEmail",
      "customAmount",
    ]);
  });

  test("the pre-launch panel has its own presets", () => {
    expect(parse({ panel: "prelaunch", preset: "40" })).toMatchObject({
      data: { panel: "prelaunch" },
    });
    expect(parse({ panel: "prelaunch", preset: "50" }).success).toBe(false);
    expect(parse({ panel: "other", preset: "50" }).success).toBe(false);
  });

  test("the checkboxes are on only when ticked", () => {
    expect(parse({ preset: "50", coverFee: "on", anonymous: "on" })).toMatchObject({
      data: { coverFee: true, anonymous: true, newsletter: false },
    });
    expect(parse({ preset: "50", coverFee: "yes" }).success).toBe(false);
  });

  test("an amount must be chosen, and presets are only the listed ones", () => {
    expect(parse({}).error?.issues[0].message).toBe("Please choose or enter an amount.");
    expect(parse({ preset: "30" }).success).toBe(false);
    expect(parse({ preset: "50", frequency: "weekly" }).success).toBe(false);
  });
});
