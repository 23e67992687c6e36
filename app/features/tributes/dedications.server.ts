/**
 * One dedication as its donor and staff see it, and its changes: corrections before the card is
 * sent, resends after (docs/decisions/236-managing-a-dedication.md). Every change is logged in
 * gift_dedication_changes with who made it.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { mailOutbox } from "#app/db/schema/outbox";
import { giftDedicationChanges, giftDedications } from "#app/db/schema/tributes";
import { giftFacts } from "#app/features/donations/index.server";
import {
  cardsToRecipientOn,
  plainText,
  sendDayProblem,
  sendMoment,
} from "#app/features/tributes/gifts.server";
import {
  MAX_CARDS_PER_RECIPIENT_DAY,
  MAX_RESENDS,
  TRIBUTE_LIMITS,
} from "#app/features/tributes/rules";
import { serverT } from "#app/i18n/catalogs.server";
import type { Locale } from "#app/i18n/locales";
import * as clock from "#app/lib/clock.server";
import { tributesNow } from "#app/lib/clock.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { enqueueMail, kickOutbox } from "#app/lib/outbox.server";
import { cardOutboxMail, shownCardStatus } from "./cards.server";

/** The dedication of a gift, by the gift's id (the staff's donation page). */
export async function dedicationOfGift(donationId: string) {
  if (!z.uuid().safeParse(donationId).success) return null;
  const [row] = await db()
    .select({ id: giftDedications.id })
    .from(giftDedications)
    .where(eq(giftDedications.donationId, donationId));
  return row ? dedicationView(row.id) : null;
}

/** A dedication with its gift and the delivery of its card's latest copy. */
export async function dedicationView(id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db()
    .select({
      dedication: giftDedications,
      lastError: mailOutbox.lastError,
      delivered: sql<boolean>`${mailOutbox.sentAt} is not null`,
    })
    .from(giftDedications)
    .leftJoin(
      mailOutbox,
      eq(
        mailOutbox.dedupeKey,
        sql`'tribute-card:' || ${giftDedications.id} || ':' || ${giftDedications.resendCount}`,
      ),
    )
    .where(eq(giftDedications.id, id));
  if (!row) return null;
  const { dedication } = row;
  const gift = (await giftFacts([dedication.donationId])).get(dedication.donationId);
  if (!gift) return null;
  return {
    ...dedication,
    gift,
    status: shownCardStatus(dedication.cardStatus, row.lastError, Boolean(row.delivered)),
    /** Names, message and date may change until the card goes. */
    correctable: dedication.cardStatus === null || dedication.cardStatus === "scheduled",
    resendable: dedication.cardStatus === "sent" && dedication.resendCount < MAX_RESENDS,
  };
}

export type DedicationView = NonNullable<Awaited<ReturnType<typeof dedicationView>>>;

/** The log of a dedication's changes, oldest first (staff see it). */
export function dedicationChanges(id: string) {
  return db()
    .select()
    .from(giftDedicationChanges)
    .where(eq(giftDedicationChanges.dedicationId, id))
    .orderBy(asc(giftDedicationChanges.createdAt));
}

function correctionSchema(locale: Locale, now: Date, hasCard: boolean) {
  const t = serverT(locale);
  const text = (max: number, multiline = false) =>
    plainText(t, max, t("tribute.errors.tooLong", { max }), multiline);
  const today = houstonToday(now);
  return z
    .object({
      honoree: text(TRIBUTE_LIMITS.honoree).pipe(z.string().min(1, t("tribute.errors.honoree"))),
      recipientName: text(TRIBUTE_LIMITS.recipientName).optional().default(""),
      message: text(TRIBUTE_LIMITS.message, true).optional().default(""),
      sendOn: z.string().trim().max(10, t("tribute.errors.date")).optional().default(""),
    })
    .superRefine((value, ctx) => {
      if (!hasCard) return;
      if (value.recipientName === "") {
        ctx.addIssue({
          code: "custom",
          path: ["recipientName"],
          message: t("tribute.errors.recipientName"),
        });
      }
      const problem = sendDayProblem(t, value.sendOn || today, today);
      if (problem) ctx.addIssue({ code: "custom", path: ["sendOn"], message: problem });
    });
}

