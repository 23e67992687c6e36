import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isCountdownOver, remainingParts, secondsUntil, splitSeconds } from "#app/site/countdown";

const DAY = 86_400;

describe("countdown", () => {
  test("splits the time left into days, hours, minutes and seconds", () => {
    const target = new Date(2025, 3, 24, 0, 0, 0);
    const now = new Date(2025, 3, 21, 21, 58, 30);
    expect(remainingParts(target, now)).toEqual({ days: 2, hours: 2, minutes: 1, seconds: 30 });
  });

  test("partial seconds are not counted, so the last second shows zero at the target", () => {
    const target = new Date(2025, 3, 24);
    expect(secondsUntil(target, new Date(target.getTime() - 1500))).toBe(1);
    expect(secondsUntil(target, new Date(target.getTime() - 999))).toBe(0);
  });

  test("shows zeros at and after the target", () => {
    const target = new Date(2025, 3, 24);
    const zeros = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(remainingParts(target, target)).toEqual(zeros);
    expect(remainingParts(target, new Date(2026, 0, 1))).toEqual(zeros);
    expect(isCountdownOver(remainingParts(target, new Date(2026, 0, 1)))).toBe(true);
    expect(isCountdownOver(remainingParts(target, new Date(2025, 3, 23)))).toBe(false);
  });

  test("one tick later is one second less", () => {
    const target = new Date(2025, 3, 24);
    const now = new Date(2025, 3, 23, 23, 59, 0);
    expect(remainingParts(target, now).seconds).toBe(0);
    expect(remainingParts(target, new Date(now.getTime() + 1000))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 59,
    });
  });

  test("parts are never negative, stay in range and add back up to the seconds left", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * DAY, max: 4000 * DAY }), (total) => {
        const parts = splitSeconds(total);
        for (const value of Object.values(parts)) expect(value).toBeGreaterThanOrEqual(0);
        expect(parts.hours).toBeLessThan(24);
        expect(parts.minutes).toBeLessThan(60);
        expect(parts.seconds).toBeLessThan(60);
        expect(parts.days * DAY + parts.hours * 3600 + parts.minutes * 60 + parts.seconds).toBe(
          Math.max(0, total),
        );
      }),
    );
  });

  test("remaining time recombines to the whole seconds between two moments", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        fc.integer({ min: -1e10, max: 1e11 }),
        (now, offsetMs) => {
          const target = new Date(now.getTime() + offsetMs);
          const parts = remainingParts(target, now);
          const seconds =
            parts.days * DAY + parts.hours * 3600 + parts.minutes * 60 + parts.seconds;
          expect(seconds).toBe(Math.max(0, Math.floor(offsetMs / 1000)));
        },
      ),
    );
  });
});
