// `npm run services:import` beside a running site (docs/decisions/163-page-topics-and-finder-freshness.md):
// on PostgreSQL the site's cached finder pages drop within seconds; on PGlite the command refuses
// while the site holds the embedded database.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { servicesDataVersion } from "#app/features/services/services.server";
import { PageCache } from "../../server/page-cache/store";
import { watchServicesVersion } from "../../server/services-freshness";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/fixtures/hsds/houston-directory.json");

async function importCommand(env: Record<string, string>, ...args: string[]) {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/services-import.ts", ...args],
      { cwd: ROOT, env: { ...base, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the import command and a running site", () => {
  test("PGlite: refused, naming the process, while the site holds the database", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "services-cli-"));
    try {
      mkdirSync(path.join(dataDir, "db"));
      // This test's process stands for the site.
      writeFileSync(path.join(dataDir, "db", "site.pid"), String(process.pid));
      const result = await importCommand({ DATA_DIR: dataDir }, FIXTURE);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `The site (process ${process.pid}) is running on the embedded database`,
      );
      expect(result.stderr).toContain("Services tab");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test.runIf(process.env.TEST_DB === "postgres")(
    "PostgreSQL: the site's cached finder page drops within seconds of an import",
    async () => {
      const cache = new PageCache({
        pages: new Map([["/find-help", ["services"]]]),
        launchAt: () => "2025-04-24T00:00",
        render: async () => ({
          status: 200,
          contentType: "text/html",
          setsCookie: false,
          body: Buffer.from("finder"),
        }),
      });
      const stop = watchServicesVersion(
        servicesDataVersion,
        () => cache.invalidate("services"),
        200,
      );
      try {
        await cache.get("/find-help");
        // Let the watcher read the version before the import.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(cache.peek("/find-help")).toBeDefined();
        const dataDir = mkdtempSync(path.join(os.tmpdir(), "services-cli-"));
        const result = await importCommand(
          { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" },
          FIXTURE,
        );
        rmSync(dataDir, { recursive: true, force: true });
        expect(result.stdout).toContain("Imported 4 services");
        const deadline = Date.now() + 3000;
        while (cache.peek("/find-help") && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(cache.peek("/find-help")).toBeUndefined();
      } finally {
        stop();
      }
    },
  );
});
