import { sql } from "drizzle-orm";
import { donations } from "#app/db/schema/donations";

/**
 * What a donation adds to the gift totals, in cents: a refund comes out of the gift first, so a
 * partial refund lowers it and never makes it negative. Only succeeded rows are summed with it (a
 * full refund moves a row to refunded). The dashboard's totals and a fundraiser's raised amount
 * both count with it.
 */
export const netGiftCents = sql<number>`greatest(${donations.amount} - ${donations.refundedAmount}, 0)`;
