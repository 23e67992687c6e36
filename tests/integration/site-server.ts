import http, { type RequestListener, type Server } from "node:http";
import express, { type Express, type Router } from "express";

/** What the tests use of server/app.ts, loaded through Vite as `npm run dev` does. */
export interface LoadedSite<Cache> {
  app: Router;
  pageCache: Cache;
  pageCacheFirst(cache: Cache, next: RequestListener): RequestListener;
  expressHttpObjects(application: Express): http.ServerOptions;
  start(): Promise<void>;
}

/**
 * An HTTP server answering as server.js does in production: the site's routes mounted on an
 * Express application, cached pages answered before it, requests made with Express's prototypes.
 */
export function serveLikeServerJs<Cache>(site: LoadedSite<Cache>): Server {
  const application = express();
  application.disable("x-powered-by");
  application.use(site.app);
  return http.createServer(
    site.expressHttpObjects(application),
    site.pageCacheFirst(site.pageCache, application),
  );
}
