// The sample services of a new install (docs/decisions/170-the-finder-page.md): added once, marked as sample data, and a working
// finder at night: the overnight shelter, the hotline and the warming center open.
import { describe, expect, test } from "vitest";
import { seedSampleServices } from "#app/features/services/seed.server";
import { findServices } from "#app/features/services/services.server";

/** 11:30 pm on Wednesday 25 November 2026 in Houston. */
const NIGHT = new Date("2026-11-25T23:30:00-06:00");

describe("sample services", () => {
  test("eight, once, each saying it is sample data", async () => {
    expect(await seedSampleServices(NIGHT)).toBe(8);
    expect(await seedSampleServices(NIGHT)).toBe(0);
    const rows = await findServices({ locale: "en" }, NIGHT);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.description).toContain("Sample data");
  });

  test("at night: shelter, hotline and warming center open; meals open at 7; legal aid by phone", async () => {
    await seedSampleServices(NIGHT);
    const open = await findServices({ locale: "en", openNow: true }, NIGHT);
    expect(open.map((row) => [row.name, row.status.kind])).toEqual([
      ["Night shelter (sample)", "open"],
      ["Freeze warming center (sample)", "open"],
      ["Crisis hotline (sample)", "open-24-hours"],
    ]);
    const all = await findServices({ locale: "es" }, NIGHT);
    expect(all.find((row) => row.category === "food")).toMatchObject({
      name: "Comidas comunitarias (ejemplo)",
      status: { kind: "opens", opensAt: "07:00", opensOn: "tomorrow" },
    });
    expect(all.find((row) => row.category === "legal")?.status).toEqual({
      kind: "call-for-hours",
      description: "By appointment: call ahead.",
    });
  });

  test("the warming center is temporary: closed two weeks later", async () => {
    await seedSampleServices(NIGHT);
    const later = new Date(NIGHT.getTime() + 15 * 86_400_000);
    const [center] = await findServices({ locale: "en", category: "warming-center" }, later);
    expect(center.status.kind).toBe("closed-today");
  });
});
