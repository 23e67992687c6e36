import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { env } from "#app/lib/env.server";
import * as schema from "./schema";

/** The one query interface the app uses, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
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

export function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePostgres(pool, { schema }) as NodePgDatabase<typeof schema>;
    return {
      db: db as unknown as Database,
      kind: "postgres",
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as PgliteDatabase<typeof schema>;
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

// Kept on globalThis so a dev-server module reload reuses the open database.
const holder = globalThis as typeof globalThis & { __database?: DatabaseHandle };

/** The database configured by DATABASE_URL, or the embedded PGlite under DATA_DIR. */
export function database(): DatabaseHandle {
  holder.__database ??= openDatabase({
    databaseUrl: env().DATABASE_URL,
    pgliteDir: path.join(env().DATA_DIR, "db"),
  });
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

export async function isDatabaseUp(): Promise<boolean> {
  try {
    await db().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
