/**
 * The owner thanks donors by e-mail through the site (docs/decisions/222-fundraiser-owner-link.md):
 * the owner never sees a donor's address; each gift is thanked at most once (the outbox's dedupe
 * key names it), in the donor's language.
 */
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { fundraisers } from "#app/db/schema/fundraisers";
import { pageGifts } from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { firstName } from "./mails.server";
import { thanksKey } from "./owner.server";

/** Gifts one post may thank. */
export const THANKS_PER_POST = 100;

/**
 * Queues the owner's message to the donors of the chosen gifts of page `id` (gifts of other pages
 * are ignored). Returns how many e-mails were queued; a gift already thanked queues none.
 */
export async function thankDonors(id: string, giftIds: string[], message: string) {
  const [page] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
  if (!page || page.status === "draft" || giftIds.length === 0) return 0;
  const gifts = await pageGifts([id], {
    which: "succeeded",
    limit: THANKS_PER_POST,
    giftIds,
    withEmail: true,
  });
  const owner = firstName(page.ownerName);
  const queued = await db().transaction(async (tx) => {
    let count = 0;
    for (const gift of gifts) {
      const t = serverT(isLocale(gift.language) ? gift.language : "en");
      const sent = await enqueueMail(tx, {
        dedupeKey: thanksKey(gift.id),
        kind: "fundraiser-thanks",
        to: gift.donorEmail ?? "",
        subject: t("fundraising.thanks.mailSubject", { owner, title: page.title }),
        text: [
          t("fundraising.mail.greeting", {
            name: firstName(gift.donorName ?? "") || t("fundraising.thanks.friend"),
          }),
          "",
          t("fundraising.thanks.mailBody", { owner, title: page.title }),
          "",
          message,
          "",
          env().ORG_NAME,
        ].join("\n"),
      });
      if (sent) count += 1;
    }
    return count;
  });
  if (queued > 0) kickOutbox();
  return queued;
}
