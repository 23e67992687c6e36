/** The fundraiser owner's e-mails, in the owner's language, for the durable outbox. */
import type { fundraisers } from "#app/db/schema/fundraisers";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale, type Locale, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import type { OutboxMail } from "#app/lib/outbox.server";
import { signToken, verifyToken } from "#app/lib/tokens.server";
import { ownerUrl } from "./owner-link.server";

type Fundraiser = typeof fundraisers.$inferSelect;

const CONFIRM_PURPOSE = "fundraiser-confirm";

export function ownerLocale(page: Pick<Fundraiser, "language">): Locale {
  return isLocale(page.language) ? page.language : "en";
}

/** The first word of the owner's name: all the public page shows of it. */
export function firstName(ownerName: string): string {
  return ownerName.trim().split(/\s+/)[0] ?? "";
}

/** Proves the holder received the confirmation e-mail of page `id`; it opens no other page. */
export function confirmToken(id: string): string {
  return signToken(CONFIRM_PURPOSE, id);
}

/** The page id a confirmation token names, or null for a forged or malformed one. */
export function fundraiserIdFromToken(token: string | null | undefined): string | null {
  return token && token.length <= 300 ? verifyToken(CONFIRM_PURPOSE, token) : null;
}

export function confirmPath(id: string): string {
  return `/fundraise/confirm?token=${encodeURIComponent(confirmToken(id))}`;
}

/** A mail to the page's owner in their language: greeting, the lines given, the organisation. */
function ownerMail(
  page: Fundraiser,
  kind:
    | "fundraiser-confirm"
    | "fundraiser-submitted"
    | "fundraiser-approved"
    | "fundraiser-rejected"
    | "fundraiser-edit-rejected",
  subject: (t: TFunction) => string,
  body: (t: TFunction, locale: Locale) => string[],
  dedupeKey = `${kind}:${page.id}`,
): OutboxMail {
  const locale = ownerLocale(page);
  const t = serverT(locale);
  return {
    dedupeKey,
    kind,
    to: page.ownerEmail,
    subject: subject(t),
    text: [
      t("fundraising.mail.greeting", { name: firstName(page.ownerName) }),
      "",
      ...body(t, locale),
      "",
      env().ORG_NAME,
    ].join("\n"),
  };
}

export function confirmMail(page: Fundraiser): OutboxMail {
  return ownerMail(
    page,
    "fundraiser-confirm",
    (t) => t("fundraising.mail.confirmSubject", { title: page.title }),
    (t, locale) => [
      t("fundraising.mail.confirmBody", { title: page.title }),
      `${env().PUBLIC_URL}${localizePath(confirmPath(page.id), locale)}`,
      "",
      t("fundraising.mail.ignore"),
    ],
  );
}

export function rejectionMail(page: Fundraiser, reason: string): OutboxMail {
  return ownerMail(
    page,
    "fundraiser-rejected",
    (t) => t("fundraising.mail.rejectedSubject", { title: page.title }),
    (t) => [
      t("fundraising.mail.rejectedBody", { title: page.title }),
      "",
      reason,
      "",
      t("fundraising.mail.rejectedNext"),
    ],
  );
}

/** The owner confirmed their e-mail: the page waits for staff. */
export function submittedMail(page: Fundraiser): OutboxMail {
  return ownerMail(
    page,
    "fundraiser-submitted",
    (t) => t("fundraising.mail.submittedSubject", { title: page.title }),
    (t, locale) => [
      t("fundraising.mail.submittedBody", { title: page.title }),
      ...manageLines(t, page, locale),
    ],
  );
}

/** Staff approved the page: it is public at its address. */
export function approvedMail(page: Fundraiser): OutboxMail {
  return ownerMail(
    page,
    "fundraiser-approved",
    (t) => t("fundraising.mail.approvedSubject", { title: page.title }),
    (t, locale) => [
      t("fundraising.mail.approvedBody", { title: page.title }),
      `${env().PUBLIC_URL}${localizePath(`/fundraise/${page.slug}`, locale)}`,
      ...manageLines(t, page, locale),
    ],
  );
}

/** The owner's own link to edit, pause or close the page and thank donors: keep it private. */
function manageLines(t: TFunction, page: Fundraiser, locale: Locale): string[] {
  return ["", t("fundraising.mail.manage"), ownerUrl(page.id, locale)];
}

/** Staff turned down the owner's edit of an approved page's story; the page keeps its story. */
export function editRejectedMail(page: Fundraiser, reason: string, at: Date): OutboxMail {
  return ownerMail(
    page,
    "fundraiser-edit-rejected",
    (t) => t("fundraising.mail.editRejectedSubject", { title: page.title }),
    (t, locale) => [
      t("fundraising.mail.editRejectedBody", { title: page.title }),
      "",
      reason,
      ...manageLines(t, page, locale),
    ],
    `fundraiser-edit-rejected:${page.id}:${at.getTime()}`,
  );
}
