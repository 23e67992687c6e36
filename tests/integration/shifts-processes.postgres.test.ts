// Seats are never oversold with several app processes serving (docs/decisions/237-volunteer-shifts.md):
// twenty sign-ups for the last five seats come from two separate Node processes, each with its own
// connection pool, released together. Run by the integration-postgres project only (vitest.config.ts).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, test } from "vitest";
import { insertShift, mailsOfKind, signupsOf } from "./shifts-helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Outcome {
  email: string;
  outcome: string;
  position: number | null;
  place: number | null;
}

/** A sign-up process for these addresses, and its output lines as they come. */
function signupProcess(shiftId: string, emails: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", "tests/integration/shifts-signup-process.ts", shiftId, ...emails],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: process.env.TEST_FILE_DATABASE_URL,
        REDIS_URL: "",
        LOG_LEVEL: "silent",
      },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  async function nextLine(): Promise<string> {
    const line = await lines.next();
    if (line.done) throw new Error(`sign-up process ended early: ${stderr}`);
    return line.value;
  }
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, nextLine, exited };
}

describe("a rush on the last seats from two app processes", () => {
  // Two processes start and load the app on a machine the other test files share.
  test("twenty at once for five seats: five seated, fifteen waiting in order, no duplicate", {
    timeout: 180_000,
  }, async () => {
    const shift = await insertShift({ seats: 5, waitlistLength: 20 });
    const emails = Array.from({ length: 20 }, (_, n) => `v${n}@example.org`);
    const processes = [
      signupProcess(shift.id, emails.slice(0, 10)),
      signupProcess(shift.id, emails.slice(10)),
    ];
    try {
      // The barrier: neither signs anyone up before both are ready.
      for (const { nextLine } of processes) expect(await nextLine()).toBe("ready");
      for (const { child } of processes) child.stdin.end("go\n");
      const outcomes = (
        await Promise.all(processes.map(async ({ nextLine }) => JSON.parse(await nextLine())))
      ).flat() as Outcome[];
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
      for (const { child } of processes) if (child.exitCode === null) child.kill();
    }
  });
});
