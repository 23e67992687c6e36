import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, selectRows } from "#app/db/client.server";
import { newsletterSubscriptions } from "#app/db/schema";

describe("database", () => {
  // The constraint name given in docs/decisions/020-newsletter-resubscribe-and-unsubscribe.md.
  test("the newsletter e-mail is unique under the constraint name", async () => {
    await db()
      .insert(newsletterSubscriptions)
      .values({ firstName: "Ana", email: "ana@example.org" });
    const error = await db()
      .insert(newsletterSubscriptions)
      .values({ firstName: "Ana", email: "ana@example.org" })
      .catch((caught: unknown) => caught);
    const cause = (error as { cause?: { constraint?: string } }).cause ?? error;
    expect((cause as { constraint?: string }).constraint).toBe(
      "newsletter_subscriptions_email_key",
    );
  });

  test("the trigram extension is installed for resource search", async () => {
    const rows = await selectRows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows).toHaveLength(1);
  });
});
