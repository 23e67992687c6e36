import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite lives inside one process: a second process opening the same files would corrupt them
 * (docs/decisions/163-page-topics-and-finder-freshness.md). The site writes its process id next
 * to the embedded database while it runs, so a command-line tool can refuse instead.
 */

function ownerFile(dataDir: string): string {
  return path.join(dataDir, "db", "site.pid");
}

/** Called by the site once it has opened the embedded database; the file goes when it exits. */
export function markEmbeddedDatabaseOwner(dataDir: string) {
  const file = ownerFile(dataDir);
  try {
    // The folder exists when the database is on disk; an in-memory one (tests) may have none.
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, String(process.pid));
  } catch {
    // A read-only data folder must not stop the site; the command then cannot tell it runs.
    return;
  }
  process.once("exit", () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  });
}

/** The id of another live process serving the embedded database in `dataDir`, or null. */
export function embeddedDatabaseOwner(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(ownerFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but another user's; ESRCH: gone (a crash left the file behind).
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
