// One app process sending newsletters (newsletters-processes.postgres.test.ts): its own connection
// pool on DATABASE_URL, the product's own sending code. It says "ready", waits for "go" on stdin,
// claims batches for the minute of <instant> until none is left for it, then for the next minute,
// and prints how many mails it queued in each as one JSON line. Mail stays in the outbox.
// Usage: node --import tsx tests/integration/newsletters-send-process.ts <instant>
import { sql } from "drizzle-orm";
import { database, db } from "#app/db/client.server";
import { sendBatch } from "#app/features/newsletters/sending.server";
import { stopMailDelivery } from "#app/lib/outbox.server";
import { configureDatabaseFromEnv } from "../../server/startup";
import { readyForGo } from "./released-together";

const at = new Date(process.argv[2]);
configureDatabaseFromEnv();
await stopMailDelivery();
await db().execute(sql`select 1`);
await readyForGo();

const queued: number[] = [];
for (const minute of [at, new Date(at.getTime() + 60_000)]) {
  let total = 0;
  for (let batch = await sendBatch(minute); batch > 0; batch = await sendBatch(minute)) {
    total += batch;
  }
  queued.push(total);
}
await database().close();
process.stdout.write(`${JSON.stringify(queued)}\n`);
