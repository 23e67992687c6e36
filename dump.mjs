import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { writeFileSync } from "node:fs";
const db = new PGlite("/tmp/tpldir", { extensions: { pg_trgm, unaccent } });
const f = await db.dumpDataDir("none");
writeFileSync("/tmp/tpl.tar", Buffer.from(await f.arrayBuffer()));
await db.close();
