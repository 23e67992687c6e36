/**
 * The server side of the donor's "Manage your gifts" page (routes/manage.tsx): what its forms may
 * post and what each post does, as toasts on a redirect back to the page. The data work itself is
 * in manage.server.ts; the page's signed link is described in
 * docs/decisions/075-donor-self-service.md.
 */
import { data } from "react-router";
import { z } from "zod";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import {
  cancelMonthlyGift,
  changeMonthlyAmount,
  emailStatement,
  requestManageLink,
} from "./manage.server";
import { checkManageToken } from "./manage-link.server";

const actionSchema = (t: TFunction) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("request-link"),
      email: z.email(t("donation.errors.email")).max(254, t("donation.errors.email")),
    }),
    z.object({
      intent: z.literal("cancel"),
      token: z.string().max(300),
      giftId: z.string().max(64),
    }),
    z.object({
      intent: z.literal("change-amount"),
      token: z.string().max(300),
      giftId: z.string().max(64),
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,7}$/, t("donation.amount.notWhole")),
    }),
    z.object({
      intent: z.literal("email-statement"),
      token: z.string().max(300),
      year: z.coerce.number().int().min(2000).max(2100),
    }),
  ]);

/**
 * Answers a post of the page: a new link by e-mail, or, with a valid link, cancelling or changing a
 * monthly gift or e-mailing a year's statement. Every answer is a redirect with a toast, except a
 * refused form or the rate limit, whose message the page shows.
 */
export async function manageGiftsAction(request: Request) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const wait = await consumeRateLimit("donate:manage", clientKey(request), {
    points: 20,
    durationSeconds: 600,
  });
  if (wait !== null) {
    return data({ error: t("manage.tooMany") }, { status: 429 });
  }
  const parsed = actionSchema(t).safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? t("manage.checkForm") },
      { status: 400 },
    );
  }
  const input = parsed.data;
  if (input.intent === "request-link") {
    await requestManageLink(input.email.toLowerCase(), locale);
    return redirectWithToast(localizePath("/donate/manage", locale), {
      type: "success",
      title: t("manage.linkSentTitle"),
      description: t("manage.linkSentDescription"),
    });
  }
  const check = checkManageToken(input.token);
  if ("problem" in check) {
    return redirectWithToast(localizePath("/donate/manage", locale), {
      type: "error",
      title: t("manage.expiredTitle"),
      description: t("manage.expiredDescription"),
    });
  }
  const back = localizePath(`/donate/manage?token=${encodeURIComponent(input.token)}`, locale);
  try {
    if (input.intent === "cancel") {
      const canceled = await cancelMonthlyGift(check.email, input.giftId);
      return redirectWithToast(
        back,
        canceled
          ? {
              type: "success",
              title: t("manage.canceledTitle"),
              description: t("manage.canceledDescription"),
            }
          : { type: "error", title: t("toast.error"), description: t("manage.cannotCancel") },
      );
    }
    if (input.intent === "change-amount") {
      const problem = await changeMonthlyAmount(check.email, input.giftId, Number(input.amount), {
        t,
        locale,
      });
      return redirectWithToast(
        back,
        problem
          ? { type: "error", title: t("toast.error"), description: problem }
          : {
              type: "success",
              title: t("manage.updatedTitle"),
              description: t("manage.updatedDescription"),
            },
      );
    }
    await emailStatement(check.email, input.year, locale);
    return redirectWithToast(back, {
      type: "success",
      title: t("manage.statementSentTitle"),
      description: t("manage.statementSentDescription", { year: input.year }),
    });
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "gift management failed");
    return redirectWithToast(back, {
      type: "error",
      title: t("toast.error"),
      description: t("toast.tryAgain"),
    });
  }
}
