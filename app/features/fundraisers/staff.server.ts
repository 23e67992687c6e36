/** The staff's list of fundraiser pages and their decisions (docs/decisions/221-fundraisers.md). */

import { desc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { pageTotals } from "#app/features/donations/index.server";
import * as clock from "#app/lib/clock.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { fundraisersChanged } from "./changes.server";
import { approvedMail, rejectionMail } from "./mails.server";
import { type FundraiserStatus, staffCanMove } from "./status";
import { NO_GIFTS } from "./totals.server";

/**
 * Every page but unconfirmed drafts, for staff: what waits for review first (a pending page or an
 * owner's new story or photo; oldest first), then newest.
 */
export async function staffFundraisers() {
  const pages = await db()
    .select()
    .from(fundraisers)
    .where(sql`${fundraisers.status} <> 'draft'`)
    .orderBy(
      sql`(${fundraisers.status} = 'pending' or ${fundraisers.pendingStory} is not null or ${fundraisers.pendingPhotoKey} is not null) desc`,
      sql`case when ${fundraisers.status} = 'pending' then ${fundraisers.createdAt} end asc`,
      desc(fundraisers.createdAt),
    )
    .limit(500);
  const totals = await pageTotals(pages.map((page) => page.id));
  return pages.map((page) => ({
    page,
    totals: totals.get(page.id) ?? NO_GIFTS,
  }));
}

export type StaffMove =
  | { to: "approved"; staffUserId: string; guidelinesConfirmed: boolean }
  | { to: "rejected"; reason: string }
  | { to: "paused" | "closed" }
  /** A paused page takes gifts again: it was approved before. */
  | { to: "reopened" };

export type StaffMoveResult = "moved" | "not-allowed" | "guidelines";

/**
 * A staff decision on a page, when its status allows it: approving needs the guidelines confirmed
 * and stores who and when; a rejection e-mails its reason to the owner in the same transaction.
 */
export async function moveFundraiser(id: string, move: StaffMove): Promise<StaffMoveResult> {
  if (move.to === "approved" && !move.guidelinesConfirmed) return "guidelines";
  const result = await db().transaction(async (tx) => {
    const [page] = await tx.select().from(fundraisers).where(eq(fundraisers.id, id)).for("update");
    const to: FundraiserStatus = move.to === "reopened" ? "approved" : move.to;
    const allowed =
      move.to === "reopened" ? page?.status === "paused" : page && staffCanMove(page.status, to);
    if (!page || !allowed) return "not-allowed" as const;
    const now = clock.now();
    await tx
      .update(fundraisers)
      .set({
        status: to,
        updatedAt: now,
        ...(move.to === "approved"
          ? { approvedBy: move.staffUserId, approvedAt: now, guidelinesConfirmed: true }
          : {}),
        ...(move.to === "rejected" ? { rejectionReason: move.reason } : {}),
      })
      .where(eq(fundraisers.id, id));
    if (move.to === "rejected") await enqueueMail(tx, rejectionMail(page, move.reason));
    if (move.to === "approved") await enqueueMail(tx, approvedMail(page));
    return "moved" as const;
  });
  if (result === "moved") {
    if (move.to === "rejected" || move.to === "approved") kickOutbox();
    fundraisersChanged();
  }
  return result;
}
