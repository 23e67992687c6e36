/**
 * Finance staff refund a paid gift from its page (docs/decisions/256-refunds-from-the-dashboard.md).
 * The refund is asked of the payment provider; the donation, the totals and a fundraiser's raised
 * amount change when the provider's `charge.refunded` event is applied, as for a refund made in
 * Stripe's own dashboard.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { donations } from "#app/db/schema/donations";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { logger } from "#app/lib/logger.server";
import { formatCents } from "#app/lib/money";
import { redirectWithToast } from "#app/lib/toast.server";
import { REFUND_REASONS } from "../payments/provider";
import { paymentProvider } from "../payments/provider.server";
import { donationsTab } from "./tab";

type Donation = typeof donations.$inferSelect;

/** "25", "$1,250.50" or "0.75": dollars with at most two decimals, as cents. */
const DOLLARS_AND_CENTS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

export function centsFromDollars(typed: string): number | null {
  const match = DOLLARS_AND_CENTS.exec(typed.trim());
  if (!match) return null;
  const cents =
    Number(match[1].replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The PaymentIntent that paid the gift: a one-time gift's reference is its intent. */
function paidIntent(row: Donation): string | null {
  return row.paymentIntentId ?? (row.isMonthly ? null : row.paymentReference);
}

/** What is left to refund of a paid gift's charge (gift and covered fee), or 0 when nothing can be. */
export function refundableCents(row: Donation): number {
  if (row.status !== "succeeded" || !paidIntent(row)) return 0;
  return Math.max(row.amount + row.feeAmount - row.refundedAmount, 0);
}

const refundSchema = z.object({
  amount: z.string().max(20),
  reason: z.enum(REFUND_REASONS, { error: "Choose why the gift is refunded" }),
});

/** The refund form's post on /admin/donations/:id. */
export async function refundAction(request: Request, donationId: string) {
  const user = await requireRole(request, tabRoles(donationsTab));
  const back = new URL(request.url).pathname;
  const refused = (title: string) => redirectWithToast(back, { type: "error", title });
  const form = await request.formData();
  const parsed = refundSchema.safeParse({
    amount: form.get("amount") ?? "",
    reason: form.get("reason"),
  });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
  const amountCents = centsFromDollars(parsed.data.amount);
  if (!amountCents) return refused("Enter the amount to refund in dollars, such as 25 or 25.50");

  const [row] = z.uuid().safeParse(donationId).success
    ? await db().select().from(donations).where(eq(donations.id, donationId)).limit(1)
    : [];
  const intent = row ? paidIntent(row) : null;
  const refundable = row ? refundableCents(row) : 0;
  if (!row || !intent || refundable === 0) return refused("Only a paid gift can be refunded");
  if (amountCents > refundable) {
    return refused(`At most ${formatCents(refundable, row.currency)} can be refunded on this gift`);
  }

  const provider = paymentProvider();
  try {
    await provider.refund({
      donationId: row.id,
      paymentIntentId: intent,
      amountCents,
      chargedCents: row.amount + row.feeAmount,
      refundedCents: row.refundedAmount,
      reason: parsed.data.reason,
    });
  } catch (error) {
    logger.error({ err: error, donation: row.id }, "refund failed");
    return refused("The refund could not be made; nothing was refunded. Try again later.");
  }
  logger.info(
    { donation: row.id, amountCents, reason: parsed.data.reason, by: user.id },
    "gift refunded by staff",
  );
  const amount = formatCents(amountCents, row.currency);
  return redirectWithToast(back, {
    type: "success",
    title:
      provider.mode === "test"
        ? `Refunded ${amount}: the totals show it now`
        : `Refund of ${amount} sent to Stripe: it shows here once Stripe confirms it`,
  });
}
