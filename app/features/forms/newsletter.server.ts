import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { newsletterSubscriptions } from "#app/db/schema/forms";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localeTags, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import { handlePublicForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { sendMailSafely } from "#app/lib/mail.server";
import type { Queryable } from "#app/lib/outbox.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";
import { type NewsletterInput, newsletterSchema } from "./schemas";
import type { SignedLinkSubject } from "./signed-link-page.server";

export type NewsletterSource = "launch" | "home";

const UNSUBSCRIBE_PURPOSE = "unsubscribe";
const CONFIRM_PURPOSE = "newsletter-confirm";

function duplicateToast(t: TFunction) {
  return {
    type: "error",
    title: t("newsletter.duplicateTitle"),
    description: t("newsletter.duplicateDescription"),
  } as const;
}

function failureToast(t: TFunction) {
  return { type: "error", title: t("toast.error"), description: t("toast.tryAgain") } as const;
}

function successToast(source: NewsletterSource, firstName: string, t: TFunction) {
  return source === "launch"
    ? {
        type: "success" as const,
        title: t("newsletter.launchThanksTitle"),
        description: t("newsletter.launchThanksDescription", { firstName }),
      }
    : { type: "success" as const, title: t("newsletter.thanksTitle") };
}

/** The action behind both newsletter forms (pre-launch page and landing page). */
export function subscribeToNewsletter(
  request: Request,
  options: { source: NewsletterSource; redirectTo: string },
) {
  return handlePublicForm(request, {
    name: "newsletter",
    schema: newsletterSchema,
    redirectTo: options.redirectTo,
    successToast: (value, { t }) => successToast(options.source, value.firstName, t),
    save: async (value, { locale, t }) => {
      try {
        return await saveSubscription(value, options.source, locale);
      } catch (error) {
        logger.error({ err: error }, "newsletter subscription failed");
        return failureToast(t);
      }
    },
  });
}

/**
 * Inserts under the unique e-mail constraint, so two identical sign-ups at the same moment leave
 * one row; an address that unsubscribed earlier is subscribed again
 * (docs/decisions/020-newsletter-resubscribe-and-unsubscribe.md), in the language of this sign-up.
 * Returns the duplicate toast when the address is already subscribed.
 */
async function saveSubscription(
  value: NewsletterInput,
  source: NewsletterSource,
  language: Locale,
) {
  const [inserted] = await db()
    .insert(newsletterSubscriptions)
    .values({ firstName: value.firstName, email: value.email, source, language })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });

  const subscription =
    inserted ??
    (
      await db()
        .update(newsletterSubscriptions)
        // A new sign-up of an address that left confirms again (double opt-in).
        .set({
          firstName: value.firstName,
          source,
          language,
          unsubscribedAt: null,
          confirmedAt: null,
        })
        .where(
          and(
            eq(newsletterSubscriptions.email, value.email),
            isNotNull(newsletterSubscriptions.unsubscribedAt),
          ),
        )
        .returning({ id: newsletterSubscriptions.id })
    )[0];

  if (!subscription) return duplicateToast(serverT(language));
  await sendWelcomeMail(subscription.id, value, language);
  return undefined;
}

/** The token of a subscription's unsubscribe links. */
export function unsubscribeToken(subscriptionId: string) {
  return signToken(UNSUBSCRIBE_PURPOSE, subscriptionId);
}

/** The unsubscribe page in the subscriber's language. */
export function unsubscribeUrl(subscriptionId: string, language: Locale) {
  const token = unsubscribeToken(subscriptionId);
  const path = localizePath(`/unsubscribe?token=${encodeURIComponent(token)}`, language);
  return `${env().PUBLIC_URL}${path}`;
}

/** The welcome mail's link that confirms the address (double opt-in), in the subscriber's language. */
export function confirmUrl(subscriptionId: string, language: Locale) {
  const token = signToken(CONFIRM_PURPOSE, subscriptionId);
  const path = localizePath(`/newsletter/confirm?token=${encodeURIComponent(token)}`, language);
  return `${env().PUBLIC_URL}${path}`;
}

async function sendWelcomeMail(subscriptionId: string, value: NewsletterInput, language: Locale) {
  const t = serverT(language);
  const org = env().ORG_NAME;
  const link = unsubscribeUrl(subscriptionId, language);
  const confirm = confirmUrl(subscriptionId, language);
  await sendMailSafely({
    to: value.email,
    subject: t("newsletter.welcomeMail.subject", { org }),
    text: [
      t("newsletter.welcomeMail.greeting", { firstName: value.firstName }),
      "",
      t("newsletter.welcomeMail.body", { org }),
      "",
      t("newsletter.welcomeMail.confirm"),
      confirm,
      "",
      t("newsletter.welcomeMail.unsubscribe"),
      link,
    ].join("\n"),
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer their own one-click unsubscribe button.
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Content-Language": localeTags[language],
    },
  });
}

