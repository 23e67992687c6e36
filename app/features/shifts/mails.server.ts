/**
 * A volunteer's e-mails about a shift, in their language, for the durable outbox. Each seated
 * person's mail carries the calendar entry (ics.ts) whose UID names the sign-up; a mail's dedupe
 * key names its cause, so a cause queues one mail whatever retries or restarts happen.
 */
import type { shiftSignups, volunteerShifts } from "#app/db/schema/shifts";
import { momentText, shiftWhen } from "#app/features/shifts/times";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale, type Locale } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { env } from "#app/lib/env.server";
import type { OutboxMail } from "#app/lib/outbox.server";
import { calendarText } from "./ics";
import { absoluteUrl, claimPath, managePath } from "./links.server";

export type Shift = typeof volunteerShifts.$inferSelect;
export type Signup = typeof shiftSignups.$inferSelect;

export function signupLocale(signup: Pick<Signup, "language">): Locale {
  return isLocale(signup.language) ? signup.language : "en";
}

export function shiftTitle(shift: Pick<Shift, "titleEn" | "titleEs">, locale: Locale): string {
  return locale === "es" ? shift.titleEs : shift.titleEn;
}

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"), the entry's organizer. */
function organizerEmail(): string {
  const from = env().MAIL_FROM ?? "";
  return /<([^>]+)>/.exec(from)?.[1] ?? (from || env().ORG_EMAIL);
}

export function calendarUid(signup: Pick<Signup, "id">): string {
  return `shift-signup-${signup.id}@${new URL(env().PUBLIC_URL).hostname}`;
}

/** The .ics attachment for the sign-up at its current SEQUENCE. */
function calendarAttachment(shift: Shift, signup: Signup, method: "REQUEST" | "CANCEL", now: Date) {
  const locale = signupLocale(signup);
  const t = serverT(locale);
  const content = calendarText({
    uid: calendarUid(signup),
    sequence: signup.sequence,
    method,
    stamp: now,
    start: shift.startsAt,
    end: shift.endsAt,
    summary: shiftTitle(shift, locale),
    location: shift.place,
    description: [shift.notes, `${t("volunteerShifts.mail.manage")} ${manageUrl(signup)}`]
      .filter(Boolean)
      .join("\n\n"),
    organizer: { name: env().ORG_NAME, email: organizerEmail() },
    attendee: { name: signup.name, email: signup.email },
  });
  return {
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

function manageUrl(signup: Signup): string {
  return absoluteUrl(managePath(signup.id), signupLocale(signup));
}

interface MailParts {
  key: string;
  kind: string;
  subject: (t: TFunction, values: Record<string, string>) => string;
  body: (t: TFunction, values: Record<string, string>) => string[];
  calendar?: "REQUEST" | "CANCEL";
  /** Mails about a shift that is over or cancelled carry no manage link. */
  manage?: boolean;
}

function volunteerMail(shift: Shift, signup: Signup, parts: MailParts, now: Date): OutboxMail {
  const locale = signupLocale(signup);
  const t = serverT(locale);
  const values = {
    title: shiftTitle(shift, locale),
    when: shiftWhen(locale, shift.startsAt, shift.endsAt),
    place: shift.place,
  };
  const details = [`${values.title}`, values.when, values.place, shift.notes].filter(Boolean);
  const manage =
    parts.manage === false ? [] : ["", t("volunteerShifts.mail.manage"), manageUrl(signup)];
  return {
    dedupeKey: `${parts.kind}:${parts.key}`,
    kind: parts.kind,
    to: signup.email,
    subject: parts.subject(t, values),
    text: [
      t("volunteerShifts.mail.greeting", { name: signup.name }),
      "",
      ...parts.body(t, values),
      "",
      ...details,
      ...manage,
      "",
      env().ORG_NAME,
    ].join("\n"),
    attachments: parts.calendar
      ? [calendarAttachment(shift, signup, parts.calendar, now)]
      : undefined,
  };
}

/** A seat (a sign-up's or a claimed offer's): the entry, first sent or sent again. */
export function seatedMail(shift: Shift, signup: Signup, now: Date): OutboxMail {
  return volunteerMail(
    shift,
    signup,
    {
      key: `${signup.id}:${signup.sequence}`,
      kind: "shift-seated",
      subject: (t, v) => t("volunteerShifts.mail.seatedSubject", v),
      body: (t) => [t("volunteerShifts.mail.seatedBody")],
      calendar: "REQUEST",
    },
    now,
  );
}

export function waitingMail(shift: Shift, signup: Signup, place: number, now: Date): OutboxMail {
  return volunteerMail(
    shift,
    signup,
    {
      key: signup.id,
      kind: "shift-waiting",
      subject: (t, v) => t("volunteerShifts.mail.waitingSubject", v),
      body: (t) => [t("volunteerShifts.mail.waitingBody", { place: String(place) })],
    },
    now,
  );
}

export function offerMail(shift: Shift, signup: Signup, now: Date): OutboxMail {
  const locale = signupLocale(signup);
  return volunteerMail(
    shift,
    signup,
    {
      key: `${signup.id}:${signup.offers}`,
      kind: "shift-offer",
      subject: (t, v) => t("volunteerShifts.mail.offerSubject", v),
      body: (t) => [
        t("volunteerShifts.mail.offerBody", {
          until: momentText(locale, signup.offerExpiresAt ?? now),
        }),
        absoluteUrl(claimPath(shift.id, signup.id, signup.offers), locale),
      ],
    },
    now,
  );
}

/** Staff changed the shift: the same entry at a higher SEQUENCE, or a notice for the waiting. */
export function changedMail(shift: Shift, signup: Signup, now: Date): OutboxMail {
  return volunteerMail(
    shift,
    signup,
    {
      key: `${signup.id}:${signup.sequence}`,
      kind: "shift-changed",
      subject: (t, v) => t("volunteerShifts.mail.changedSubject", v),
      body: (t) => [t("volunteerShifts.mail.changedBody")],
      calendar: signup.status === "seated" ? "REQUEST" : undefined,
    },
    now,
  );
}

/** The sign-up or the whole shift is cancelled: the entry is removed from calendars. */
export function cancelledMail(
  shift: Shift,
  signup: Signup,
  by: "volunteer" | "staff",
  hadSeat: boolean,
  now: Date,
): OutboxMail {
  return volunteerMail(
    shift,
    signup,
    {
      key: signup.id,
      kind: by === "staff" ? "shift-cancelled" : "shift-signup-cancelled",
      subject: (t, v) =>
        t(
          by === "staff"
            ? "volunteerShifts.mail.shiftCancelledSubject"
            : "volunteerShifts.mail.cancelledSubject",
          v,
        ),
      body: (t) => [
        t(
          by === "staff"
            ? "volunteerShifts.mail.shiftCancelledBody"
            : "volunteerShifts.mail.cancelledBody",
        ),
      ],
      calendar: hadSeat ? "CANCEL" : undefined,
      manage: false,
    },
    now,
  );
}

export function reminderMail(
  shift: Shift,
  signup: Signup,
  which: "48h" | "day",
  now: Date,
): OutboxMail {
  return volunteerMail(
    shift,
    signup,
    {
      key: signup.id,
      kind: which === "48h" ? "shift-reminder-48h" : "shift-reminder-day",
      subject: (t, v) => t("volunteerShifts.mail.reminderSubject", v),
      body: (t) => [t("volunteerShifts.mail.reminderBody")],
    },
    now,
  );
}
