import { randomUUID } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { donations, monthlyGifts, paymentEvents } from "#app/db/schema/donations";
import type { Queryable } from "#app/lib/outbox.server";

/**
 * What a donor's own pages (app/features/giving) read and record of their gifts, behind
 * donations' front door (docs/decisions/265-features-through-front-doors.md).
 */

/** Every gift made with this address, newest first; an abandoned card step (pending) is none. */
export async function donorGiftRows(email: string) {
  return db()
    .select({
      id: donations.id,
      amount: donations.amount,
      feeAmount: donations.feeAmount,
      refundedAmount: donations.refundedAmount,
      currency: donations.currency,
      isMonthly: donations.isMonthly,
      status: donations.status,
      monthlyGiftId: donations.monthlyGiftId,
      fundraiserId: donations.fundraiserId,
      donorName: donations.donorName,
      paymentReference: donations.paymentReference,
      succeededAt: donations.succeededAt,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .where(and(eq(donations.donorEmail, email), ne(donations.status, "pending")))
    .orderBy(desc(donations.createdAt), desc(donations.id));
}

/** Whether this address has made a gift (pending ones aside). */
export async function hasGiven(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.donorEmail, email), ne(donations.status, "pending")))
    .limit(1);
  return Boolean(row);
}

/** The donor's monthly gifts that started, newest first. */
export async function donorMonthlyGifts(email: string) {
  return db()
    .select()
    .from(monthlyGifts)
    .where(and(eq(monthlyGifts.donorEmail, email), ne(monthlyGifts.status, "incomplete")))
    .orderBy(desc(monthlyGifts.createdAt));
}

/** One monthly gift of this donor, or undefined (another donor's, or no such id). */
export async function donorMonthlyGift(email: string, giftId: string) {
  if (!z.uuid().safeParse(giftId).success) return undefined;
  const [gift] = await db()
    .select()
    .from(monthlyGifts)
    .where(and(eq(monthlyGifts.id, giftId), eq(monthlyGifts.donorEmail, email)));
  return gift;
}

/**
 * Writes a donor's change of a monthly gift into its payment history, where the dashboard's gift
 * page shows it beside the provider's events ("donor.card_changed", "card ending 4242").
 */
export async function recordMonthlyGiftChange(
  runner: Queryable,
  change: { monthlyGiftId: string; type: string; outcome: string; at: Date },
) {
  await runner.insert(paymentEvents).values({
    eventId: `donor_${randomUUID()}`,
    type: change.type,
    monthlyGiftId: change.monthlyGiftId,
    outcome: change.outcome,
    occurredAt: change.at,
  });
}
