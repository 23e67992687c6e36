// `npm run db:restore -- <folder>`: puts a backup made by `npm run db:backup` back, with the app
// stopped. What was there before is kept beside it. See docs/operations.md,
// docs/decisions/124-backup-and-restore.md.

import { env } from "#app/lib/env.server";
import { restore } from "../server/backup";

const fromDir = process.argv[2];
if (!fromDir) {
  console.error("Usage: npm run db:restore -- <backup folder>");
  process.exit(1);
}
const config = env();
try {
  const keptAside = await restore(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
    fromDir,
  );
  console.log(`Restored ${fromDir}.`);
  for (const folder of keptAside) console.log(`The previous data is kept in ${folder}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
