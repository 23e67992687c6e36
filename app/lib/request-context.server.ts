import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the code handling one HTTP request shares, whichever copy of its Request it was handed
 * (React Router gives each loader a copy of its own): the request's id, on every log line
 * (app/lib/logger.server.ts), and the session looked up for it (app/lib/auth/session.server.ts).
 * server/request-log.ts opens one for the rest of each request's handling.
 */
export interface RequestContext {
  readonly requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `next` (the rest of a request's handling) in a context of its own. */
export function withRequestContext(requestId: string, next: () => void) {
  storage.run({ requestId }, next);
}

/** The context of the request being handled; none in scripts and in tests that open none. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
