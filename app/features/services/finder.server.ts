/**
 * The finder page's data (docs/decisions/170-the-finder-page.md): the URL's filters checked, the
 * services open at `now` in Houston. Apart from the route so the tests choose `now`.
 */
import { data } from "react-router";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesText } from "#app/i18n/page-messages";
import { env } from "#app/lib/env.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { type FinderCard, finderCard } from "./finder-card";
import { parseFinderQuery } from "./finder-query";
import { findServices } from "./services.server";

/** The finder page's data, with the page's `messages` (docs/decisions/153-messages-per-page.md). */
export async function finderPage(request: Request, now: Date, messages: PageMessagesText) {
  const locale = localeFromRequest(request);
  const { query, errors } = parseFinderQuery(new URL(request.url).searchParams);
  // A refused parameter is left out and named on the page; the rest still filters.
  const status = errors.length > 0 ? 400 : 200;
  let rows: FinderCard[] | null = null;
  try {
    const found = await findServices(
      {
        locale,
        category: query.category,
        openNow: query.openNow,
        placesNow: query.placesNow,
        q: query.q || undefined,
        lang: query.lang || undefined,
        for: query.for || undefined,
      },
      now,
    );
    const verification = { today: houstonToday(now), days: env().LISTING_VERIFIED_DAYS };
    rows = found.map((row) => finderCard(row, locale, verification));
  } catch (error) {
    logger.error({ err: error }, "loading the service finder failed");
    return data({ query, errors, rows: null, failed: true, messages }, { status: 503 });
  }
  return data({ query, errors, rows, failed: false, messages }, { status });
}
