import { shareCard } from "#app/features/fundraisers/share-card.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { Route } from "./+types/card";

/** GET /fundraise/<slug>/card.png: the page's share card (docs/decisions/226-fundraiser-share-cards.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const png = await shareCard(params.slug, localeFromRequest(request));
  if (!png) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": "public, max-age=3600",
    },
  });
}
