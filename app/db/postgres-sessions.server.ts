import pg from "pg";
import { databaseUnavailable } from "./outage";

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

/** What a PostgreSQL server offers the app: its pool, its probe, and sessions of their own. */
export interface PostgresSessions {
  pool: pg.Pool;
  /** Asks for a trivial answer, also during a known outage (the probe's way through). */
  ping(): Promise<void>;
  /**
   * Runs `task` on a session of its own, outside the pool and so free of its statement and read
   * timeouts, and ends the session after it, whether or not the task succeeds.
   */
  withOwnSession<T>(task: (session: pg.Client) => Promise<T>): Promise<T>;
  /**
   * Holds an advisory lock on a session of its own (free of the pool's statement timeout while it
   * waits its turn) for as long as `task` runs. Ending the session releases the lock even if the
   * task fails.
   */
  withAdvisoryLock<T>(lockKey: number, task: (session: pg.Client) => Promise<T>): Promise<T>;
}

/**
 * Connects to the server at `connectionString` with a pool that never crashes the process: a
 * connection the server drops ("Connection terminated unexpectedly") is an `error` event on the
 * pool or on a client checked out between two queries, and an unheard `error` event kills Node.
 * Both go to `onError`; failed queries too. While an outage is known, a query fails at once: a
 * page that runs its queries one after another would otherwise wait out a timeout for each, past
 * the 10 s a request may take.
 */
export function postgresSessions(
  connectionString: string,
  onError: (error: unknown) => void,
): PostgresSessions {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (databaseUnavailable()) {
      return Promise.reject(new Error("Database unavailable: not queried during a known outage"));
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(onError);
    return result;
  }) as typeof pool.query;

  async function withOwnSession<T>(task: (session: pg.Client) => Promise<T>): Promise<T> {
    const session = new pg.Client({
      connectionString,
      connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionMs,
    });
    session.on("error", onError);
    await session.connect();
    try {
      return await task(session);
    } finally {
      await session.end();
    }
  }

  return {
    pool,
    ping: async () => {
      await query("select 1");
    },
    withOwnSession,
    withAdvisoryLock: (lockKey, task) =>
      withOwnSession(async (session) => {
        await session.query("select pg_advisory_lock($1)", [lockKey]);
        return task(session);
      }),
  };
}
