import "react-router";
import express from "express";
import { createRequestHandler as createPageRenderer } from "react-router";
import { isDatabaseUp } from "#app/db/client.server";
import { ensureAdminFromEnv } from "#app/features/accounts/index.server";
import { onBedsChange } from "#app/features/beds/index.server";
import {
  onFundraisersChange,
  watchFundraiserEndDates,
} from "#app/features/fundraisers/index.server";
import { isLibraryKind } from "#app/features/library/index";
import { forgetPublishedPages, onLibraryChange } from "#app/features/library/index.server";
import {
  onListingVerified,
  startReportsDigestWorker,
} from "#app/features/listing-reports/index.server";
import {
  listenForHandedOverNewsletters,
  onNewslettersChange,
  startNewsletterWorker,
} from "#app/features/newsletters/index.server";
import {
  carryOverAboutPage,
  carryOverImpactFigures,
  onPagesChange,
  startPagesWorker,
} from "#app/features/pages/index.server";
import {
  finderPageExpiryMoments,
  onServicesChange,
  servicesDataVersion,
} from "#app/features/services/index.server";
import {
  onShiftsChange,
  shiftPageExpiryMoments,
  startShiftsWorker,
} from "#app/features/shifts/index.server";
import { startTributeCardWorker } from "#app/features/tributes/index.server";
import { forgetPublishedBanners } from "#app/features/weather/index.server";
import { watchCountsClock } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { startEventWorker } from "#app/lib/events.server";
import { logger } from "#app/lib/logger.server";
import { startOutboxWorker } from "#app/lib/outbox.server";
import { answerDuringDatabaseOutage } from "./database-outage";
import { composeFeatures } from "./features";
import { watchMemory } from "./memory-watch";
import { markPersonalAnswers, offlineRoutes } from "./offline/routes";
import { refuseCrossSite } from "./origin-check";
import { pageCacheFirst, servePageCache } from "./page-cache/http";
import {
  type InvalidationBus,
  localInvalidation,
  redisInvalidation,
} from "./page-cache/invalidation";
import { type PageTopic, variantOfKey } from "./page-cache/policy";
import { PageCache } from "./page-cache/store";
import { reactRouterAnswers } from "./react-router-answers";
import { limitConcurrentRenders } from "./render-limit";
import { clientIp, requestId } from "./request-id";
import { limitRequests } from "./request-limits";
import { logRequests } from "./request-log";
import { securityHeaders } from "./security-headers";
import { watchServicesVersion } from "./services-freshness";
import { configureDatabaseFromEnv, initDatabase } from "./startup";
import { startTableStatistics } from "./table-statistics";
import { startWeather, weatherPageMoments } from "./weather";

export { staticFiles } from "./compression";
export { expressHttpObjects } from "./express-http-objects";
export { securityHeaders } from "./security-headers";
export { stop } from "./shutdown";
export { pageCacheFirst };

/** Express's "trust proxy" setting from TRUST_PROXY (app/lib/env.server.ts); false when unset. */
export function trustProxy(): string | number | false {
  return env().TRUST_PROXY ?? false;
}

/**
 * The site's routes, mounted by server.js on its Express application: a Router, not an application
 * of its own, which Express would switch every request's prototype to and back
 * (docs/decisions/193-requests-born-with-express-prototypes.md).
 */
export const app = express.Router();

// CSP with a per-request nonce, Permissions-Policy, HSTS over https, helmet's others
// (docs/decisions/130-content-security-policy.md).
app.use(securityHeaders);
app.use(requestId, clientIp);
// Structured request lines, and the request id on every line
// (docs/decisions/133-structured-logs-without-secrets.md).
app.use(logRequests);
// Before any route: a cross-site form post changes nothing
// (docs/decisions/053-cross-site-posts.md).
app.use(refuseCrossSite);
// Every state-changing request within its client's budget, shared through Redis
// (docs/decisions/132-request-rate-limits.md).
app.use(limitRequests);

app.get("/healthz", async (_req, res) => {
  const up = await isDatabaseUp();
  res
    .status(up ? 200 : 503)
    .type("text/plain")
    .send(up ? "ok" : "database unavailable");
});

const loadServerBuild = () => import("virtual:react-router/server-build");
/**
 * React Router derives its route tables (every route flattened, ranked and compiled) once from a
 * build object, but again on every request from a build function: about 3 ms of each render, the
 * most of any part of a page missing the cache. Development keeps the function, so edits show.
 */
const serverBuild =
  process.env.NODE_ENV === "development" ? loadServerBuild : await loadServerBuild();

// A service worker cannot see Set-Cookie: personal answers say "private" themselves, and the
// worker and manifests are served here (docs/decisions/182-offline-finder.md).
app.use(markPersonalAnswers);
app.use(offlineRoutes(async () => (await loadServerBuild()).assets.version));
const renderPage = createPageRenderer(serverBuild, process.env.NODE_ENV);

/**
 * Anonymous public pages, rendered once without cookies
 * (docs/decisions/101-anonymous-page-cache.md).
 */
