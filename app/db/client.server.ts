import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { DrizzlePGlite, PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "./embedded-engine.server";
import { provisionFromTemplate } from "./embedded-template.server";
import { type DatabaseLog, endOutage, reportDatabaseError, setOutageLog } from "./outage";
import { postgresSessions } from "./postgres-sessions.server";
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
    const postgres = postgresSessions(options.databaseUrl, reportError);
    const db = drizzlePostgres(postgres.pool, { schema }) as NodePgDatabase<typeof schema>;
    return {
      db: db as unknown as Database,
      kind: "postgres",
      // On the lock's own session: a long migration is not cut by the pool's statement timeout.
      migrate: () =>
        postgres.withAdvisoryLock(STARTUP_LOCKS.migrations, (session) =>
          migratePostgres(drizzlePostgres(session), { migrationsFolder }),
        ),
      exclusively: (lockKey, task) => postgres.withAdvisoryLock(lockKey, task),
      withoutTimeouts: (task) =>
        postgres.withOwnSession((session) =>
          task(drizzlePostgres(session, { schema }) as unknown as Database),
        ),
      close: () => postgres.pool.end(),
      ping: postgres.ping,
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
