import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { provisionFromTemplate } from "./embedded-template.server";
import {
  type DatabaseLog,
  databaseUnavailable,
  endOutage,
  reportDatabaseError,
  setOutageLog,
} from "./outage";
import * as schema from "./schema";

/** The one query interface the app uses, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations; on PostgreSQL under a lock, so processes starting together take turns. */
  migrate(): Promise<void>;
  /**
   * Runs `task` while no other process runs a task under the same lock key
   * (docs/decisions/121-startup-under-advisory-locks.md).
   */
  exclusively<T>(lockKey: number, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` on a session free of the pool's statement and read timeouts: maintenance that may
   * outlast a request, such as building an index over a large table.
   */
  withoutTimeouts<T>(task: (session: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Asks the database for a trivial answer, also during a known outage (its probe). */
  ping(): Promise<void>;
}

/** Advisory lock keys of the start-up steps two app processes must not run at the same moment. */
export const STARTUP_LOCKS = { migrations: 727_100, firstAdmin: 727_101 } as const;

/**
 * Runs `task` on a PostgreSQL session of its own, outside the pool and so free of its statement
 * and read timeouts, and ends the session after it, whether or not the task succeeds.
 */
async function withOwnSession<T>(
  connectionString: string,
  task: (session: pg.Client) => Promise<T>,
): Promise<T> {
  const session = new pg.Client({
    connectionString,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionMs,
  });
  session.on("error", reportError);
  await session.connect();
  try {
    return await task(session);
  } finally {
    await session.end();
  }
}

/**
 * Holds a PostgreSQL advisory lock on a session of its own (free of the pool's statement timeout
 * while it waits its turn) for as long as `task` runs. Ending the session releases the lock even
 * if the task fails.
 */
function withAdvisoryLock<T>(
  connectionString: string,
  lockKey: number,
  task: (session: pg.Client) => Promise<T>,
): Promise<T> {
  return withOwnSession(connectionString, async (session) => {
    await session.query("select pg_advisory_lock($1)", [lockKey]);
    return task(session);
  });
}

/**
 * Migrations live in ./drizzle at the project root; this module runs from app/db/ as source and
 * from build/server/assets/ once bundled, so the folder is found by walking up.
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The drizzle/ migrations folder was not found");
    dir = parent;
  }
}

const migrationsFolder = findMigrationsFolder();

/**
 * Bounds on every PostgreSQL wait, so no request hangs past 10 s when the server is gone or stuck
 * (docs/decisions/120-database-outage.md): connecting, one statement on the server, and the
 * client-side read of its answer.
 */
export const POSTGRES_TIMEOUTS = {
  connectionMs: 3000,
  statementMs: 8000,
  queryMs: 8500,
};

/**
 * A pool that never crashes the process: a connection the server drops ("Connection terminated
 * unexpectedly") is an `error` event on the pool or on a client checked out between two queries,
 * and an unheard `error` event kills Node. Both are heard and reported; failed queries too.
 * While an outage is known, a query fails at once: a page that runs its queries one after another
 * would otherwise wait out a timeout for each, past the 10 s a request may take. `ping` is the
 * probe's way through.
 */
function monitoredPool(connectionString: string): { pool: pg.Pool; ping(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  pool.on("error", reportError);
  pool.on("connect", (client) => client.on("error", reportError));
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (databaseUnavailable()) {
      return Promise.reject(new Error("Database unavailable: not queried during a known outage"));
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(reportError);
    return result;
  }) as typeof pool.query;
  return {
    pool,
    ping: async () => {
      await query("select 1");
    },
  };
}

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
class DrizzlePGlite extends PGlite {
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

export function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  /**
   * An archive of an initialised, migrated data folder (`dumpDataDir`) that a new embedded
   * database starts from instead of running initdb: the tests' in-memory databases.
   */
  pgliteTemplate?: Blob;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const { pool, ping } = monitoredPool(options.databaseUrl);
    const db = drizzlePostgres(pool, { schema }) as NodePgDatabase<typeof schema>;
    const connectionString = options.databaseUrl;
    return {
      db: db as unknown as Database,
      kind: "postgres",
      // On the lock's own session: a long migration is not cut by the pool's statement timeout.
      migrate: () =>
        withAdvisoryLock(connectionString, STARTUP_LOCKS.migrations, (session) =>
          migratePostgres(drizzlePostgres(session), { migrationsFolder }),
        ),
      exclusively: (lockKey, task) => withAdvisoryLock(connectionString, lockKey, task),
      withoutTimeouts: (task) =>
        withOwnSession(connectionString, (session) =>
          task(drizzlePostgres(session, { schema }) as unknown as Database),
        ),
      close: () => pool.end(),
      ping,
    };
  }
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) {
    mkdirSync(path.dirname(dir), { recursive: true });
    provisionFromTemplate(dir);
    mkdirSync(dir, { recursive: true });
  }
  const client = new DrizzlePGlite(dir, {
    extensions: PGLITE_EXTENSIONS,
    startParams: PGLITE_START_PARAMS,
    loadDataDir: options.pgliteTemplate,
  });
  const db = drizzlePglite(client, { schema }) as PgliteDatabase<typeof schema>;
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns an embedded database: there is nobody to take turns with.
    exclusively: (_lockKey, task) => task(),
    // The embedded engine has no timeouts to escape.
    withoutTimeouts: (task) => task(db as unknown as Database),
    close: () => client.close(),
    ping: async () => {
      await client.query("select 1");
    },
  };
}

/** Which database the app opens: PostgreSQL at `databaseUrl`, else the embedded one in `pgliteDir`. */
export interface DatabaseConfig {
  databaseUrl?: string;
  pgliteDir: string;
  log?: DatabaseLog;
}

// Kept on globalThis so a dev-server module reload reuses the open database.
const holder = globalThis as typeof globalThis & {
  __database?: DatabaseHandle;
  __databaseConfig?: DatabaseConfig;
};

/** Names the database `database()` opens on first use; startup and the command-line scripts call it. */
export function configureDatabase(config: DatabaseConfig) {
  holder.__databaseConfig = config;
  if (config.log) setOutageLog(config.log);
}

/** The configured database, opened on first use. */
export function database(): DatabaseHandle {
  if (!holder.__database) {
    const config = holder.__databaseConfig;
    if (!config) throw new Error("No database configured: call configureDatabase() first");
    holder.__database = openDatabase(config);
  }
  return holder.__database;
}

export function db(): Database {
  return database().db;
}

/** Lets the test harness point the app at the database it prepared. */
export function installDatabase(handle: DatabaseHandle) {
  holder.__database = handle;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function selectRows<Row>(query: SQL, database: Database = db()): Promise<Row[]> {
  const result = (await database.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Any database error: a lost connection starts an outage, probed with `isDatabaseUp` until it ends. */
function reportError(error: unknown) {
  reportDatabaseError(error, isDatabaseUp);
}

/** Asks the database for a trivial answer; a good answer also ends a known outage. */
export async function isDatabaseUp(): Promise<boolean> {
  try {
    await database().ping();
    endOutage();
    return true;
  } catch {
    return false;
  }
}

export { databaseUnavailable, isConnectionError } from "./outage";
export { type DatabaseLog, schema };
