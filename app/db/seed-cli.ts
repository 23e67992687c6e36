// `npm run db:seed`: adds the sample resources to the configured database (after migrating it).
import { database } from "./client.server";
import { seedSampleResources } from "./seed.server";

const handle = database();
await handle.migrate();
await seedSampleResources(handle.db);
console.log(`Sample resources added (${handle.kind}).`);
await handle.close();
