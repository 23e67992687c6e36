/**
 * The Services tab's queue of open reports (docs/decisions/246-listing-reports-queue.md): newest
 * first, each with its service; staff dismiss one or mark the listing verified today, and the
 * reporter, if they left an e-mail, hears so through the outbox in the language they reported in.
 */

import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { listingReports } from "#app/db/schema/listing-reports";
import { listingNames, markListingVerified } from "#app/features/services/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { listingVerified } from "./changes.server";

export type Resolution = "dismissed" | "verified";

/** The open reports, newest first, each with its listing's name (a listing since removed drops its reports). */
export async function openReports() {
  const reports = await db()
    .select({
      id: listingReports.id,
      serviceId: listingReports.serviceId,
      reason: listingReports.reason,
      note: listingReports.note,
      email: listingReports.email,
      createdAt: listingReports.createdAt,
    })
    .from(listingReports)
    .where(isNull(listingReports.resolvedAt))
    .orderBy(desc(listingReports.createdAt));
  const names = await listingNames(reports.map((report) => report.serviceId));
  return reports.flatMap((report) => {
    const listing = names.get(report.serviceId);
    return listing ? [{ ...report, serviceName: listing.name }] : [];
  });
}

/**
 * Resolves an open report; "verified" also sets the service's last verified date to `today`
 * (Houston, "YYYY-MM-DD"). False when the report is unknown or already resolved.
 */
export async function resolveReport(id: string, resolution: Resolution, today: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const resolved = await db().transaction(async (tx) => {
    const [report] = await tx
      .update(listingReports)
      .set({ resolvedAt: clock.now(), resolution })
      .where(and(eq(listingReports.id, id), isNull(listingReports.resolvedAt)))
      .returning();
    if (!report) return false;
    if (resolution === "verified") {
      await markListingVerified(tx, report.serviceId, today);
    }
    if (report.email) {
      const t = serverT(isLocale(report.language) ? report.language : "en");
      await enqueueMail(tx, {
        dedupeKey: `listing-report-resolved:${report.id}`,
        kind: "listing-report-resolved",
        to: report.email,
        subject: t("listingReport.mail.subject"),
        text: t("listingReport.mail.body"),
      });
    }
    return true;
  });
  if (resolved) kickOutbox();
  if (resolved && resolution === "verified") listingVerified();
  return resolved;
}
