// `npm run db:backup [-- <folder>]`: the database and the stored files into a new folder
// (default ./backups/<time>). See docs/operations.md and docs/decisions/124-backup-and-restore.md.
import path from "node:path";
import { env } from "#app/lib/env.server";
import { backup } from "../server/backup";

const config = env();
const outDir =
  process.argv[2] ?? path.join("backups", new Date().toISOString().replace(/[:.]/g, "-"));
try {
  const manifest = await backup(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
    outDir,
  );
  console.log(`Backup of the ${manifest.kind} database and ${manifest.files} files in ${outDir}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
