/**
 * The Fundraisers tab's other posts (docs/decisions/225-fundraiser-staff-tools.md): editors and
 * admins correct a page's text; finance and admins move a gift to another page or to the general
 * fund, with a note that is logged.
 */
import { z } from "zod";
import { serverT } from "#app/i18n/catalogs.server";
import { backTo } from "#app/lib/admin/actions.server";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { requireRole } from "#app/lib/auth/session.server";
import { requiredLine } from "#app/lib/form-fields";
import { logger } from "#app/lib/logger.server";
import { formatCents } from "#app/lib/money";
import { redirectWithToast } from "#app/lib/toast.server";
import { editPageText } from "../edit-review.server";
import { moveGift, pageGifts, recentGiftMoves } from "../gift-moves.server";
import { fundraiserLimits } from "../rules";
import { pageFields } from "../schemas.server";
import { PUBLIC_STATUSES } from "../status";
import { FUNDRAISER_DECIDERS, GIFT_MOVERS, NOTE_MAX } from "./tab";

const GENERAL_FUND = "general";

/** Staff's own correction of a page's title and story, with the start form's rules. */
export async function editTextAction(request: Request, form: FormData) {
  await requireRole(request, [...FUNDRAISER_DECIDERS]);
  const back = backTo(request);
  const t = serverT("en");
  const parsed = z
    .object({
      id: z.uuid(),
      title: requiredLine(t, t("fundraising.errors.title"), fundraiserLimits.title),
      story: pageFields(t).story,
    })
    .safeParse({ id: form.get("id"), title: form.get("title"), story: form.get("story") });
  if (!parsed.success) {
    return redirectWithToast(back, {
      type: "error",
      title: "The text was not saved",
      description: parsed.error.issues[0]?.message,
    });
  }
  const { id, ...text } = parsed.data;
  const saved = await editPageText(id, text);
  return redirectWithToast(
    back,
    saved
      ? { type: "success", title: "Fundraiser text saved: the page shows it now" }
      : { type: "error", title: "That change is not possible for this fundraiser now" },
  );
}

const moveSchema = z.object({
  donation: z.uuid(),
  to: z.union([z.literal(GENERAL_FUND), z.uuid()]),
  note: z.string().trim().min(1).max(NOTE_MAX),
});

const MOVE_PROBLEMS = {
  "no-gift": "That gift is not on a fundraiser page",
  "no-page": "Choose a fundraiser page the public sees, or the general fund",
  same: "The gift is already on that page",
} as const;

/** Moves one gift, with its note, for finance and admins. */
export async function moveGiftAction(request: Request, form: FormData) {
  const user = await requireRole(request, [...GIFT_MOVERS]);
  const back = backTo(request);
  const parsed = moveSchema.safeParse({
    donation: form.get("donation"),
    to: form.get("to"),
    note: form.get("note") ?? "",
  });
  if (!parsed.success) {
    return redirectWithToast(back, {
      type: "error",
      title: `Choose where the gift goes and write a note (at most ${NOTE_MAX} characters)`,
    });
  }
  const { donation, to, note } = parsed.data;
  try {
    const result = await moveGift(donation, to === GENERAL_FUND ? null : to, note, user.id);
    if (result !== "moved")
      return redirectWithToast(back, { type: "error", title: MOVE_PROBLEMS[result] });
  } catch (error) {
    logger.error({ err: error, donation }, "moving a fundraiser gift failed");
    return redirectWithToast(back, { type: "error", title: "The gift could not be moved" });
  }
  return redirectWithToast(back, { type: "success", title: "Gift moved; the note is logged" });
}

/**
 * What finance needs to move gifts: each listed page's gifts, the pages a gift may go to (those
 * the public sees), and the latest moves with their notes.
 */
export async function giftMovesView(pages: { id: string; title: string; status: string }[]) {
  const titles = new Map(pages.map((page) => [page.id, page.title]));
  const gifts = await pageGifts(pages.map((page) => page.id));
  const place = (id: string | null) =>
    id ? (titles.get(id) ?? "(a page not listed)") : "General fund";
  return {
    gifts: Object.fromEntries(
      [...gifts].map(([pageId, list]) => [
        pageId,
        list.map((gift) => ({
          id: gift.id,
          label: `${gift.donor}, ${formatCents(gift.amountCents)}, ${formatDisplayDate(gift.at)}`,
        })),
      ]),
    ),
    targets: pages
      .filter((page) => PUBLIC_STATUSES.includes(page.status))
      .map((page) => ({ id: page.id, title: page.title })),
    log: (await recentGiftMoves()).map((move) => ({
      id: move.id,
      date: formatDisplayDate(move.createdAt),
      from: place(move.fromFundraiserId),
      to: place(move.toFundraiserId),
      note: move.note,
    })),
  };
}

export type GiftMovesView = Awaited<ReturnType<typeof giftMovesView>>;