export type CorrectionResult =
  | { ok: true; changed: string[] }
  | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Corrects a dedication whose card has not gone: the honoree's name and, with a card, the
 * recipient's name, the message and the date. Logged as `actor` did it.
 */
export async function correctDedication(
  view: DedicationView,
  formData: FormData,
  { actor, locale, now = tributesNow() }: { actor: string; locale: Locale; now?: Date },
): Promise<CorrectionResult> {
  const t = serverT(locale);
  if (!view.correctable)
    return { ok: false, fieldErrors: { "": [t("tribute.manage.alreadySent")] } };
  const hasCard = view.cardStatus !== null;
  const fields = Object.fromEntries(
    ["honoree", "recipientName", "message", "sendOn"].map((name) => [
      name,
      formData.get(name) ?? undefined,
    ]),
  );
  const parsed = correctionSchema(locale, now, hasCard).safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    return { ok: false, fieldErrors };
  }
  const value = parsed.data;
  const sendOn = hasCard ? value.sendOn || houstonToday(now) : null;
  const next = sendOn
    ? {
        honoree: value.honoree,
        recipientName: value.recipientName,
        message: value.message || null,
        sendOn,
      }
    : { honoree: value.honoree };
  const changed = Object.entries(next)
    .filter(([key, after]) => (view as Record<string, unknown>)[key] !== after)
    .map(
      ([key, after]) =>
        `${key}: ${String((view as Record<string, unknown>)[key] ?? "")} -> ${String(after ?? "")}`,
    );
  if (changed.length === 0) return { ok: true, changed };
  if (
    sendOn &&
    sendOn !== view.sendOn &&
    view.recipientEmail &&
    (await cardsToRecipientOn(view.recipientEmail, sendOn, view.donationId)) >=
      MAX_CARDS_PER_RECIPIENT_DAY
  ) {
    return {
      ok: false,
      fieldErrors: {
        sendOn: [t("tribute.errors.recipientDay", { max: MAX_CARDS_PER_RECIPIENT_DAY })],
      },
    };
  }
  const updated = await db().transaction(async (tx) => {
    const rows = await tx
      .update(giftDedications)
      .set({
        ...next,
        ...(sendOn ? { sendAt: sendMoment(sendOn, now) } : {}),
        updatedAt: now,
      })
      // Only while the card still waits: a round sending it first wins.
      .where(
        and(
          eq(giftDedications.id, view.id),
          view.cardStatus === null
            ? sql`${giftDedications.cardStatus} is null`
            : eq(giftDedications.cardStatus, "scheduled"),
        ),
      )
      .returning({ id: giftDedications.id });
    if (rows.length === 0) return false;
    await tx
      .insert(giftDedicationChanges)
      .values(changed.map((change) => ({ dedicationId: view.id, actor, change })));
    return true;
  });
  if (!updated) return { ok: false, fieldErrors: { "": [t("tribute.manage.alreadySent")] } };
  return { ok: true, changed };
}

/** Sends a sent card again, at most MAX_RESENDS times; false when that is not possible. */
export async function resendCard(view: DedicationView, actor: string): Promise<boolean> {
  const done = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(giftDedications)
      .set({ resendCount: sql`${giftDedications.resendCount} + 1`, updatedAt: clock.now() })
      .where(
        and(
          eq(giftDedications.id, view.id),
          eq(giftDedications.cardStatus, "sent"),
          lt(giftDedications.resendCount, MAX_RESENDS),
        ),
      )
      .returning();
    if (!row) return false;
    await enqueueMail(tx, cardOutboxMail(row, view.gift, row.resendCount));
    await tx.insert(giftDedicationChanges).values({
      dedicationId: view.id,
      actor,
      change: `card sent again (${row.resendCount} of ${MAX_RESENDS})`,
    });
    return true;
  });
  if (done) kickOutbox();
  return done;
}
