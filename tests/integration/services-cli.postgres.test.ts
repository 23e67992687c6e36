// `npm run services:import` beside a running site on PostgreSQL
// (docs/decisions/163-page-topics-and-finder-freshness.md): the site's cached finder pages drop
// within seconds. Run by the integration-postgres project only (vitest.config.ts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { servicesDataVersion } from "#app/features/services/services.server";
import { PageCache } from "../../server/page-cache/store";
import { watchServicesVersion } from "../../server/services-freshness";
import { FIXTURE, importCommand } from "./services-cli-helpers";

describe("the import command and a running site on PostgreSQL", () => {
  test("the site's cached finder page drops within seconds of an import", async () => {
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
    const stop = watchServicesVersion(servicesDataVersion, () => cache.invalidate("services"), 200);
    try {
      await cache.get("/find-help");
      // Let the watcher read the version before the import.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(cache.peek("/find-help")).toBeDefined();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "services-cli-"));
      const result = await importCommand(
        { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_FILE_DATABASE_URL ?? "" },
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
  });
});
