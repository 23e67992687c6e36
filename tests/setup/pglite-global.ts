/**
 * The PGlite suite's template: one in-memory database initialised and migrated once per run, its
 * data folder archived to a file. Each test file's database starts from that archive instead of
 * running initdb and every migration again (docs/decisions/218-test-databases-from-a-template.md);
 * both PGlite projects share it (./run-template.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/client.server";
import { runTemplate } from "./run-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The archive of an initialised, migrated PGlite data folder. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await runTemplate("pglite", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
    const handle = openDatabase({ pgliteDir: "memory://" });
    await handle.migrate();
    const archive = path.join(folder, "template.tar");
    // Drizzle's PGlite database keeps its client as $client.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    writeFileSync(archive, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    return { name: archive, remove: async () => rmSync(folder, { recursive: true, force: true }) };
  });
  project.provide("pgliteTemplate", template.name);
  return template.release;
}
