// `npm run db:migrate`: applies the migrations to the configured database (DATABASE_URL or PGlite).
import { database } from "#app/db/client.server";
import { configureDatabaseFromEnv } from "../server/startup";

configureDatabaseFromEnv();
const handle = database();
await handle.migrate();
console.log(`Migrations applied (${handle.kind}).`);
await handle.close();
