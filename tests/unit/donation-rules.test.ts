import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { chargeCents, coveredFeeCents } from "#app/features/donations/fees";
import { canMove, DONATION_STATUSES, statusLabel } from "#app/features/donations/status";

describe("covering the card fee (2.9% + 30 cents)", () => {
  test.each([
    [100, 34],
    [5000, 181],
    [10_000, 330],
    [10_000_000, 298_693],
  ])("a gift of %i cents adds %i cents", (gift, fee) => {
    expect(coveredFeeCents(gift)).toBe(fee);
  });

  test("after the processor's share, the whole gift is left, never a cent less", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (dollars) => {
        const gift = dollars * 100;
        const total = chargeCents(gift, true);
        const processorTakes = total * 0.029 + 30;
        expect(total - processorTakes).toBeGreaterThanOrEqual(gift - 1e-6);
        // And never more than a cent over what is needed.
        expect(total - 1 - ((total - 1) * 0.029 + 30)).toBeLessThan(gift);
      }),
    );
  });

  test("without the choice nothing is added", () => {
    expect(chargeCents(5000, false)).toBe(5000);
  });
});

describe("donation status moves (events late, twice or out of order)", () => {
  test("a success can only become a refund; canceled and refunded are final", () => {
    expect(canMove("succeeded", "failed")).toBe(false);
    expect(canMove("succeeded", "processing")).toBe(false);
    expect(canMove("succeeded", "refunded")).toBe(true);
    for (const to of DONATION_STATUSES) {
      expect(canMove("canceled", to)).toBe(false);
      expect(canMove("refunded", to)).toBe(false);
    }
  });

  test("a bank payment settles or fails; a declined card may be retried", () => {
    expect(canMove("pending", "processing")).toBe(true);
    expect(canMove("processing", "succeeded")).toBe(true);
    expect(canMove("processing", "failed")).toBe(true);
    expect(canMove("failed", "succeeded")).toBe(true);
  });

  test("nothing moves back to pending, and no status moves to itself", () => {
    for (const from of DONATION_STATUSES) {
      expect(canMove(from, "pending")).toBe(false);
      expect(canMove(from, from)).toBe(false);
    }
  });

  test("statuses are shown capitalised", () => {
    expect(statusLabel("succeeded")).toBe("Succeeded");
  });
});
