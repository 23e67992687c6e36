import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { describe, expect, test } from "vitest";
import { database, db, openDatabase, selectRows } from "#app/db/client.server";
import { POSTGRES_TIMEOUTS } from "#app/db/postgres-sessions.server";
import { newsletterSubscriptions } from "#app/db/schema";
import { analyzeTables } from "#app/db/statistics.server";

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

  test("analyzeTables gives the planner the table's size, and a batch of an export then reads the newest-first index", async () => {
    await db().execute(sql`
      insert into newsletter_subscriptions (first_name, email)
      select 'Subscriber ' || n, 'subscriber-' || n || '@example.org' from generate_series(1, 5000) as n
    `);
    await analyzeTables();
    const [{ reltuples }] = await selectRows<{ reltuples: number }>(
      sql`select reltuples from pg_class where relname = 'newsletter_subscriptions'`,
    );
    expect(Number(reltuples)).toBe(5000);
    // A later batch of subscribers.csv (app/lib/admin/pagination.server.ts): its rows in the
    // index's order, not every remaining row read and sorted.
    const plan = await selectRows<Record<string, string>>(sql`
      explain select * from newsletter_subscriptions
      where unsubscribed_at is null and created_at <= now()
        and (created_at, id) < (now(), 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
      order by created_at desc, id desc limit 1000
    `);
    const text = plan.map((row) => Object.values(row)[0]).join("\n");
    expect(text).toContain("Index Scan using newsletter_subscriptions_newest_idx");
    expect(text).not.toMatch(/Sort|Seq Scan/);
  });

  test("maintenance on a session of its own outlasts the pool's statement and read timeouts", {
    timeout: 60_000,
  }, async () => {
    const seconds = (POSTGRES_TIMEOUTS.queryMs + 500) / 1000;
    const rows = await database().withoutTimeouts((session) =>
      selectRows<{ done: boolean }>(
        sql.raw(`select true as done from pg_sleep(${seconds})`),
        session,
      ),
    );
    expect(rows).toEqual([{ done: true }]);
  });

  test("the trigram extension is installed for resource search", async () => {
    const rows = await selectRows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows).toHaveLength(1);
  });
});

describe("values as drizzle's PGlite driver reads them", () => {
  // openDatabase's client installs drizzle's parsers once instead of merging them for each query
  // (app/db/client.server.ts); a plain PGlite given them with every query is the reference.
  const probe = sql`select
    timestamptz '2026-11-27 06:00:00+00' as at,
    timestamp '2026-11-27 06:00:00' as local_at,
    date '2026-11-27' as day,
    interval '1 day 2 hours' as span,
    array[date '2026-11-27', date '2026-11-28'] as days,
    array[timestamptz '2026-11-27 06:00:00+00'] as ats,
    numeric '12.50' as amount,
    42 as count,
    true as open`;

  test("are the same as with the parsers passed on every query, from the first query on", async () => {
    const reference = drizzlePglite(new PGlite());
    const expected = (await reference.execute(probe)).rows;
    expect(expected[0]).toMatchObject({ at: expect.any(String), days: "{2026-11-27,2026-11-28}" });

    const handle = openDatabase({ pgliteDir: "memory://" });
    try {
      const first = await selectRows(probe, handle.db);
      const again = await selectRows(probe, handle.db);
      expect(first).toEqual(expected);
      expect(again).toEqual(expected);
    } finally {
      await handle.close();
      await reference.$client.close();
    }
  });
});
