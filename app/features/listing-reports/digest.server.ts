/**
 * The staff's daily digest of new listing reports (docs/decisions/246-listing-reports-queue.md):
 * after midnight in Houston, the reports made the day before go in one e-mail to
 * STAFF_NOTIFY_EMAIL, queued under a key naming that day, so it goes once whatever the restarts or
 * the number of processes running the sweep (the pattern of app/features/shifts/reminders.server.ts).
 */

import { and, asc, gte, lt } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { listingReports } from "#app/db/schema/listing-reports";
import { listingNames } from "#app/features/services/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import * as clock from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { fromHoustonLocal, houstonToday } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { reasonLabel } from "./reasons";

const DAY = 86_400_000;

/** Queues yesterday's digest (Houston days) if there is a staff address and a report; true when new. */
export async function queueReportsDigest(now: Date = clock.now()): Promise<boolean> {
  const to = env().STAFF_NOTIFY_EMAIL;
  if (!to) return false;
  const today = houstonToday(now);
  // Noon is never skipped by a change of clocks: a day before it is yesterday.
  const yesterday = houstonToday(new Date(fromHoustonLocal(`${today}T12:00`)!.getTime() - DAY));
  const from = fromHoustonLocal(`${yesterday}T00:00`)!;
  const until = fromHoustonLocal(`${today}T00:00`)!;
  const made = await db()
    .select({
      serviceId: listingReports.serviceId,
      reason: listingReports.reason,
      note: listingReports.note,
    })
    .from(listingReports)
    .where(and(gte(listingReports.createdAt, from), lt(listingReports.createdAt, until)))
    .orderBy(asc(listingReports.createdAt));
  const names = await listingNames(made.map((report) => report.serviceId));
  const reports = made.flatMap((report) => {
    const listing = names.get(report.serviceId);
    return listing ? [{ ...report, name: listing.name }] : [];
  });
  if (reports.length === 0) return false;
  const t = serverT("en");
  const lines = reports.map(
    (report) =>
      `- ${report.name}: ${t(reasonLabel(report.reason))}${report.note ? `\n  ${report.note}` : ""}`,
  );
  const queued = await enqueueMail(db(), {
    dedupeKey: `listing-reports-digest:${yesterday}`,
    kind: "listing-reports-digest",
    to,
    subject: t("listingReport.digest.subject", { count: reports.length, date: yesterday }),
    text: `${lines.join("\n")}\n\n${env().PUBLIC_URL}/admin/services/reports\n`,
  });
  if (queued) kickOutbox();
  return queued;
}

const SWEEP_MS = 15 * 60_000;
let timer: NodeJS.Timeout | undefined;

/** Runs the digest sweep every quarter hour for as long as the app runs (the key dedupes). */
export function startReportsDigestWorker() {
  if (timer) return;
  const round = () =>
    void queueReportsDigest().catch((error) =>
      logger.error({ err: error }, "reports digest failed"),
    );
  timer = setInterval(round, SWEEP_MS);
  timer.unref();
  round();
}

export function stopReportsDigestWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