export const pageCache = new PageCache({
  async render(key, nonce) {
    // A low-data key renders the page as its request gets it (server/page-cache/policy.ts).
    const { path, headers } = variantOfKey(key);
    const response = await renderPage(new Request(new URL(path, env().PUBLIC_URL), { headers }), {
      requestId: "page-cache",
      cspNonce: nonce,
    });
    return {
      status: response.status,
      contentType: response.headers.get("Content-Type") ?? "",
      setsCookie: response.headers.has("Set-Cookie"),
      body: Buffer.from(await response.arrayBuffer()),
    };
  },
  launchAt: () => env().LAUNCH_AT,
  // The finder shows opening statuses computed at render time: its pages expire when one changes.
  // The volunteer page lists upcoming shifts: it expires when the next one starts.
  expiryMoments: async (topics, now) => [
    ...(topics.includes("services") ? await finderPageExpiryMoments(now) : []),
    ...(topics.includes("shifts") ? await shiftPageExpiryMoments(now) : []),
  ],
  // Every page shows the weather banners: it expires when one starts or ends (server/weather.ts).
  everyPageMoments: weatherPageMoments,
  // A banner or a library item changed, here or in another process: what pages reuse is read again.
  onInvalidate: (topic) => {
    if (topic === "every-page") forgetPublishedBanners();
    if (isLibraryKind(topic)) forgetPublishedPages(topic);
  },
});
// While the database is unreachable, a 503 page at once instead of a hung request
// (docs/decisions/120-database-outage.md). Pages already cached were answered before Express
// (server.js); a miss here would render, and its queries wait out their timeouts.
app.use(answerDuringDatabaseOutage);

// Development renders every request, so edits show at once.
if (process.env.NODE_ENV !== "development") {
  // Renders a cacheable page once for all the visitors waiting on it.
  app.use(servePageCache(pageCache));
}

// Cache misses take turns for the framework, so a rush of visitors does not balloon memory.
app.use(limitConcurrentRenders(8));

// Its answers leave compressed (docs/decisions/209-react-router-answers-compressed-as-sent.md).
app.use(
  reactRouterAnswers({
    build: serverBuild,
    getLoadContext: (req, res) => ({
      requestId: String(req.headers["x-request-id"] ?? ""),
      cspNonce: String(res.locals.cspNonce ?? ""),
    }),
  }),
);

let pageInvalidation: InvalidationBus | undefined;

/**
 * Drops the cached pages showing `topic` in every process ("every-page" for a site-wide banner);
 * features announce their changes through a listener wired in start(), like onServicesChange.
 */
export function invalidatePages(topic: PageTopic) {
  if (pageInvalidation) pageInvalidation.publish(topic);
  else pageCache.invalidate(topic);
}

/** Validates the configuration and prepares the database; called once before listening. */
export async function start() {
  const config = env();
  // Donations with what tributes and fundraisers add to a gift, and take of its events.
  composeFeatures();
  watchMemory(logger);
  configureDatabaseFromEnv();
  await initDatabase();
  // PGlite has no autovacuum to keep the planner's statistics (server/table-statistics.ts).
  startTableStatistics();
  await ensureAdminFromEnv();
  // Receipts and other queued mail go out from here, and are retried until sent
  // (docs/decisions/073-mail-outbox.md).
  // A newsletter's recipient is marked sent when the outbox hands its mail to SMTP, so the hook
  // is in place before delivery starts (docs/decisions/290-newsletter-sending-ledger.md).
  listenForHandedOverNewsletters();
  startOutboxWorker();
  const invalidation: InvalidationBus = config.REDIS_URL
    ? redisInvalidation(pageCache, config.REDIS_URL)
    : localInvalidation(pageCache);
  pageInvalidation = invalidation;
  onLibraryChange((kind) => invalidation.publish(kind));
  onServicesChange(() => invalidation.publish("services"));
  // A count set through an update link or by staff shows on the finder (docs/decisions/227-beds-tonight.md).
  onBedsChange(() => invalidation.publish("services"));
  // A report marked "verified today" changes the service's "Last verified" (docs/decisions/246-listing-reports-queue.md).
  onListingVerified(() => invalidation.publish("services"));
  // A fundraiser page shows its status and its gifts (docs/decisions/221-fundraisers.md).
  onFundraisersChange(() => invalidation.publish("fundraisers"));
  // An end date closes its page (docs/decisions/223-fundraiser-end-dates.md).
  watchFundraiserEndDates();
  // The volunteer page shows seats left: every sign-up and staff change drops it
  // (docs/decisions/237-volunteer-shifts.md); offers lapse and reminders go out from a sweep.
  onShiftsChange(() => invalidation.publish("shifts"));
  // A published page, at once or at its time, in both languages (docs/decisions/281-pages-drafts-and-publishing.md).
  onPagesChange(() => invalidation.publish("pages"));
  // The About page's words become its drafts, once; visitors see no change until staff publish.
  await carryOverAboutPage(config.ORG_NAME);
  await carryOverImpactFigures();
  startPagesWorker();
  startShiftsWorker();
  startReportsDigestWorker();
  // Tribute cards go on their day, and at once after a payment when their day has come
  // (docs/decisions/233-tribute-cards-sent-on-their-day.md).
  startTributeCardWorker();
  // Newsletters: scheduled sends start, recipients are claimed at the shared rate; a sent issue
  // shows in the archive (docs/decisions/290-newsletter-sending-ledger.md).
  onNewslettersChange(() => invalidation.publish("newsletters"));
  startNewsletterWorker();
  // What payments announce goes to the features that take it (a fundraiser's owner mails and
  // page, a card due today), after each commit, and at start for what a crash left undispatched
  // (docs/decisions/265-features-through-front-doors.md).
  startEventWorker();
  // Weather banners show on every page; the NWS poller runs when configured.
  startWeather((topic) => invalidation.publish(topic));
  // Other processes (the import command, app processes without Redis) write to PostgreSQL too.
  if (config.DATABASE_URL) {
    watchServicesVersion(servicesDataVersion, () => pageCache.invalidate("services"));
  }
  // The end-to-end tests move the counts' clock (docs/decisions/250-the-counts-clock-in-tests.md).
  watchCountsClock(() => pageCache.invalidate("services"));
  logger.info(
    { port: config.PORT, database: config.DATABASE_URL ? "postgres" : "pglite" },
    "ready",
  );
}

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    /** The nonce every inline and module script of the page carries (server/security-headers.ts). */
    cspNonce: string;
  }
}
