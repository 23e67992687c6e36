/**
 * A fundraiser page's own share card (docs/decisions/226-fundraiser-share-cards.md): a PNG drawn
 * with the page's title for public pages only, named by the page's Open Graph and Twitter tags.
 */
import { describe, expect, test } from "vitest";
import { loader as cardLoader } from "#app/features/fundraisers/routes/card";
import {
  loader as pageLoader,
  meta as pageMeta,
} from "#app/features/fundraisers/routes/fundraiser";
import { loader as rootLoader } from "#app/root";
import { routeArgs } from "#tests/utils";
import { getRequest, settle } from "./admin-helpers";
import { pageIn } from "./fundraiser-helpers";

async function card(slug: string, prefix = "") {
  return (await cardLoader(
    routeArgs(getRequest(`${prefix}/fundraise/${slug}/card.png`), { slug }),
  )) as Response;
}

describe("a fundraiser page's share card", () => {
  test("a public page's card is a 1200x630 PNG, kept for an hour; other pages have none", async () => {
    const page = await pageIn("approved");
    const response = await card(page.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // The Spanish card is its own drawing (its text is Spanish).
    const spanish = Buffer.from(await (await card(page.slug, "/es")).arrayBuffer());
    expect(spanish.equals(png)).toBe(false);

    await pageIn("pending");
    await pageIn("draft");
    for (const slug of ["page-pending", "page-draft", "unknown", "Bad_Slug"]) {
      expect((await card(slug)).status, slug).toBe(404);
    }
  });

  test("the page's Open Graph and Twitter tags name its own card, in its language", async () => {
    const page = await pageIn("approved");
    const request = getRequest(`/es/fundraise/${page.slug}`);
    const root = (await settle(rootLoader(routeArgs(request)))).body;
    const own = (await settle(pageLoader(routeArgs(request, { slug: page.slug })))).body;
    const tags = pageMeta({
      matches: [
        { id: "root", loaderData: root },
        { id: "es/features/fundraisers/routes/fundraiser", loaderData: own },
      ],
      location: { pathname: `/es/fundraise/${page.slug}` },
      loaderData: own,
    } as never) as { property?: string; name?: string; content?: string }[];
    const image = `http://localhost:3000/es/fundraise/${page.slug}/card.png`;
    expect(tags.find((tag) => tag.property === "og:image")?.content).toBe(image);
    expect(tags.find((tag) => tag.name === "twitter:image")?.content).toBe(image);
    expect(tags.find((tag) => tag.property === "og:title")?.content).toContain(page.title);
  });
});
