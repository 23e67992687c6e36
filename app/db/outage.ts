/**
 * Database outages (docs/decisions/120-database-outage.md): which errors mean the database cannot
 * be reached, and the outage they start, during which requests get a 503 at once and the database
 * is probed every second until it answers again.
 */

/**
 * Where outage messages go: the app's structured logger once startup configures the database
 * (server/startup.ts); app/db imports nothing of the app, so it cannot reach the logger itself.
 */
export interface DatabaseLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

let log: DatabaseLog = {
  error: (details, message) => console.error(message, details),
  info: (details, message) => console.info(message, details),
};

export function setOutageLog(next: DatabaseLog) {
  log = next;
}

/** Error codes that mean "the database cannot be reached", not "this query is wrong". */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const CONNECTION_ERROR_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|connection error|not queryable/i;

/** True when the error (or one it wraps, as Drizzle does) says the database is unreachable. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
    if (CONNECTION_ERROR_MESSAGE.test(current.message)) return true;
  }
  return false;
}

const PROBE_INTERVAL_MS = 1000;
let outage: { since: Date; probe: NodeJS.Timeout } | undefined;

/**
 * Called with any database error: a lost connection starts an outage, during which requests are
 * answered with the 503 page (server/database-outage.ts) and the database is probed every second
 * until it answers again. The app recovers by itself; nothing needs a restart.
 */
export function reportDatabaseError(error: unknown, isDatabaseUp: () => Promise<boolean>) {
  if (outage || !isConnectionError(error)) return;
  log.error({ err: error }, "database unreachable; answering 503 until it returns");
  const probe = setInterval(isDatabaseUp, PROBE_INTERVAL_MS);
  probe.unref();
  outage = { since: new Date(), probe };
}

/** Called when the database answers again. */
export function endOutage() {
  if (!outage) return;
  log.info({ downSince: outage.since.toISOString() }, "database reachable again");
  clearInterval(outage.probe);
  outage = undefined;
}

/** True while a database outage is known and has not yet ended. */
export function databaseUnavailable(): boolean {
  return outage !== undefined;
}
