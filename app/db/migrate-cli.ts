// `npm run db:migrate`: applies the migrations to the configured database (DATABASE_URL or PGlite).
import { database } from "./client.server";

const handle = database();
await handle.migrate();
console.log(`Migrations applied (${handle.kind}).`);
await handle.close();
