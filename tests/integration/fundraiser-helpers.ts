/** Pages and gifts shared by the fundraiser test files (docs/decisions/221-fundraisers.md). */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "#app/db/client.server";
import { donations, fundraisers } from "#app/db/schema";
import { action as payAction } from "#app/features/donations/routes/pay";
import { action as donateAction } from "#app/site/routes/donate";
import { altchaProof, formRequest, routeArgs } from "#tests/utils";
import { nextClientIp } from "./public-forms";

/** A page made straight in the database, in any status. */
export async function pageIn(status: string, slug = `page-${status}`) {
  const [row] = await db()
    .insert(fundraisers)
    .values({
      slug,
      ownerName: "Sam Ortiz Lee",
      ownerEmail: "sam@example.org",
      title: `Sam's ${status} drive`,
      story: "First paragraph <b>bold?</b>\n\nSecond <script>alert(1)</script> paragraph.",
      goalCents: 100_000,
      status,
    })
    .returning();
  return row;
}

export async function pageBySlug(slug: string) {
  const [row] = await db().select().from(fundraisers).where(eq(fundraisers.slug, slug));
  return row;
}

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

/** Gives through /donate with the page's slug, then pays with the test card. */
export async function give(fundraiser: string, fields: Record<string, string> = {}) {
  const body = {
    panel: "full",
    frequency: "once",
    preset: "50",
    donorName: "Ana Donor",
    donorEmail: `ana${nextClientIp()}@example.org`,
    altcha: await altchaProof(),
    fundraiser,
    ...fields,
  };
  const response = (await donateAction(
    routeArgs(formRequest(`/donate?fundraiser=${fundraiser}`, body, { clientIp: nextClientIp() })),
  )) as Response;
  const location = response.headers.get("Location") ?? "";
  const match = location.match(/^\/donate\/pay\/([0-9a-f-]{36})\?token=(.+)$/);
  expect(match, location).not.toBeNull();
  const [, id, token] = match!;
  await payAction(
    routeArgs(
      formRequest(
        `/donate/pay/${id}`,
        { token: decodeURIComponent(token), ...GOOD_CARD },
        { clientIp: nextClientIp() },
      ),
      { id },
    ),
  );
  const [row] = await db().select().from(donations).where(eq(donations.id, id));
  return { row, response };
}
