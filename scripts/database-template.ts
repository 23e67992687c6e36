/**
 * Runs at the end of `npm run build`: makes the embedded database a first start copies instead of
 * running initdb, initialised and migrated, in <build>/database-template/
 * (docs/decisions/219-first-start-from-a-template.md).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/db/client.server";
import { EMBEDDED_TEMPLATE_FOLDER } from "#app/db/embedded-template.server";

const folder = path.join(process.env.BUILD_DIR ?? "build", EMBEDDED_TEMPLATE_FOLDER);
rmSync(folder, { recursive: true, force: true });
const handle = openDatabase({ pgliteDir: folder });
await handle.migrate();
await handle.close();
console.log(`database template: ${folder}`);
