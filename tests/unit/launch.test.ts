import { describe, expect, test } from "vitest";
import { hasLaunched, parseLaunchAt } from "#app/site/launch";

// docs/decisions/004-root-route-clock.md
describe("launch date", () => {
  test("LAUNCH_AT is read as local wall-clock time", () => {
    const at = parseLaunchAt("2025-04-24T00:00");
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual(
      [2025, 3, 24, 0, 0],
    );
  });

  test("seconds are optional", () => {
    expect(parseLaunchAt("2025-04-24T13:45:30").getSeconds()).toBe(30);
    expect(parseLaunchAt("2025-04-24T13:45").getSeconds()).toBe(0);
  });

  test("the site has launched from the launch moment on, not a millisecond before", () => {
    const launch = new Date(2025, 3, 24, 0, 0, 0);
    expect(hasLaunched("2025-04-24T00:00", new Date(launch.getTime() - 1))).toBe(false);
    expect(hasLaunched("2025-04-24T00:00", launch)).toBe(true);
    expect(hasLaunched("2025-04-24T00:00", new Date(2026, 0, 1))).toBe(true);
  });

  test("the default date has passed today, so / shows the landing page", () => {
    expect(hasLaunched("2025-04-24T00:00")).toBe(true);
  });
});
