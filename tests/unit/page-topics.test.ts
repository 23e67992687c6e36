// Page topics: a change drops exactly the pages showing it; the finder's pages expire when an
// opening status changes (docs/decisions/163-page-topics-and-finder-freshness.md).
import { afterEach, describe, expect, test } from "vitest";
import { INVALIDATION_CHANNEL, redisInvalidation } from "../../server/page-cache/invalidation";
import {
  cacheablePages,
  cacheKeyOf,
  isPageTopic,
  type PageTopic,
} from "../../server/page-cache/policy";
import { PageCache } from "../../server/page-cache/store";
import { watchServicesVersion } from "../../server/services-freshness";

const LAUNCHED = "2025-04-24T00:00";
const PAGES = new Map<string, readonly PageTopic[]>([
  ["/find-help", ["services"]],
  ["/es/find-help", ["services"]],
  ["/resources", ["documents"]],
  ["/about", []],
]);

function counting(expiryMoments?: (topics: readonly PageTopic[], now: Date) => Promise<number[]>) {
  const calls: string[] = [];
  /** What the app was told to drop, in order with the renders. */
  const heard: string[] = [];
  const clock = { now: new Date("2026-11-25T12:00:00Z") };
  const cache = new PageCache({
    pages: PAGES,
    launchAt: () => LAUNCHED,
    now: () => clock.now,
    expiryMoments,
    onInvalidate: (topic) => heard.push(`invalidate ${topic}`),
    async render(path) {
      calls.push(path);
      heard.push(`render ${path}`);
      return {
        status: 200,
        contentType: "text/html",
        setsCookie: false,
        body: Buffer.from(`<p>${path}</p>`),
      };
    },
  });
  return { cache, calls, clock, heard };
}

async function getAll(cache: PageCache) {
  for (const path of PAGES.keys()) await cache.get(path);
}

describe("page topics", () => {
  test("the finder in both languages shows the services; its filters are read from the URL", () => {
    expect(isPageTopic("services")).toBe(true);
    expect(isPageTopic("every-page")).toBe(true);
    expect(isPageTopic("documents")).toBe(true);
    expect(isPageTopic("weather")).toBe(false);
    expect(cacheKeyOf("/find-help?category=food")).toBeNull();
    expect(cacheKeyOf("/es/find-help?open=now")).toBeNull();
    expect(cacheKeyOf("/find-help?utm_source=flyer")).toBe("/find-help");
    // Once the site lists /find-help among its public pages, both languages carry the topic.
    const site = cacheablePages();
    if (site.has("/find-help")) {
      expect(site.get("/find-help")).toEqual(["services"]);
      expect(site.get("/es/find-help")).toEqual(["services"]);
    }
  });

  test("the volunteer page is cached in both languages under the shifts topic; a volunteer's link never", () => {
    // docs/decisions/237-volunteer-shifts.md
    expect(isPageTopic("shifts")).toBe(true);
    const site = cacheablePages();
    expect(site.get("/volunteer")).toEqual(["shifts"]);
    expect(site.get("/es/volunteer")).toEqual(["shifts"]);
    expect(site.has("/volunteer/signup")).toBe(false);
    expect(site.has("/es/volunteer/signup")).toBe(false);
    expect(cacheKeyOf("/volunteer?opportunity=meal-service")).toBeNull();
  });

  test("a services change drops exactly the finder pages", async () => {
    const { cache, calls } = counting();
    await getAll(cache);
    cache.invalidate("services");
    await getAll(cache);
    expect(calls.slice(4).sort()).toEqual(["/es/find-help", "/find-help"]);
  });

  test("a library change leaves the finder cached", async () => {
    const { cache, calls } = counting();
    await getAll(cache);
    cache.invalidate("documents");
    await getAll(cache);
    expect(calls.slice(4)).toEqual(["/resources"]);
  });

  test('"every-page" drops every page, and a render under way is not kept', async () => {
    const { cache, calls, heard } = counting();
    await getAll(cache);
    cache.invalidate("every-page");
    await getAll(cache);
    expect(calls).toHaveLength(8);
    // The app hears of it before anything is rendered again (server/app.ts drops its banner rows).
    expect(heard.slice(4, 6)).toEqual(["invalidate every-page", "render /find-help"]);

    let release: () => void = () => undefined;
    const slow = new PageCache({
      pages: PAGES,
      launchAt: () => LAUNCHED,
      async render() {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { status: 200, contentType: "text/html", setsCookie: false, body: Buffer.from("x") };
      },
    });
    const rendering = slow.get("/about");
    await new Promise((resolve) => setImmediate(resolve));
    slow.invalidate("every-page");
    release();
    expect(await rendering).toBeNull();
  });

  test("finder pages expire at the moment their topic's expiry names; others do not ask", async () => {
    const asked: (readonly PageTopic[])[] = [];
    const { cache, calls, clock } = counting(async (topics, now) => {
      asked.push(topics);
      return topics.includes("services") ? [now.getTime() + 90_000] : [];
    });
    await getAll(cache);
    expect(asked).toEqual([["services"], ["services"], ["documents"]]);
    clock.now = new Date(clock.now.getTime() + 89_999);
    await getAll(cache);
    expect(calls).toHaveLength(4);
    clock.now = new Date(clock.now.getTime() + 1);
    await getAll(cache);
    expect(calls.slice(4).sort()).toEqual(["/es/find-help", "/find-help"]);
  });
});

describe("watchServicesVersion: changes made by other processes", () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  test("drops the finder pages when the version moves, not on the first read", async () => {
    let version = "1/a";
    let drops = 0;
    stop = watchServicesVersion(
      async () => version,
      () => drops++,
      10,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drops).toBe(0);
    version = "2/b";
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drops).toBe(1);
  });

  test("a failed read changes nothing and the next round tries again", async () => {
    let fail = true;
    let drops = 0;
    let version = "1";
    stop = watchServicesVersion(
      async () => {
        if (fail) throw new Error("database away");
        return version;
      },
      () => drops++,
      10,
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 40));
    version = "2";
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(drops).toBe(1);
  });
});

// Two processes sharing one Redis, when a Redis server is given (CI gives one).
const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(redisUrls)("topics through Redis (%s)", (redisUrl) => {
  test("services and every-page reach the other process; unknown messages are ignored", async () => {
    const first = counting();
    const second = counting();
    const firstBus = redisInvalidation(first.cache, redisUrl);
    const secondBus = redisInvalidation(second.cache, redisUrl);
    const { Redis } = await import("ioredis");
    const outsider = new Redis(redisUrl);
    try {
      await eventually(
        () => first.cache.isCacheable("/about") && second.cache.isCacheable("/about"),
      );
      await getAll(second.cache);
      firstBus.publish("services");
      await eventually(() => second.cache.size === 2);
      await outsider.publish(INVALIDATION_CHANNEL, "not-a-topic");
      await getAll(second.cache);
      firstBus.publish("every-page");
      await eventually(() => second.cache.size === 0);
      expect(second.heard.filter((line) => line.startsWith("invalidate"))).toEqual([
        "invalidate services",
        "invalidate every-page",
      ]);
    } finally {
      outsider.disconnect();
      await firstBus.close();
      await secondBus.close();
    }
  });
});

async function eventually(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
