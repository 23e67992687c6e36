import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where `npm run build` leaves an initialised, migrated embedded database (scripts/database-template.ts). */
export const EMBEDDED_TEMPLATE_FOLDER = "database-template";

/**
 * The build's template database, beside the bundled server (build/server/ -> build/); none when
 * the app runs from source.
 */
function findEmbeddedTemplate(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 3; level++) {
    const candidate = path.join(dir, EMBEDDED_TEMPLATE_FOLDER);
    if (existsSync(path.join(candidate, "PG_VERSION"))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * A new embedded database starts as a copy of the build's template: initdb runs a second
 * PostgreSQL inside the process and peaks near 690 MB, a copy never does
 * (docs/decisions/219-first-start-from-a-template.md). Copied beside, then renamed into place, so
 * a start cut short leaves no half-made database.
 */
export function provisionFromTemplate(dir: string) {
  const template = findEmbeddedTemplate();
  if (!template || existsSync(path.join(dir, "PG_VERSION"))) return;
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  const copy = `${dir}.template-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(copy, dir);
}
