import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * What the embedded engine loads; pg_trgm and unaccent: accent-insensitive search
 * (docs/decisions/102-search-indexes.md).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * The embedded engine's memory (docs/decisions/103-server-memory-and-start.md): PostgreSQL's
 * defaults assume a server of its own (128 MB of shared buffers, 64 MB for index builds), all of it
 * inside this process's WebAssembly heap, which never shrinks. Given on the command line, never
 * written into postgresql.conf: every opening (the app, backups, restores, the tests' readers) sees
 * the data folder initdb made.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "1MB",
};

export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
];

/**
 * PGlite as drizzle uses it. Drizzle's driver passes the same parsers with every query (dates,
 * times and intervals kept as text: node_modules/drizzle-orm/pglite/session.js), and PGlite copies
 * its 318 own parsers into a new object to merge them, for each query: in a CPU profile of the
 * search page, about 3% of the main thread. Installed on the client when first seen, they are not
 * passed again. Only drizzle queries this client, always with those parsers.
 */
export class DrizzlePGlite extends PGlite {
  readonly #installedParsers = new Set<string>();

  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    if (!parsers) return super.query<T>(query, params, options);
    // After the start, whose last step sets the array types' parsers: drizzle's must win.
    await this.waitReady;
    const types = Object.keys(parsers);
    if (types.some((type) => !this.#installedParsers.has(type))) {
      Object.assign(this.parsers, parsers);
      for (const type of types) this.#installedParsers.add(type);
    }
    return super.query<T>(query, params, { ...options, parsers: undefined });
  }
}
