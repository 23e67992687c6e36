/**
 * Each service's secret update link (docs/decisions/228-bed-update-links.md): a signed token of the
 * service id and the link's version (app/lib/tokens.server.ts). Rotating bumps the version and
 * revoking deletes the row, so an old or revoked link matches nothing. Staff send it by e-mail
 * through the outbox, in the recipient's language.
 */
import { eq, sql } from "drizzle-orm";
import { db, selectRows } from "#app/db/client.server";
import { bedUpdateLinks } from "#app/db/schema/beds";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localizePath } from "#app/i18n/locales";
import { env } from "#app/lib/env.server";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";

const PURPOSE = "bed-update";

function tokenOf(serviceId: string, version: number): string {
  return signToken(PURPOSE, `${version}:${serviceId}`);
}

/** The link's path in `locale`, e.g. /es/beds/update?token=... */
export function updatePath(token: string, locale: Locale): string {
  return `${localizePath("/beds/update", locale)}?token=${encodeURIComponent(token)}`;
}

/** The live link's token of a service, or null when it has none. */
export async function linkToken(serviceId: string): Promise<string | null> {
  const [link] = await db()
    .select({ version: bedUpdateLinks.version })
    .from(bedUpdateLinks)
    .where(eq(bedUpdateLinks.serviceId, serviceId));
  return link ? tokenOf(serviceId, link.version) : null;
}

/** The service a token opens, or null for a forged, malformed, old or revoked one. */
export async function serviceOfToken(token: string | null): Promise<string | null> {
  if (!token || token.length > 600) return null;
  const subject = verifyToken(PURPOSE, token);
  const match = subject?.match(/^(\d{1,9}):(.+)$/s);
  if (!match) return null;
  const [, version, serviceId] = match;
  const rows = await selectRows<{ service_id: string }>(
    sql`select service_id from bed_update_links
      where service_id = ${serviceId} and version = ${Number(version)}`,
  );
  return rows[0]?.service_id ?? null;
}

/** Makes a new link (the old one stops working at once); returns its token. */
export async function rotateLink(serviceId: string): Promise<string> {
  const [link] = await db()
    .insert(bedUpdateLinks)
    .values({ serviceId })
    .onConflictDoUpdate({
      target: bedUpdateLinks.serviceId,
      set: { version: sql`${bedUpdateLinks.version} + 1`, createdAt: sql`now()` },
    })
    .returning({ version: bedUpdateLinks.version });
  return tokenOf(serviceId, link.version);
}

/** The link stops working; false when there was none. */
export async function revokeLink(serviceId: string): Promise<boolean> {
  const removed = await db()
    .delete(bedUpdateLinks)
    .where(eq(bedUpdateLinks.serviceId, serviceId))
    .returning({ serviceId: bedUpdateLinks.serviceId });
  return removed.length > 0;
}

/**
 * E-mails the live link (made first if there is none) to `to`, in `locale`, through the outbox,
 * and notes where and when it went.
 */
export async function sendLink(
  service: { id: string; name: string },
  to: string,
  locale: Locale,
  now: Date,
): Promise<void> {
  const token = (await linkToken(service.id)) ?? (await rotateLink(service.id));
  const t = serverT(locale);
  await db().transaction(async (tx) => {
    await enqueueMail(tx, {
      dedupeKey: `bed-link:${service.id}:${to}:${now.getTime()}`,
      kind: "bed-link",
      to,
      subject: t("beds.mail.subject", { name: service.name }),
      text: [
        t("beds.mail.intro", { name: service.name }),
        "",
        `${env().PUBLIC_URL}${updatePath(token, locale)}`,
        "",
        t("beds.mail.secret"),
        "",
        env().ORG_NAME,
      ].join("\n"),
    });
    await tx
      .update(bedUpdateLinks)
      .set({ sentTo: to, sentAt: now })
      .where(eq(bedUpdateLinks.serviceId, service.id));
  });
  kickOutbox();
}
