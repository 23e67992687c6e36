// One app process's round of scheduled publishing (pages-schedule.postgres.test.ts): its own
// connection pool on DATABASE_URL, the product's own round. It says "ready", waits for "go" on
// stdin, runs one round at the instant given and prints how many drafts it published.
// Usage: node --import tsx tests/integration/pages-publish-process.ts <ISO instant>
import { sql } from "drizzle-orm";
import { database, db } from "#app/db/client.server";
import { publishDuePages } from "#app/features/pages/pages.server";
import { configureDatabaseFromEnv } from "../../server/startup";
import { readyForGo } from "./released-together";

const [instant] = process.argv.slice(2);
configureDatabaseFromEnv();
await db().execute(sql`select 1`);
await readyForGo();
const published = await publishDuePages(new Date(instant));
await database().close();
process.stdout.write(`${published}\n`);
