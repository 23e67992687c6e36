import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { weatherBanners } from "#app/db/schema/weather";
import type { Locale } from "#app/i18n/locales";
import { localizePath } from "#app/i18n/locales";
import { formattersFor } from "#app/i18n/translator";
import { changeSignal } from "#app/lib/change-signal";
import * as clock from "#app/lib/clock.server";
import { HOUSTON_TIME_ZONE } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { type BannerKind, bannerKinds, centreCategoryFor, type ShownBanner } from "./kinds";

/**
 * Weather banners (docs/decisions/180-weather-banners.md): what is shown now, what staff set, and
 * who hears of a change (the page cache, through server/app.ts).
 */

export type BannerRow = typeof weatherBanners.$inferSelect;

const weather = changeSignal();

/** server/app.ts listens here to drop every cached page when a banner appears or ends. */
export const onWeatherChange = weather.listen;

export function weatherChanged() {
  forgetPublishedBanners();
  weather.announce();
}

/**
 * Every page shows the banners, so every page missing the cache would read them: the published
 * rows are read once and reused for up to a second (docs/decisions/185-banners-read-once.md). A
 * change in this process forgets them at once (weatherChanged), one in another process through the
 * page cache's invalidation (server/app.ts) or, without Redis, within the second.
 */
const PUBLISHED_REUSE_MS = 1000;
let published: { readAt: number; rows: Promise<BannerRow[]> } | undefined;

/** Drops the reused banner rows: the next page reads them again. */
export function forgetPublishedBanners() {
  published = undefined;
}

/** The published, unended banners that end after `now`, ordered by start. */
function publishedBanners(now: Date): Promise<BannerRow[]> {
  const reused = published;
  if (reused && now.getTime() >= reused.readAt && Date.now() - reused.readAt < PUBLISHED_REUSE_MS) {
    return reused.rows;
  }
  // Rows ending after the earlier of `now` and the clock: right for any later moment too.
  const readAt = Math.min(now.getTime(), Date.now());
  const rows = db()
    .select()
    .from(weatherBanners)
    .where(
      and(
        eq(weatherBanners.status, "published"),
        isNull(weatherBanners.endedAt),
        gt(weatherBanners.endsAt, new Date(readAt)),
      ),
    )
    .orderBy(weatherBanners.startsAt)
    .execute();
  const entry = { readAt, rows };
  published = entry;
  // A failed read is not reused.
  rows.catch(() => {
    if (published === entry) published = undefined;
  });
  return rows;
}

/**
 * The moments a published banner starts or ends after `now`: a page rendered now stops being right
 * then (server/page-cache/store.ts asks before each render). Empty when the banners cannot be read:
 * the page then keeps its usual expiry.
 */
export async function weatherChangeMoments(now = clock.now()): Promise<number[]> {
  try {
    const rows = await publishedBanners(now);
    return rows
      .flatMap((row) => [row.startsAt.getTime(), row.endsAt.getTime()])
      .filter((moment) => moment > now.getTime());
  } catch {
    return [];
  }
}

function isKind(kind: string): kind is BannerKind {
  return (bannerKinds as readonly string[]).includes(kind);
}

function shownLink(link: string, locale: Locale): string {
  return link.startsWith("/") ? localizePath(link, locale) : link;
}

/**
 * The published banners showing at `now`, in the page's language. A failure to read them shows
 * no banner rather than break every page.
 */
export async function activeBanners(locale: Locale, now = clock.now()): Promise<ShownBanner[]> {
  let rows: BannerRow[];
  try {
    rows = await publishedBanners(now);
  } catch (error) {
    logger.warn({ err: error }, "weather banners could not be read");
    return [];
  }
  const { formatDate } = formattersFor(locale);
  return rows
    .filter((row) => row.startsAt <= now && row.endsAt > now && isKind(row.kind))
    .map((row) => {
      const spanish = locale === "es" && row.messageEs ? row.messageEs : null;
      return {
        id: row.id,
        kind: row.kind as BannerKind,
        message: spanish ?? row.messageEn,
        fallbackLang: locale === "es" && !spanish ? "en" : null,
        link: shownLink(row.link, locale),
        // Written here: a time in Houston's zone needs Intl, whose first use costs a slow
        // phone a long task while the page hydrates (app/i18n/formats.ts).
        until: formatDate(row.endsAt, {
          timeZone: HOUSTON_TIME_ZONE,
          weekday: "long",
          hour: "numeric",
          minute: "2-digit",
        }),
      };
    });
}

export interface NewBanner {
  kind: BannerKind;
  messageEn: string;
  messageEs: string | null;
  link: string;
  startsAt: Date;
  endsAt: Date;
}

export async function createBanner(values: NewBanner): Promise<BannerRow> {
  const [row] = await db()
    .insert(weatherBanners)
    .values({ ...values, status: "published", source: "staff" })
    .returning();
  weatherChanged();
  return row;
}

/** Ends a banner now; false when it was already ended or does not exist. */
export async function endBanner(id: string, now = clock.now()): Promise<boolean> {
  const ended = await db()
    .update(weatherBanners)
    .set({ endedAt: now, updatedAt: now })
    .where(and(eq(weatherBanners.id, id), isNull(weatherBanners.endedAt)))
    .returning({ id: weatherBanners.id });
  if (ended.length > 0) weatherChanged();
  return ended.length > 0;
}

/** Publishes a draft (an NWS banner waiting for approval). */
export async function approveBanner(id: string, now = clock.now()): Promise<boolean> {
  const approved = await db()
    .update(weatherBanners)
    .set({ status: "published", updatedAt: now })
    .where(
      and(
        eq(weatherBanners.id, id),
        eq(weatherBanners.status, "draft"),
        isNull(weatherBanners.endedAt),
      ),
    )
    .returning({ id: weatherBanners.id });
  if (approved.length > 0) weatherChanged();
  return approved.length > 0;
}

/** The latest banners for the dashboard, unfinished first. */
export async function listBanners(limit = 50): Promise<BannerRow[]> {
  return db()
    .select()
    .from(weatherBanners)
    .orderBy(sql`${weatherBanners.endedAt} is not null`, desc(weatherBanners.startsAt))
    .limit(limit);
}

/**
 * The finder categories of the centres the active banners point to (warming centres for a freeze,
 * cooling centres for heat): the finder lists them first (app/features/services/finder-priority.server.ts).
 */
export async function activeCentreCategories(now = clock.now()): Promise<string[]> {
  const banners = await activeBanners("en", now);
  const categories = banners.map((banner) => centreCategoryFor(banner.kind));
  return [...new Set(categories.filter((category) => category !== null))];
}
