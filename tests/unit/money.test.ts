import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatCents } from "#app/lib/money";

describe("formatCents", () => {
  test("shows cents as US dollars", () => {
    expect(formatCents(5000)).toBe("$50.00");
    expect(formatCents(1)).toBe("$0.01");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatCents(2500, "usd")).toBe("$25.00");
  });

  test("never loses a cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const digits = formatCents(cents).replace(/[$,.]/g, "");
        expect(Number(digits)).toBe(cents);
      }),
    );
  });
});
