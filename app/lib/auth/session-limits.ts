/**
 * How long a staff session lasts (docs/decisions/131-session-lifetime.md): it ends after
 * `idleSeconds` without a request, and `absoluteSeconds` after sign-in whatever happens. A request
 * renews the idle window at most once per `renewEverySeconds`, so pages do not each write to the
 * database.
 */
export const SESSION_LIMITS = {
  idleSeconds: 2 * 60 * 60,
  absoluteSeconds: 12 * 60 * 60,
  renewEverySeconds: 60,
} as const;
