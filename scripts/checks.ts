/**
 * `npm test`: the project's checks, one npm script after another, stopping at the first that
 * fails; then each one's minutes, so a slow check shows itself (docs/decisions/220-checks-that-fit.md).
 * With CHECKS_TIMES set (bash .ci/run sets it), each phase's line is also appended to that file.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";

const PHASES = [
  "typecheck",
  "lint",
  "test:unit",
  "test:e2e",
  "test:reliability",
  "bench:smoke",
] as const;

const finished: { phase: string; minutes: number; passed: boolean }[] = [];
for (const phase of PHASES) {
  const started = performance.now();
  const { status } = spawnSync("npm", ["run", phase], { stdio: "inherit" });
  const minutes = (performance.now() - started) / 60_000;
  finished.push({ phase, minutes, passed: status === 0 });
  if (process.env.CHECKS_TIMES) {
    appendFileSync(
      process.env.CHECKS_TIMES,
      `npm test: ${phase}\t${minutes.toFixed(1)}\t${status === 0 ? "passed" : "FAILED"}\n`,
    );
  }
  if (status !== 0) break;
}

console.log("\nnpm test, minutes per phase:");
for (const { phase, minutes, passed } of finished) {
  console.log(
    `  ${phase.padEnd(18)} ${minutes.toFixed(1).padStart(5)}  ${passed ? "passed" : "FAILED"}`,
  );
}
const total = finished.reduce((sum, { minutes }) => sum + minutes, 0);
console.log(`  ${"total".padEnd(18)} ${total.toFixed(1).padStart(5)}`);
process.exit(finished.every(({ passed }) => passed) ? 0 : 1);
