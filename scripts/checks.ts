/**
 * `npm test`: the project's checks, one after another, stopping at the first that fails; then each
 * one's minutes, so a slow check shows itself (docs/decisions/220-checks-that-fit.md).
 * The type check and the linter run side by side: the type check keeps one processor busy, and
 * neither writes what the other reads (docs/decisions/261-checks-with-room-to-spare.md).
 * The production build runs beside the unit and integration tests, which never read it: alone it
 * kept one processor of two busy for half a minute, and the other idle. `npm run budget` then
 * weighs each page's first-visit JavaScript in that build against bench/budgets.ts, in a second
 * and before the minutes of the end-to-end tests (docs/decisions/264-first-visit-budgets.md).
 * The end-to-end tests then run on that build (`npm run test:e2e` alone builds first). The
 * reliability tests, the bench's smoke and the load test run side by side on the build: each mostly
 * waits on the servers it starts, and one after the other left a third of the processors idle
 * (docs/decisions/259-lighter-checks.md). Each one's output is printed after the first's.
 * The load test soaks for 30 s here (`SOAK_SECONDS`), its memory sampled every 2.5 s; `npm run
 * test:load` alone keeps its 300 s (docs/decisions/261-checks-with-room-to-spare.md).
 * With CHECKS_TIMES set (bash .ci/run sets it), each phase's line is also appended to that file.
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

/** A check: its name in the minutes, and the command that runs it. */
interface Check {
  label: string;
  command: [program: string, ...args: string[]];
}

const npmRun = (script: string): Check => ({ label: script, command: ["npm", "run", script] });

const STEPS: Check[][] = [
  [npmRun("typecheck"), npmRun("lint")],
  [npmRun("test:unit"), npmRun("build")],
  [npmRun("budget")],
  [{ label: "test:e2e on the build", command: ["npx", "playwright", "test"] }],
  [npmRun("test:reliability"), npmRun("bench:smoke"), npmRun("test:load")],
];

const SOAK_SECONDS = process.env.SOAK_SECONDS ?? "30";

interface Finished {
  phase: string;
  minutes: number;
  passed: boolean;
}

/** Runs the check's command, its output live, or kept in `output`. */
function run(
  { command: [program, ...args] }: Check,
  { live, label }: { live: boolean; label: string },
): Promise<Finished & { output: Buffer }> {
  const started = performance.now();
  const child = spawn(program, args, {
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, SOAK_SECONDS },
  });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      const minutes = (performance.now() - started) / 60_000;
      if (process.env.CHECKS_TIMES) {
        appendFileSync(
          process.env.CHECKS_TIMES,
          `npm test: ${label}\t${minutes.toFixed(1)}\t${status === 0 ? "passed" : "FAILED"}\n`,
        );
      }
      resolve({ phase: label, minutes, passed: status === 0, output: Buffer.concat(output) });
    });
  });
}

const finished: Finished[] = [];
for (const step of STEPS) {
  const results = await Promise.all(
    step.map((check, index) =>
      index === 0
        ? run(check, { live: true, label: check.label })
        : run(check, { live: false, label: `${check.label} (beside)` }),
    ),
  );
  for (const { output, ...result } of results) {
    process.stdout.write(output);
    finished.push(result);
  }
  if (results.some(({ passed }) => !passed)) break;
}

console.log("\nnpm test, minutes per phase:");
for (const { phase, minutes, passed } of finished) {
  console.log(
    `  ${phase.padEnd(26)} ${minutes.toFixed(1).padStart(5)}  ${passed ? "passed" : "FAILED"}`,
  );
}
process.exit(finished.every(({ passed }) => passed) ? 0 : 1);
