import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { newsletterSubscriptions } from "#app/db/schema";
import { env } from "./env.server";
import { handlePublicForm } from "./forms.server";
import { logger } from "./logger.server";
import { sendMailSafely } from "./mail.server";
import { type NewsletterInput, newsletterSchema } from "./schemas";
import { signToken, verifyToken } from "./tokens.server";

export type NewsletterSource = "launch" | "home";

const UNSUBSCRIBE_PURPOSE = "unsubscribe";

const duplicateToast = {
  type: "error",
  title: "Already subscribed",
  description: "This email address is already subscribed to our newsletter.",
} as const;

const failureToast = {
  type: "error",
  title: "Error",
  description: "Something went wrong. Please try again.",
} as const;

function successToast(source: NewsletterSource, firstName: string) {
  return source === "launch"
    ? {
        type: "success" as const,
        title: "Thank you for subscribing!",
        description: `We'll keep you updated on our launch, ${firstName}.`,
      }
    : { type: "success" as const, title: "Thank you for subscribing" };
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
    successToast: (value) => successToast(options.source, value.firstName),
    save: async (value) => {
      try {
        return await saveSubscription(value, options.source);
      } catch (error) {
        logger.error({ err: error }, "newsletter subscription failed");
        return failureToast;
      }
    },
  });
}

/**
 * Inserts under the unique e-mail constraint, so two identical sign-ups at the same moment leave
 * one row; an address that unsubscribed earlier is subscribed again (docs/decisions/020).
 * Returns the duplicate toast when the address is already subscribed, else undefined.
 */
async function saveSubscription(value: NewsletterInput, source: NewsletterSource) {
  const [inserted] = await db()
    .insert(newsletterSubscriptions)
    .values({ firstName: value.firstName, email: value.email, source })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });

  const subscription =
    inserted ??
    (
      await db()
        .update(newsletterSubscriptions)
        .set({ firstName: value.firstName, source, unsubscribedAt: null })
        .where(
          and(
            eq(newsletterSubscriptions.email, value.email),
            isNotNull(newsletterSubscriptions.unsubscribedAt),
          ),
        )
        .returning({ id: newsletterSubscriptions.id })
    )[0];

  if (!subscription) return duplicateToast;
  await sendWelcomeMail(subscription.id, value);
  return undefined;
}

export function unsubscribeUrl(subscriptionId: string) {
  const token = signToken(UNSUBSCRIBE_PURPOSE, subscriptionId);
  return `${env().PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function sendWelcomeMail(subscriptionId: string, value: NewsletterInput) {
  const { ORG_NAME } = env();
  const link = unsubscribeUrl(subscriptionId);
  await sendMailSafely({
    to: value.email,
    subject: `Welcome to the ${ORG_NAME} newsletter`,
    text: [
      `Hi ${value.firstName},`,
      "",
      `Thank you for subscribing to news from ${ORG_NAME}. We will write to you about our launch,`,
      "our programs and ways to help people experiencing homelessness in Houston.",
      "",
      "If you did not sign up, or no longer want these e-mails, unsubscribe with one click:",
      link,
    ].join("\n"),
    // RFC 2369 and RFC 8058: mail clients offer their own one-click unsubscribe button.
    headers: {
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

export interface SubscriptionForToken {
  email: string;
  unsubscribed: boolean;
}

/** The subscription an unsubscribe token names, or null for a forged, malformed or stale token. */
export async function findSubscriptionByToken(
  token: string | null,
): Promise<SubscriptionForToken | null> {
  const id = token ? verifyToken(UNSUBSCRIBE_PURPOSE, token) : null;
  if (!id) return null;
  const [row] = await db()
    .select({
      email: newsletterSubscriptions.email,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  return row ? { email: row.email, unsubscribed: row.unsubscribedAt !== null } : null;
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
