/**
 * Fundraiser pages in the anonymous page cache (docs/decisions/221-fundraisers.md): each
 * `/fundraise/<slug>` is cacheable in every locale under the "fundraisers" topic, which a
 * fundraiser change or a payment event publishes; the confirmation link's page never is.
 */
import { describe, expect, test } from "vitest";
import { cacheablePages, cacheKeyOf, dynamicPageTopics } from "../../server/page-cache/policy";
import { PageCache, type RenderedPage } from "../../server/page-cache/store";

function page(text: string): RenderedPage {
  return { status: 200, contentType: "text/html", setsCookie: false, body: Buffer.from(text) };
}

describe("fundraiser pages in the page cache", () => {
  test("a fundraiser page has the fundraisers topic; the confirmation page has none", () => {
    expect(dynamicPageTopics("/fundraise/dana-s-run")).toEqual(["fundraisers"]);
    expect(dynamicPageTopics("/es/fundraise/dana-s-run")).toEqual(["fundraisers"]);
    expect(dynamicPageTopics("/fundraise/confirm")).toBeUndefined();
    // The owner's management link carries a token: never shared through the cache.
    expect(dynamicPageTopics("/fundraise/manage")).toBeUndefined();
    expect(dynamicPageTopics("/es/fundraise/manage")).toBeUndefined();
    expect(dynamicPageTopics("/fundraise/Bad_Slug")).toBeUndefined();
    expect(dynamicPageTopics("/fundraise/a/b")).toBeUndefined();
    expect(dynamicPageTopics("/about")).toBeUndefined();
    // The donation page reads the page a gift is for: it is rendered for that request.
    expect(cacheKeyOf("/donate?fundraiser=dana-s-run")).toBeNull();
    // The list of open pages is cached without a search, under the same topic.
    expect(cacheablePages().get("/give-to-fundraiser")).toEqual(["fundraisers"]);
    expect(cacheablePages().get("/es/give-to-fundraiser")).toEqual(["fundraisers"]);
    expect(cacheKeyOf("/give-to-fundraiser?q=run")).toBeNull();
    expect(cacheablePages().has("/fundraise/confirm")).toBe(false);
    expect(cacheablePages().has("/fundraise/manage")).toBe(false);
  });

  test("kept once rendered, dropped by the fundraisers topic and every-page, not by others", async () => {
    let renders = 0;
    const cache = new PageCache({
      render: async (path) => {
        renders += 1;
        return page(`${path} ${renders}`);
      },
      launchAt: () => "2025-04-24T00:00",
      pages: new Map([["/about", []]]),
    });
    expect(cache.isCacheable("/fundraise/dana-s-run")).toBe(true);
    expect(cache.isCacheable("/fundraise/confirm")).toBe(false);
    expect(cache.isCacheable("/fundraise/manage")).toBe(false);
    await cache.get("/fundraise/dana-s-run");
    await cache.get("/es/fundraise/dana-s-run");
    await cache.get("/about");
    await cache.get("/fundraise/dana-s-run");
    expect(renders).toBe(3);

    cache.invalidate("services");
    await cache.get("/fundraise/dana-s-run");
    expect(renders).toBe(3);

    cache.invalidate("fundraisers");
    await cache.get("/fundraise/dana-s-run");
    await cache.get("/about");
    expect(renders).toBe(4);

    cache.invalidate("every-page");
    await cache.get("/es/fundraise/dana-s-run");
    await cache.get("/about");
    expect(renders).toBe(6);
  });

  test("a slug that names no public page (a 404) is not kept", async () => {
    let renders = 0;
    const cache = new PageCache({
      render: async () => {
        renders += 1;
        return { ...page("not found"), status: 404 };
      },
      launchAt: () => "2025-04-24T00:00",
      pages: new Map(),
    });
    expect(await cache.get("/fundraise/nothing-here")).toBeNull();
    expect(await cache.get("/fundraise/nothing-here")).toBeNull();
    expect(renders).toBe(2);
    expect(cache.size).toBe(0);
  });
});
