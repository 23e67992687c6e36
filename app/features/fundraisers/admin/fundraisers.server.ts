/** The staff side of fundraiser pages (docs/decisions/221-fundraisers.md). */

import { z } from "zod";
import { fundraisers } from "#app/db/schema/fundraisers";
import { pageTotals } from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { languageName } from "#app/i18n/locales";
import { backTo, loadList } from "#app/lib/admin/actions.server";
import {
  type DateRange,
  formatCsvDate,
  formatDisplayDate,
  withinRange,
} from "#app/lib/admin/dates.server";
import { newestFirstBatches } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { formatCents } from "#app/lib/money";
import { redirectWithToast } from "#app/lib/toast.server";
import { reviewOwnerEdit } from "../edit-review.server";
import { GUIDELINE_KEYS } from "../guidelines";
import { pagePhoto } from "../photo";
import { moveFundraiser, type StaffMove, staffFundraisers } from "../staff.server";
import { editTextAction, giftMovesView, moveGiftAction } from "./staff-tools.server";
import { FUNDRAISER_DECIDERS, fundraisersTab, GIFT_MOVERS, REASON_MAX } from "./tab";

const STATUS_LABELS: Record<string, string> = {
  pending: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  paused: "Paused",
  closed: "Closed",
};

export async function fundraisersTabLoader(request: Request) {
  const user = await requireRole(request, tabRoles(fundraisersTab));
  const loaded = await loadList(
    async () =>
      (await staffFundraisers()).map(({ page, totals }) => ({
        id: page.id,
        slug: page.slug,
        title: page.title,
        owner: page.ownerName,
        email: page.ownerEmail,
        language: languageName(page.language),
        story: page.story,
        pendingStory: page.pendingStory,
        photo: pagePhoto(page.photoKey, page.photoWidth, page.photoHeight),
        pendingPhoto: pagePhoto(
          page.pendingPhotoKey,
          page.pendingPhotoWidth,
          page.pendingPhotoHeight,
        ),
        status: page.status,
        statusLabel: STATUS_LABELS[page.status] ?? page.status,
        goal: formatCents(page.goalCents),
        showProgress: page.showProgress,
        endDate: page.endDate,
        raised: formatCents(totals.raisedCents),
        gifts: totals.gifts,
        rejectionReason: page.rejectionReason,
        approvedAt: page.approvedAt ? formatDisplayDate(page.approvedAt) : null,
        created: formatDisplayDate(page.createdAt),
      })),
    "Failed to load fundraisers",
  );
  const t = serverT("en");
  const canMoveGifts =
    user.role === "admin" || (GIFT_MOVERS as readonly string[]).includes(user.role);
  return {
    ...loaded,
    canDecide:
      user.role === "admin" || (FUNDRAISER_DECIDERS as readonly string[]).includes(user.role),
    guidelines: GUIDELINE_KEYS.map((key) => t(key)),
    giftMoves: canMoveGifts && loaded.list ? await giftMovesView(loaded.list) : null,
  };
}

const decisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    id: z.uuid(),
    /** One box per guideline, each ticked. */
    guideline: z.array(z.literal("on")).length(GUIDELINE_KEYS.length),
  }),
  z.object({
    intent: z.literal("reject"),
    id: z.uuid(),
    reason: z.string().trim().min(1).max(REASON_MAX),
  }),
  z.object({ intent: z.enum(["pause", "close", "reopen"]), id: z.uuid() }),
  z.object({ intent: z.literal("accept-edit"), id: z.uuid() }),
  z.object({
    intent: z.literal("reject-edit"),
    id: z.uuid(),
    reason: z.string().trim().min(1).max(REASON_MAX),
  }),
]);

const MOVES = { pause: "paused", close: "closed", reopen: "reopened" } as const;

const DONE: Record<string, string> = {
  approve: "Fundraiser approved: its page is public",
  reject: "Fundraiser rejected: the reason was e-mailed to its owner",
  pause: "Fundraiser paused: its page takes no gifts",
  close: "Fundraiser closed",
  reopen: "Fundraiser reopened: its page takes gifts again",
  "accept-edit": "Owner's changes accepted: the page shows them now",
  "reject-edit": "Owner's changes turned down: the reason was e-mailed to the owner",
};