/** The subscription an unsubscribe token names, or null for a forged, malformed or stale token. */
export async function findSubscriptionByToken(
  token: string | null,
): Promise<SignedLinkSubject | null> {
  const id = token ? verifyToken(UNSUBSCRIBE_PURPOSE, token) : null;
  if (!id) return null;
  const [row] = await db()
    .select({
      email: newsletterSubscriptions.email,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  return row ? { email: row.email, done: row.unsubscribedAt !== null } : null;
}

/**
 * Marks the subscription the token names as unsubscribed (keeping the first date when repeated).
 * Returns its e-mail address, or null when the token is not valid.
 */
export async function unsubscribeByToken(token: string | null): Promise<string | null> {
  const id = token ? verifyToken(UNSUBSCRIBE_PURPOSE, token) : null;
  if (!id) return null;
  const [row] = await db()
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscriptions.id, id))
    .returning({ email: newsletterSubscriptions.email });
  return row?.email ?? null;
}

/** The subscription a confirmation token names, or null for a forged or stale token. */
export async function findSubscriptionToConfirm(
  token: string | null,
): Promise<SignedLinkSubject | null> {
  const id = token ? verifyToken(CONFIRM_PURPOSE, token) : null;
  if (!id) return null;
  const [row] = await db()
    .select({
      email: newsletterSubscriptions.email,
      confirmedAt: newsletterSubscriptions.confirmedAt,
    })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.unsubscribedAt)));
  return row ? { email: row.email, done: row.confirmedAt !== null } : null;
}

/** Confirms the address the token names (keeping the first date); its e-mail, or null. */
export async function confirmByToken(token: string | null): Promise<string | null> {
  const id = token ? verifyToken(CONFIRM_PURPOSE, token) : null;
  if (!id) return null;
  const [row] = await db()
    .update(newsletterSubscriptions)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, now())` })
    .where(and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.unsubscribedAt)))
    .returning({ email: newsletterSubscriptions.email });
  return row?.email ?? null;
}

// ---------------------------------------------------------------- what newsletters read and change

export interface Subscriber {
  id: string;
  email: string;
  firstName: string;
  language: string;
}

const receivesNewsletters = and(
  // A donor's opt-in on the gift form is confirmed as it is added (gift-sign-ups.server.ts).
  isNotNull(newsletterSubscriptions.confirmedAt),
  isNull(newsletterSubscriptions.unsubscribedAt),
  isNull(newsletterSubscriptions.mailStoppedAt),
);

/**
 * Everyone a newsletter goes to now: confirmed, not unsubscribed, mail not stopped by a bounce
 * (docs/decisions/291-newsletter-subscribers-and-leaving.md). Read in the caller's transaction.
 */
export function newsletterAudience(runner: Queryable): Promise<Subscriber[]> {
  return runner
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      firstName: newsletterSubscriptions.firstName,
      language: newsletterSubscriptions.language,
    })
    .from(newsletterSubscriptions)
    .where(receivesNewsletters)
    .orderBy(newsletterSubscriptions.createdAt, newsletterSubscriptions.id);
}

/** Which of these subscribers a newsletter may still go to (they may have left since). */
export async function stillReceiving(runner: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await runner
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(and(inArray(newsletterSubscriptions.id, ids), receivesNewsletters));
  return new Set(rows.map((row) => row.id));
}

/** How many of these subscribers unsubscribed after `since`. */
export async function unsubscribedSince(ids: string[], since: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscriptions)
    .where(
      and(
        inArray(newsletterSubscriptions.id, ids),
        sql`${newsletterSubscriptions.unsubscribedAt} > ${since}`,
      ),
    );
  return row?.count ?? 0;
}

/** No newsletter goes to this address again (a hard bounce or a complaint); false if unknown. */
export async function stopNewsletterMail(runner: Queryable, email: string): Promise<boolean> {
  const rows = await runner
    .update(newsletterSubscriptions)
    .set({ mailStoppedAt: sql`coalesce(${newsletterSubscriptions.mailStoppedAt}, now())` })
    .where(eq(newsletterSubscriptions.email, email.trim().toLowerCase()))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
