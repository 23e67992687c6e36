// One app process signing people up for a shift (shifts-processes.postgres.test.ts): its own
// connection pool on DATABASE_URL, the product's own sign-up service. It says "ready" once its pool
// holds a connection per person, waits for "go" on stdin, signs everyone up at once and prints the
// outcomes as one JSON line.
// Usage: node --import tsx tests/integration/shifts-signup-process.ts <shift id> <email>...
import { sql } from "drizzle-orm";
import { database, db } from "#app/db/client.server";
import { signUp } from "#app/features/shifts/seats.server";
import { stopOutboxWorker } from "#app/lib/outbox.server";
import { configureDatabaseFromEnv } from "../../server/startup";
import { readyForGo } from "./released-together";

const [shiftId, ...emails] = process.argv.slice(2);
configureDatabaseFromEnv();

// Each sign-up then starts on a connection already open, so none is held back by the pool's start.
await Promise.all(emails.map(() => db().execute(sql`select pg_sleep(0.05)`)));
await readyForGo();

const results = await Promise.all(
  emails.map(async (email) => {
    const result = await signUp(
      shiftId,
      { name: email, email, adult: true, acknowledged: true },
      "en",
    );
    return {
      email,
      outcome: result.outcome,
      position: "signup" in result ? result.signup.position : null,
      place: "place" in result ? result.place : null,
    };
  }),
);
// The mail the sign-ups queued is delivered (to DATA_DIR) before the pool closes.
await stopOutboxWorker();
await database().close();
process.stdout.write(`${JSON.stringify(results)}\n`);
