// `npm run db:seed`: adds the sample resources, and the sample services when there are none, to the
// configured database (after migrating it).
import { database } from "#app/db/client.server";
import { seedSampleResources } from "#app/features/library/seed.server";
import { seedSampleServices } from "#app/features/services/seed.server";
import { configureDatabaseFromEnv } from "../server/startup";

configureDatabaseFromEnv();
const handle = database();
await handle.migrate();
await seedSampleResources(handle.db);
console.log(`Sample resources added (${handle.kind}).`);
console.log(`Sample services added: ${await seedSampleServices()}.`);
await handle.close();
