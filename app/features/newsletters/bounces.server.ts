import { createHash, timingSafeEqual } from "node:crypto";
import { desc } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { newsletterBounces } from "#app/db/schema/newsletters";
import { stopNewsletterMail } from "#app/features/forms/index.server";
import { env } from "#app/lib/env.server";

/**
 * The SMTP provider's bounce and complaint notices (docs/decisions/291-newsletter-subscribers-and-leaving.md):
 * every notice is kept for the tab; a hard bounce or a complaint stops newsletters to the address.
 */

export const bounceNoticeSchema = z.object({
  type: z.enum(["bounce", "complaint"]),
  email: z.email().max(320),
  /** For a bounce: hard (the address does not exist) or soft (full mailbox, try later). */
  bounceType: z.enum(["hard", "soft"]).optional(),
  detail: z.string().max(1000).optional(),
});
export type BounceNotice = z.infer<typeof bounceNoticeSchema>;

/** Whether the request carries the webhook's shared secret (compared in constant time). */
export function hasWebhookSecret(given: string | null): boolean {
  const secret = env().NEWSLETTER_WEBHOOK_SECRET;
  if (!secret || !given) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** Keeps the notice and, for a hard bounce or a complaint, stops mail to the address. */
export async function recordBounce(notice: BounceNotice) {
  const kind = notice.type === "complaint" ? "complaint" : (notice.bounceType ?? "hard");
  const email = notice.email.trim().toLowerCase();
  return db().transaction(async (tx) => {
    await tx.insert(newsletterBounces).values({ email, kind, detail: notice.detail ?? null });
    return kind === "soft" ? false : stopNewsletterMail(tx, email);
  });
}

export function latestBounces(limit = 50) {
  return db()
    .select()
    .from(newsletterBounces)
    .orderBy(desc(newsletterBounces.createdAt), desc(newsletterBounces.id))
    .limit(limit);
}