/**
 * Approve (guidelines confirmed), reject with a reason, pause, close or reopen one page, or review
 * an owner's new story or photo; a page's text and gift moves are staff-tools.server.ts's, with their roles.
 */
export async function fundraisersTabAction(request: Request) {
  await requireRole(request, tabRoles(fundraisersTab));
  assertFormPost(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "move-gift") return moveGiftAction(request, formData);
  if (intent === "edit-text") return editTextAction(request, formData);
  const user = await requireRole(request, [...FUNDRAISER_DECIDERS]);
  const back = backTo(request);
  const parsed = decisionSchema.safeParse({
    intent: formData.get("intent"),
    id: formData.get("id"),
    guideline: formData.getAll("guideline"),
    reason: formData.get("reason") ?? undefined,
  });
  if (!parsed.success) {
    return redirectWithToast(back, {
      type: "error",
      title:
        intent === "approve"
          ? "Confirm every guideline before approving"
          : intent === "reject" || intent === "reject-edit"
            ? `Give a reason for the owner (at most ${REASON_MAX} characters)`
            : "The fundraiser could not be changed",
    });
  }
  const decision = parsed.data;
  if (decision.intent === "accept-edit" || decision.intent === "reject-edit") {
    const reviewed = await reviewOwnerEdit(
      decision.id,
      decision.intent === "accept-edit"
        ? { accept: true }
        : { accept: false, reason: decision.reason },
    );
    return redirectWithToast(
      back,
      reviewed
        ? { type: "success", title: DONE[decision.intent] }
        : { type: "error", title: "That change is not possible for this fundraiser now" },
    );
  }
  const move: StaffMove =
    decision.intent === "approve"
      ? { to: "approved", staffUserId: user.id, guidelinesConfirmed: true }
      : decision.intent === "reject"
        ? { to: "rejected", reason: decision.reason }
        : { to: MOVES[decision.intent] };
  try {
    const result = await moveFundraiser(decision.id, move);
    if (result !== "moved") {
      return redirectWithToast(back, {
        type: "error",
        title: "That change is not possible for this fundraiser now",
      });
    }
  } catch (error) {
    logger.error({ err: error, id: decision.id }, "changing a fundraiser failed");
    return redirectWithToast(back, { type: "error", title: "The fundraiser could not be changed" });
  }
  return redirectWithToast(back, { type: "success", title: DONE[decision.intent] });
}

/** fundraisers.csv's columns (docs/decisions/221-fundraisers.md). */
export const FUNDRAISER_CSV_COLUMNS = [
  "Title",
  "Owner",
  "Email",
  "Status",
  "Goal",
  "Raised",
  "Gifts",
  "End date",
  "Started",
  "Approved",
  "Address",
  "Language",
];

/**
 * Every page started in the range (unconfirmed drafts included, so staff see abandoned starts),
 * newest first, with its raised total counted as the public page counts it.
 */
export async function* fundraiserCsvRows(range: DateRange): AsyncGenerator<string[][]> {
  for await (const batch of newestFirstBatches(
    fundraisers,
    withinRange(fundraisers.createdAt, range),
  )) {
    const totals = await pageTotals(batch.map((page) => page.id));
    yield batch.map((page) => {
      const total = totals.get(page.id);
      return [
        page.title,
        page.ownerName,
        page.ownerEmail,
        STATUS_LABELS[page.status] ?? "Draft (e-mail not confirmed)",
        formatCents(page.goalCents),
        formatCents(total?.raisedCents ?? 0),
        String(total?.gifts ?? 0),
        page.endDate ?? "",
        formatCsvDate(page.createdAt),
        page.approvedAt ? formatCsvDate(page.approvedAt) : "",
        `/fundraise/${page.slug}`,
        languageName(page.language),
      ];
    });
  }
}
