// `npm run services:import -- <file or directory>...`: imports HSDS 3.0 services (one JSON file, or
// the tabular CSV files of a directory) into the configured database, all or nothing
// (docs/decisions/162-hsds-import.md). The site shows them within seconds
// (docs/decisions/163-page-topics-and-finder-freshness.md).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import { database } from "#app/db/client.server";
import { importServiceTexts } from "#app/features/services/hsds/upload.server";
import { env } from "#app/lib/env.server";
import { embeddedDatabaseOwner } from "../server/embedded-database-owner";
import { INVALIDATION_CHANNEL } from "../server/page-cache/invalidation";
import { configureDatabaseFromEnv } from "../server/startup";

function filesOf(args: string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const arg of args) {
    const stat = statSync(arg, { throwIfNoEntry: false });
    if (!stat) throw new Error(`No such file or directory: ${arg}`);
    const paths = stat.isDirectory()
      ? readdirSync(arg)
          .filter((name) => /\.(json|csv)$/i.test(name))
          .map((name) => path.join(arg, name))
      : [arg];
    for (const file of paths) files.set(path.basename(file), readFileSync(file, "utf8"));
  }
  return files;
}

/** Other app processes drop their finder pages at once (they also poll on PostgreSQL). */
async function announce(redisUrl: string) {
  const redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  try {
    await redis.publish(INVALIDATION_CHANNEL, "services");
  } catch (error) {
    console.warn(`Redis not told (${(error as Error).message}); the site notices within seconds.`);
  } finally {
    redis.disconnect();
  }
}

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error("Usage: npm run services:import -- <file.json | directory of HSDS .csv files>");
  process.exit(2);
}
const config = env();
if (!config.DATABASE_URL) {
  const owner = embeddedDatabaseOwner(config.DATA_DIR);
  if (owner) {
    console.error(
      `The site (process ${owner}) is running on the embedded database in ${config.DATA_DIR}; only that process may open it. Stop the site and run this again, or import the file from the dashboard: Services tab, Import.`,
    );
    process.exit(1);
  }
}
let files: Map<string, string>;
try {
  files = filesOf(args);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
configureDatabaseFromEnv();
const handle = database();
await handle.migrate();
const outcome = await importServiceTexts(files);
await handle.close();
if (!outcome.ok) {
  console.error(outcome.message);
  process.exit(1);
}
const { summary } = outcome;
console.log(
  `Imported ${summary.services} services, ${summary.organizations} organizations, ${summary.locations} locations, ${summary.serviceAtLocations} services at locations, ${summary.phones} phones, ${summary.schedules} schedules (${handle.kind}).${summary.leftOut ? ` Left out ${summary.leftOut} phones of contacts only.` : ""}`,
);
if (config.REDIS_URL) await announce(config.REDIS_URL);
