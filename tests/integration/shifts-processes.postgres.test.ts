// Seats are never oversold with several app processes serving (docs/decisions/237-volunteer-shifts.md):
// twenty sign-ups for the last five seats come from two separate Node processes, each with its own
// connection pool, released together. Run by the integration-postgres project only (vitest.config.ts).
import { describe, expect, test } from "vitest";
import { appProcess, releaseTogether, stopAll } from "./app-processes";
import { insertShift, mailsOfKind, signupsOf } from "./shifts-helpers";

interface Outcome {
  email: string;
  outcome: string;
  position: number | null;
  place: number | null;
}

describe("a rush on the last seats from two app processes", () => {
  // Two processes start and load the app on a machine the other test files share.
  test("twenty at once for five seats: five seated, fifteen waiting in order, no duplicate", {
    timeout: 180_000,
  }, async () => {
    const shift = await insertShift({ seats: 5, waitlistLength: 20 });
    const emails = Array.from({ length: 20 }, (_, n) => `v${n}@example.org`);
    const processes = [emails.slice(0, 10), emails.slice(10)].map((share) =>
      appProcess("tests/integration/shifts-signup-process.ts", [shift.id, ...share]),
    );
    try {
      // Neither signs anyone up before both are ready.
      const outcomes = (await releaseTogether(processes)).flatMap(
        (line) => JSON.parse(line) as Outcome[],
      );
      expect(await Promise.all(processes.map(({ exited }) => exited))).toEqual([0, 0]);

      expect(outcomes).toHaveLength(20);
      const seated = outcomes.filter((o) => o.outcome === "seated");
      const waiting = outcomes.filter((o) => o.outcome === "waiting");
      expect(seated).toHaveLength(5);
      expect(waiting).toHaveLength(15);
      const rows = await signupsOf(shift.id);
      expect(rows).toHaveLength(20);
      expect(new Set(rows.map((row) => row.email)).size).toBe(20);
      expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
      expect(rows.slice(0, 5).every((row) => row.status === "seated")).toBe(true);
      expect(rows.slice(5).every((row) => row.status === "waiting")).toBe(true);
      // Waitlist places 1 to 15 without a gap, in the order the sign-ups were served.
      const byPlace = [...waiting].sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
      expect(byPlace.map((o) => o.place)).toEqual(Array.from({ length: 15 }, (_, n) => n + 1));
      expect(byPlace.map((o) => o.position)).toEqual(rows.slice(5).map((row) => row.position));
      expect(byPlace.map((o) => o.email)).toEqual(rows.slice(5).map((row) => row.email));
      expect(seated.map((o) => o.position).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
        1, 2, 3, 4, 5,
      ]);
      expect(await mailsOfKind("shift-seated")).toHaveLength(5);
      expect(await mailsOfKind("shift-waiting")).toHaveLength(15);
    } finally {
      stopAll(processes);
    }
  });
});
