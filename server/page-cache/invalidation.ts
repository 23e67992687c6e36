import { Redis } from "ioredis";
import { logger } from "#app/lib/logger.server";
import { isPageTopic, type PageTopic } from "./policy";
import type { PageCache } from "./store";

/**
 * How the anonymous page cache (docs/decisions/101-anonymous-page-cache.md) hears that what a page
 * shows changed (a topic: a library kind, the services, every page;
 * docs/decisions/163-page-topics-and-finder-freshness.md): a change drops exactly the pages
 * showing it, in this process and, through Redis pub/sub, in every other one. While a process could miss another's
 * message its cache stays off, so no process serves a page that may be out of date.
 */

/** The Redis channel; its messages are page topics. `npm run services:import` publishes too. */
export const INVALIDATION_CHANNEL = "page-cache:invalidate";

export interface InvalidationBus {
  /** Drops the pages showing `topic` here and, when shared, in every other process. */
  publish(topic: PageTopic): void;
  close(): Promise<void>;
}

/** Invalidation within this process only (no REDIS_URL). */
export function localInvalidation(cache: PageCache): InvalidationBus {
  return {
    publish: (topic) => cache.invalidate(topic),
    close: async () => undefined,
  };
}

/**
 * Invalidation shared through Redis pub/sub: this process drops its pages at once and tells the
 * others. The cache is on only while subscribed: a process that could miss another's message
 * renders every page rather than serve one that may be out of date.
 */
export function redisInvalidation(cache: PageCache, redisUrl: string): InvalidationBus {
  const subscriber = new Redis(redisUrl, { connectTimeout: 1000 });
  const publisher = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  cache.setEnabled(false);
  subscriber.on("message", (_channel, topic: string) => {
    if (isPageTopic(topic)) cache.invalidate(topic);
  });
  // On every (re)connection: back on once the subscription is confirmed, not before.
  subscriber.on("ready", () => {
    subscriber
      .subscribe(INVALIDATION_CHANNEL)
      .then(() => cache.setEnabled(true))
      .catch((error: unknown) => logger.warn({ err: error }, "page cache: not subscribed"));
  });
  subscriber.on("close", () => cache.setEnabled(false));
  subscriber.on("error", (error) => logger.warn({ err: error }, "page cache: Redis unavailable"));
  return {
    publish(topic) {
      cache.invalidate(topic);
      publisher.publish(INVALIDATION_CHANNEL, topic).catch((error: unknown) => {
        // Other processes switch their cache off while Redis is unreachable, so none stays stale.
        logger.warn({ err: error }, "page cache: invalidation not sent");
      });
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
