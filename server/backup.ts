import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "#app/db/embedded-engine.server";
import { now } from "#app/lib/clock.server";

const run = promisify(execFile);

/** What a backup folder holds (docs/decisions/124-backup-and-restore.md). */
export interface BackupManifest {
  format: 1;
  kind: "pglite" | "postgres";
  createdAt: string;
  /** Stored files copied from DATA_DIR/uploads. */
  files: number;
}

export interface BackupTarget {
  /** PostgreSQL when set, else the embedded database under DATA_DIR/db. */
  databaseUrl?: string;
  dataDir: string;
}

const DATABASE_FILE = { pglite: "database.tar.gz", postgres: "database.dump" } as const;
const MANIFEST = "manifest.json";

const uploadsOf = (dataDir: string) => path.join(dataDir, "uploads");
/** Staged files (storage/local.server.ts) are not uploads yet: never backed up or restored. */
const isCommittedFile = (source: string) => !path.basename(source).startsWith(".");

async function pgTool(tool: "pg_dump" | "pg_restore", args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new Error(
        `${tool} was not found: install the PostgreSQL client tools (same major version as the server or newer).`,
      );
    }
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/**
 * Writes the database and the stored files into `outDir`, which must not exist yet. PostgreSQL is
 * dumped with pg_dump (consistent while the app runs); PGlite is copied with its own dump, which
 * needs the app stopped (one process per embedded database).
 */
export async function backup(target: BackupTarget, outDir: string): Promise<BackupManifest> {
  if (existsSync(outDir)) throw new Error(`${outDir} already exists; choose a new folder.`);
  await mkdir(outDir, { recursive: true });
  const kind = target.databaseUrl ? "postgres" : "pglite";
  const databaseFile = path.join(outDir, DATABASE_FILE[kind]);
  if (target.databaseUrl) {
    await pgTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${databaseFile}`,
      target.databaseUrl,
    ]);
  } else {
    const client = new PGlite(path.join(target.dataDir, "db"), { extensions: PGLITE_EXTENSIONS });
    try {
      await client.waitReady; // the dump does not wait for the engine to start
      const dump = await client.dumpDataDir("gzip");
      await writeFile(databaseFile, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  let files = 0;
  if (existsSync(uploadsOf(target.dataDir))) {
    await cp(uploadsOf(target.dataDir), path.join(outDir, "uploads"), {
      recursive: true,
      filter: isCommittedFile,
    });
    files = (await readdir(path.join(outDir, "uploads"))).length;
  }
  const manifest: BackupManifest = { format: 1, kind, createdAt: now().toISOString(), files };
  await writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Moves a folder aside (never deletes it): a restore onto the wrong place can be undone. */
async function setAside(folder: string, stamp: string): Promise<string | null> {
  if (!existsSync(folder)) return null;
  const aside = `${folder}.before-restore-${stamp}`;
  await rename(folder, aside);
  return aside;
}

/**
 * Puts a backup back: the database (PostgreSQL: pg_restore --clean in one transaction; PGlite: a
 * new data folder) and the stored files. What was there before is kept beside it, renamed. The app
 * must be stopped.
 */
export async function restore(target: BackupTarget, fromDir: string): Promise<string[]> {
  const manifest = JSON.parse(
    await readFile(path.join(fromDir, MANIFEST), "utf8"),
  ) as BackupManifest;
  const kind = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.format !== 1 || manifest.kind !== kind) {
    throw new Error(
      `This backup is of a ${manifest.kind} database; the configuration points at ${kind} (set or unset DATABASE_URL).`,
    );
  }
  const stamp = now().toISOString().replace(/[:.]/g, "-");
  const keptAside: string[] = [];
  const databaseFile = path.join(fromDir, DATABASE_FILE[kind]);
  if (target.databaseUrl) {
    await pgTool("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${target.databaseUrl}`,
      databaseFile,
    ]);
  } else {
    const dbDir = path.join(target.dataDir, "db");
    const aside = await setAside(dbDir, stamp);
    if (aside) keptAside.push(aside);
    const dump = new Blob([new Uint8Array(await readFile(databaseFile))]);
    const client = new PGlite(dbDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
    await client.query("select 1");
    await client.close();
  }
  const uploadsAside = await setAside(uploadsOf(target.dataDir), stamp);
  if (uploadsAside) keptAside.push(uploadsAside);
  await mkdir(uploadsOf(target.dataDir), { recursive: true });
  if (existsSync(path.join(fromDir, "uploads"))) {
    await cp(path.join(fromDir, "uploads"), uploadsOf(target.dataDir), { recursive: true });
  }
  return keptAside;
}
