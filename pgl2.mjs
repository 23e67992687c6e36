import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { readFileSync } from "node:fs";
const reuse = process.argv[2] === "reuse";
const tpl = process.argv[3];
const bytes = readFileSync("node_modules/@electric-sql/pglite/dist/pglite.wasm");
let mod;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now(); const c0 = process.cpuUsage();
  if (reuse) mod ??= await WebAssembly.compile(bytes);
  const db = new PGlite("memory://", { extensions: { pg_trgm, unaccent }, loadDataDir: new Blob([readFileSync(tpl)]), ...(reuse ? { pgliteWasmModule: mod } : {}) });
  await db.query("select count(*) from users");
  const c = process.cpuUsage(c0);
  console.log(reuse ? "reuse" : "fresh", ((performance.now() - t0)/1000).toFixed(2), "s wall", ((c.user + c.system)/1e6).toFixed(2), "s cpu");
  await db.close();
}
