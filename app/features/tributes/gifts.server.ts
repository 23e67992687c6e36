/**
 * What the donations feature needs of a gift in honour or in memory
 * (docs/decisions/232-tribute-gifts.md): the dedication's fields read and checked with the gift,
 * before any payment; stored with the gift; named on its receipt. Donations reaches it through the
 * tributes' front door (index.server.ts); the cards themselves are sent by cards.server.ts.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { giftDedications } from "#app/db/schema/tributes";
import { giftIn } from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import { isLocale, type Locale } from "#app/i18n/locales";
import type { MessageKey, TFunction } from "#app/i18n/translator";
import { tributesNow } from "#app/lib/clock.server";
import { fromHoustonLocal, houstonToday } from "#app/lib/houston-calendar";
import type { Queryable } from "#app/lib/outbox.server";
import { cardPreview } from "./card.server";
import { dedicationPath } from "./links.server";
import {
  addDays,
  type CardPreview,
  TRIBUTE_FIELDS as F,
  MAX_CARDS_PER_RECIPIENT_DAY,
  MAX_DAYS_AHEAD,
  SEND_HOUR,
  TRIBUTE_KINDS,
  TRIBUTE_LIMITS,
} from "./rules";

/** Control characters (line breaks among them) would let a name or address reach mail headers. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function plainText(t: TFunction, max: number, tooLong: string, multiline = false) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(
      (value) => !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value),
      t("tribute.errors.text"),
    )
    .transform((value) => value.replace(/\r\n?/g, "\n"));
}

/** Why a card cannot be dated `day` (today being `today` in Houston), or null. */
export function sendDayProblem(t: TFunction, day: string, today: string): string | null {
  if (!DAY.test(day) || !fromHoustonLocal(`${day}T00:00`)) return t("tribute.errors.date");
  if (day < today) return t("tribute.errors.past");
  if (day > addDays(today, MAX_DAYS_AHEAD)) return t("tribute.errors.tooFar");
  return null;
}

/**
 * The moment a card dated `day` goes: 9 am in Houston on a later day; dated today (or not dated),
 * once the gift is paid, whatever the hour, as the form says.
 */
export function sendMoment(day: string, now: Date): Date {
  if (day <= houstonToday(now)) return now;
  return fromHoustonLocal(`${day}T${String(SEND_HOUR).padStart(2, "0")}:00`)!;
}

/** The dedication's fields as checked on the server; `now` dates the card (Houston time). */
export function dedicationSchema(t: TFunction, now: Date) {
  const today = houstonToday(now);
  const text = (max: number, key: MessageKey, multiline = false) =>
    plainText(t, max, t(key, { max }), multiline).optional().default("");
  return z
    .object({
      [F.kind]: z.enum(["", ...TRIBUTE_KINDS], { error: t("tribute.errors.kind") }).default(""),
      [F.honoree]: text(TRIBUTE_LIMITS.honoree, "tribute.errors.tooLong"),
      [F.card]: z.literal("on").optional(),
      [F.recipientName]: text(TRIBUTE_LIMITS.recipientName, "tribute.errors.tooLong"),
      [F.recipientEmail]: z
        .string()
        .trim()
        .max(TRIBUTE_LIMITS.email, t("tribute.errors.email"))
        .optional()
        .default(""),
      [F.message]: text(TRIBUTE_LIMITS.message, "tribute.errors.tooLong", true),
      [F.language]: z.enum(["en", "es"], { error: t("tribute.errors.language") }).default("en"),
      [F.sendOn]: z.string().trim().max(10, t("tribute.errors.date")).optional().default(""),
      [F.showAmount]: z.literal("on").optional(),
    })
    .superRefine((value, ctx) => {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [field], message });
      const dedicated = value[F.kind] !== "" || value[F.honoree] !== "";
      if (!dedicated) return;
      if (value[F.kind] === "") issue(F.kind, t("tribute.errors.kind"));
      if (value[F.honoree] === "") issue(F.honoree, t("tribute.errors.honoree"));
      if (value[F.card] !== "on") return;
      if (value[F.recipientName] === "") issue(F.recipientName, t("tribute.errors.recipientName"));
      const email = value[F.recipientEmail];
      if (!z.email().safeParse(email).success || CONTROL.test(email)) {
        issue(F.recipientEmail, t("tribute.errors.email"));
      }
      const problem = sendDayProblem(t, value[F.sendOn] || today, today);
      if (problem) issue(F.sendOn, problem);
    })
    .transform((value) => {
      if (value[F.kind] === "") return null;
      const card = value[F.card] === "on";
      const sendOn = value[F.sendOn] || today;
      return {
        kind: value[F.kind] as (typeof TRIBUTE_KINDS)[number],
        honoree: value[F.honoree],
        card: card
          ? {
              recipientName: value[F.recipientName],
              recipientEmail: value[F.recipientEmail].toLowerCase(),
              message: value[F.message] || null,
              cardLanguage: value[F.language],
              sendOn,
              sendAt: sendMoment(sendOn, now),
              showAmount: value[F.showAmount] === "on",
            }
          : null,
      };
    });
}

