import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { weatherAlertLinks, weatherBanners } from "#app/db/schema/weather";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { enqueueMail } from "#app/lib/outbox.server";
import { defaultLinks } from "../kinds";
import {
  alertEnd,
  alertStart,
  bannerKindOf,
  draftMessages,
  isCancelledByVtec,
  type NwsAlert,
} from "./alerts";

/**
 * Turns one answer of the NWS into banners (docs/decisions/181-nws-drafts.md). Every alert id is
 * recorded in weather_alert_links, whose primary key lets exactly one process create the banner of
 * an alert; an Update finds its banner through the ids it references.
 */

export type Approval = "auto" | "staff";

export interface ApplyResult {
  created: number;
  updated: number;
  ended: number;
}

class AlreadyCreated extends Error {}

async function bannerOf(ids: string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const [link] = await db()
    .select({ bannerId: weatherAlertLinks.bannerId })
    .from(weatherAlertLinks)
    .where(inArray(weatherAlertLinks.alertId, ids))
    .limit(1);
  return link?.bannerId ?? null;
}

async function linkIds(bannerId: string, ids: string[]) {
  await db()
    .insert(weatherAlertLinks)
    .values(ids.map((alertId) => ({ alertId, bannerId })))
    .onConflictDoNothing();
}

function staffAddress(): string {
  return env().STAFF_NOTIFY_EMAIL ?? env().ORG_EMAIL;
}

/** Creates the banner of a new alert; false when another process created it first. */
async function createFromAlert(alert: NwsAlert, approval: Approval, now: Date): Promise<boolean> {
  const kind = bannerKindOf(alert.event)!;
  const messages = draftMessages(alert);
  const ids = [alert.id, ...alert.references.map((reference) => reference.identifier)];
  try {
    await db().transaction(async (tx) => {
      const [banner] = await tx
        .insert(weatherBanners)
        .values({
          kind,
          messageEn: messages.en,
          messageEs: messages.es,
          link: defaultLinks[kind],
          startsAt: alertStart(alert, now),
          endsAt: alertEnd(alert),
          status: approval === "auto" ? "published" : "draft",
          source: "nws",
          nwsAlertId: alert.id,
          nwsEvent: alert.event,
        })
        .returning({ id: weatherBanners.id });
      const claimed = await tx
        .insert(weatherAlertLinks)
        .values({ alertId: alert.id, bannerId: banner.id })
        .onConflictDoNothing()
        .returning({ alertId: weatherAlertLinks.alertId });
      // Another process made this alert's banner: this one is rolled back.
      if (claimed.length === 0) throw new AlreadyCreated();
      const others = ids.slice(1).map((alertId) => ({ alertId, bannerId: banner.id }));
      if (others.length > 0)
        await tx.insert(weatherAlertLinks).values(others).onConflictDoNothing();
      // Staff hear of every drafted banner, once per alert, through the durable outbox.
      await enqueueMail(tx, {
        dedupeKey: `weather-banner:${alert.id}`,
        kind: "weather-banner",
        to: staffAddress(),
        subject: `${alert.event}: ${approval === "auto" ? "weather banner published" : "weather banner waiting for approval"}`,
        text: `${messages.en}\n\n${approval === "auto" ? "It is shown on every public page now." : "Approve it to show it on every public page."}\nNWS alert: ${alert.id}\n\nSee the staff dashboard: ${env().PUBLIC_URL}/admin/weather`,
      });
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyCreated) return false;
    throw error;
  }
}

async function updateFromAlert(bannerId: string, alert: NwsAlert, now: Date) {
  const messages = draftMessages(alert);
  const kind = bannerKindOf(alert.event)!;
  await db()
    .update(weatherBanners)
    .set({
      kind,
      messageEn: messages.en,
      messageEs: messages.es,
      startsAt: alertStart(alert, now),
      endsAt: alertEnd(alert),
      nwsAlertId: alert.id,
      nwsEvent: alert.event,
      updatedAt: now,
    })
    .where(and(eq(weatherBanners.id, bannerId), isNull(weatherBanners.endedAt)));
  await linkIds(bannerId, [alert.id]);
}

async function endBanners(bannerIds: string[], now: Date): Promise<number> {
  if (bannerIds.length === 0) return 0;
  const ended = await db()
    .update(weatherBanners)
    .set({ endedAt: now, updatedAt: now })
    .where(and(inArray(weatherBanners.id, bannerIds), isNull(weatherBanners.endedAt)))
    .returning({ id: weatherBanners.id });
  return ended.length;
}

/**
 * Applies the complete list of active alerts: new alerts create banners, updates change them,
 * cancellations end them, and a banner none of whose alerts is still active ends.
 */
export async function applyActiveAlerts(
  alerts: NwsAlert[],
  approval: Approval,
  now = clock.now(),
): Promise<ApplyResult> {
  const result: ApplyResult = { created: 0, updated: 0, ended: 0 };
  const relevant = alerts.filter((alert) => bannerKindOf(alert.event) !== null);
  const current: string[] = [];
  for (const alert of relevant) {
    const references = alert.references.map((reference) => reference.identifier);
    const bannerId = await bannerOf([alert.id, ...references]);
    if (alert.messageType === "Cancel" || isCancelledByVtec(alert)) {
      // Linked, so the chain stays known; its banner ends below unless another alert keeps it.
      if (bannerId) await linkIds(bannerId, [alert.id]);
      continue;
    }
    current.push(alert.id);
    if (!bannerId) {
      if (await createFromAlert(alert, approval, now)) result.created += 1;
    } else if (!(await isLinked(alert.id))) {
      await updateFromAlert(bannerId, alert, now);
      result.updated += 1;
    }
  }
  const kept = await bannersOf(current);
  const open = await db()
    .select({ id: weatherBanners.id })
    .from(weatherBanners)
    .where(and(eq(weatherBanners.source, "nws"), isNull(weatherBanners.endedAt)));
  result.ended = await endBanners(
    open.map((banner) => banner.id).filter((id) => !kept.has(id)),
    now,
  );
  return result;
}

async function isLinked(alertId: string): Promise<boolean> {
  const [link] = await db()
    .select({ alertId: weatherAlertLinks.alertId })
    .from(weatherAlertLinks)
    .where(eq(weatherAlertLinks.alertId, alertId));
  return link !== undefined;
}

/** The banners that alerts still active (not cancelled) belong to. */
async function bannersOf(alertIds: string[]): Promise<Set<string>> {
  if (alertIds.length === 0) return new Set();
  const links = await db()
    .select({ bannerId: weatherAlertLinks.bannerId })
    .from(weatherAlertLinks)
    .where(inArray(weatherAlertLinks.alertId, alertIds));
  return new Set(links.map((link) => link.bannerId));
}
