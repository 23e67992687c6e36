/**
 * `npm test`: the project's checks, one npm script after another, stopping at the first that
 * fails; then each one's minutes, so a slow check shows itself (docs/decisions/220-checks-that-fit.md).
 * The reliability tests, the bench's smoke and the load test run side by side on the build: each
 * mostly waits on the servers it starts, and one after the other left a third of the processors
 * idle (docs/decisions/259-lighter-checks.md). Each one's output is printed after the first's.
 * The load test soaks for 60 s here (`SOAK_SECONDS`); `npm run test:load` alone keeps its 300 s.
 * With CHECKS_TIMES set (bash .ci/run sets it), each phase's line is also appended to that file.
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

const STEPS = [
  ["typecheck"],
  ["lint"],
  ["test:unit"],
  ["test:e2e"],
  ["test:reliability", "bench:smoke", "test:load"],
] as const;

const SOAK_SECONDS = process.env.SOAK_SECONDS ?? "60";

interface Finished {
  phase: string;
  minutes: number;
  passed: boolean;
}

/** Runs `npm run <phase>`, its output live, or kept in `output`. */
function run(
  phase: string,
  { live, label = phase }: { live: boolean; label?: string },
): Promise<Finished & { output: Buffer }> {
  const started = performance.now();
  const child = spawn("npm", ["run", phase], {
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
    step.map((phase, index) =>
      index === 0
        ? run(phase, { live: true })
        : run(phase, { live: false, label: `${phase} (beside)` }),
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