export type Dedication = NonNullable<z.output<ReturnType<typeof dedicationSchema>>>;

export type DedicationCheck =
  | { ok: true; dedication: Dedication | null }
  | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Reads the dedication sent with a gift and checks it, the limit of cards a day to one address
 * included (the gift `exceptDonationId` being changed does not count against itself).
 */
export async function checkDedication(
  formData: FormData,
  locale: Locale,
  exceptDonationId: string | null,
): Promise<DedicationCheck> {
  const t = serverT(locale);
  const entries = Object.fromEntries(
    Object.values(F).map((name) => [name, formData.get(name) ?? undefined]),
  );
  const parsed = dedicationSchema(t, tributesNow()).safeParse(entries);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    return { ok: false, fieldErrors };
  }
  const card = parsed.data?.card;
  if (
    card &&
    (await cardsToRecipientOn(card.recipientEmail, card.sendOn, exceptDonationId)) >=
      MAX_CARDS_PER_RECIPIENT_DAY
  ) {
    return {
      ok: false,
      fieldErrors: {
        [F.recipientEmail]: [
          t("tribute.errors.recipientDay", { max: MAX_CARDS_PER_RECIPIENT_DAY }),
        ],
      },
    };
  }
  return { ok: true, dedication: parsed.data };
}

/** Cards to `email` dated `day` whose gifts are paid or being paid (declined ones do not count). */
export async function cardsToRecipientOn(
  email: string,
  day: string,
  exceptDonationId: string | null,
  runner: Queryable = db(),
): Promise<number> {
  const [row] = await runner
    .select({ count: sql<number>`count(*)::int` })
    .from(giftDedications)
    .where(
      and(
        eq(giftDedications.recipientEmail, email),
        eq(giftDedications.sendOn, day),
        inArray(giftDedications.cardStatus, ["scheduled", "sent"]),
        giftIn(giftDedications.donationId, "live"),
        exceptDonationId ? ne(giftDedications.donationId, exceptDonationId) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/** Stores (or replaces, or removes) the dedication of a gift not yet paid. */
export async function saveDedication(donationId: string, dedication: Dedication | null) {
  await db().transaction(async (tx) => {
    await tx.delete(giftDedications).where(eq(giftDedications.donationId, donationId));
    if (!dedication) return;
    const { card } = dedication;
    await tx.insert(giftDedications).values({
      donationId,
      kind: dedication.kind,
      honoree: dedication.honoree,
      ...(card ? { ...card, cardStatus: "scheduled" } : {}),
    });
  });
}

/** The card as the donor's preview shows it, before any payment. */
export function dedicationPreview(
  dedication: Dedication,
  gift: { donorName: string | null; anonymous: boolean; amountCents: number | null },
): CardPreview | null {
  if (!dedication.card) return null;
  return cardPreview({
    kind: dedication.kind,
    honoree: dedication.honoree,
    recipientName: dedication.card.recipientName,
    message: dedication.card.message,
    cardLanguage: dedication.card.cardLanguage,
    donorName: gift.anonymous ? null : gift.donorName,
    amountCents: dedication.card.showAmount ? gift.amountCents : null,
  });
}

/** The receipt's line naming the dedication, in the receipt's language; null without one. */
export async function receiptDedicationLine(
  runner: Queryable,
  donationId: string,
  locale: string,
): Promise<string | null> {
  const [row] = await runner
    .select({ kind: giftDedications.kind, honoree: giftDedications.honoree })
    .from(giftDedications)
    .where(eq(giftDedications.donationId, donationId));
  if (!row) return null;
  const t = serverT(isLocale(locale) ? locale : "en");
  return t(row.kind === "memory" ? "tribute.receipt.memory" : "tribute.receipt.honor", {
    honoree: row.honoree,
  });
}

/** The dedications of a donor's gifts, each with the donor's signed link to it. */
export async function dedicationLinks(donationIds: string[], locale: Locale) {
  if (donationIds.length === 0) return [];
  const rows = await db()
    .select({
      id: giftDedications.id,
      kind: giftDedications.kind,
      honoree: giftDedications.honoree,
    })
    .from(giftDedications)
    .where(inArray(giftDedications.donationId, donationIds))
    .orderBy(desc(giftDedications.createdAt));
  return rows.map((row) => ({ ...row, path: dedicationPath(row.id, locale) }));
}
