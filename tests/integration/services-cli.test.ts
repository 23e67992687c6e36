// `npm run services:import` beside a running site on the embedded database
// (docs/decisions/163-page-topics-and-finder-freshness.md): the command refuses while the site
// holds it. On PostgreSQL: services-cli.postgres.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { FIXTURE, importCommand } from "./services-cli-helpers";

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
});
