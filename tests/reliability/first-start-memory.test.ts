/**
 * A first start fits a 512 MB host (docs/decisions/219-first-start-from-a-template.md): the
 * production build, with `npm run serve`'s memory settings, on a fresh DATA_DIR copies the build's
 * template database instead of running initdb, and its peak resident memory (VmHWM) after the
 * first page answers stays within 350 MB; so does a later start on the same data.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { SERVER_PEAK_MB } from "../../server/memory-watch";
import { type AppProcess, killApp, request, startApp, tempDir } from "./harness";

let app: AppProcess | undefined;
afterEach(() => killApp(app));

/** The process's highest resident memory so far, in MB. */
function peakMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/** Starts the app on `dataDir`, answers /home, and returns its peak; then stops it gracefully. */
async function startAndMeasure(dataDir: string): Promise<number> {
  app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  expect((await request(`${app.url}/home`)).status).toBe(200);
  const peak = peakMegabytes(Number(app.child.pid));
  app.child.kill("SIGTERM");
  expect(await app.exited).toBe(0);
  return peak;
}

test(`a first start on a fresh DATA_DIR, and the next, peak within ${SERVER_PEAK_MB} MB`, async () => {
  const dataDir = tempDir("first-start");
  const first = await startAndMeasure(dataDir);
  // The database is the template's copy, whole and in place, with nothing left beside it.
  expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
  expect(readdirSync(dataDir).filter((name) => name.startsWith("db."))).toEqual([]);
  expect(first).toBeLessThanOrEqual(SERVER_PEAK_MB);
  const later = await startAndMeasure(dataDir);
  expect(later).toBeLessThanOrEqual(SERVER_PEAK_MB);
});
