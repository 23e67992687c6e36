/**
 * The posts of the owner's management page (routes/manage.tsx,
 * docs/decisions/222-fundraiser-owner-link.md): each carries the signed link's token, which names
 * the one page it may change. Edits answer a refused form with its messages; the rest redirect
 * back with a toast.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { now } from "#app/lib/clock.server";
import { assertFormPost, formRefusal, readForm } from "#app/lib/form-actions.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { editFundraiser, ownerMoveFundraiser } from "./owner.server";
import { ownerPageId, ownerPath, UUID } from "./owner-link.server";
import { photoField, refuseOversizedPhotoPost } from "./photos.server";
import { fundraiserLimits } from "./rules";
import { pageFields } from "./schemas.server";
import { THANKS_PER_POST, thankDonors } from "./thanks.server";

/** Posts of the page per client (edits, moves, thanks), against guessing and floods. */
const PER_CLIENT = { points: 30, durationSeconds: 600 };
/** Thank-you posts an hour, per owner address and per client. */
export const THANKS_LIMIT = { points: 10, durationSeconds: 3600 };

const thanksSchema = (t: TFunction) =>
  z.object({
    // Checked as a whole, so the message shows by the list of gifts (not by one checkbox).
    gift: z
      .array(z.string())
      .min(1, t("fundraising.thanks.noneChosen"))
      .max(THANKS_PER_POST, t("fundraising.thanks.tooMany", { max: THANKS_PER_POST }))
      .refine((ids) => ids.every((id) => UUID.test(id)), t("fundraising.thanks.noneChosen")),
    message: z
      .string({ error: t("fundraising.thanks.empty") })
      .trim()
      .min(1, t("fundraising.thanks.empty"))
      .max(fundraiserLimits.thanks, t("validation.tooLong", { max: fundraiserLimits.thanks })),
  });

const MOVES = {
  pause: "fundraising.manage.donePause",
  reopen: "fundraising.manage.doneReopen",
  close: "fundraising.manage.doneClose",
} as const;

function tooMany(t: TFunction, wait: number, intent: string) {
  return data(formRefusal(t("forms.tooMany", { minutes: Math.ceil(wait / 60) }), { intent }), {
    status: 429,
    headers: { "Retry-After": String(wait) },
  });
}

export async function ownerAction(request: Request) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  // Only the edit form is multipart (it carries the photo).
  const refused = await refuseOversizedPhotoPost(request, t, "edit");
  if (refused) return data(refused.reply, { status: refused.status });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const wait = await consumeRateLimit("fundraise:manage", clientKey(request), PER_CLIENT);
  if (wait !== null) return tooMany(t, wait, intent);
  const token = String(form.get("token") ?? "");
  const id = ownerPageId(token);
  const [page] = id ? await db().select().from(fundraisers).where(eq(fundraisers.id, id)) : [];
  if (!page || page.status === "draft") {
    return data(formRefusal(t("fundraising.manage.invalid"), { intent }), { status: 404 });
  }
  const back = localizePath(ownerPath(token), locale);

  if (intent === "edit") {
    const submission = await parseWithZod(form, {
      schema: z.object({ ...pageFields(t, now(), page.endDate), photo: photoField(t) }),
      async: true,
    });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const result = await editFundraiser(page.id, submission.value);
    return redirectWithToast(
      back,
      result === "not-allowed"
        ? { type: "error", title: t("fundraising.manage.notAllowed") }
        : {
            type: "success",
            title: t(
              result === "review" ? "fundraising.manage.savedReview" : "fundraising.manage.saved",
            ),
          },
    );
  }

  if (intent === "thank") {
    const submission = parseWithZod(form, { schema: thanksSchema(t) });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    for (const [name, key] of [
      ["fundraise:thanks-owner", page.ownerEmail],
      ["fundraise:thanks-client", clientKey(request)],
    ]) {
      const waitThanks = await consumeRateLimit(name, key, THANKS_LIMIT);
      if (waitThanks !== null) return tooMany(t, waitThanks, intent);
    }
    const sent = await thankDonors(page.id, submission.value.gift, submission.value.message);
    return redirectWithToast(back, {
      type: "success",
      title:
        sent > 0 ? t("fundraising.thanks.sent", { count: sent }) : t("fundraising.thanks.sentNone"),
    });
  }

  const move = Object.hasOwn(MOVES, intent) ? (intent as keyof typeof MOVES) : null;
  if (!move) return data(formRefusal(t("fundraising.manage.notAllowed"), {}), { status: 400 });
  const moved = await ownerMoveFundraiser(page.id, move);
  return redirectWithToast(
    back,
    moved
      ? { type: "success", title: t(MOVES[move]) }
      : { type: "error", title: t("fundraising.manage.notAllowed") },
  );
}
