import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { EXPORT_LIMIT, loader } from "#app/dashboard/routes/export";
import { database, db } from "#app/db/client.server";
import { newsletterSubscriptions } from "#app/db/schema";
import { analyzeTables } from "#app/db/statistics.server";
import { newestFirstBatches } from "#app/lib/admin/pagination.server";
import { createUserSession, requestWithCookie } from "#tests/auth-utils";
import { routeArgs, toastOf } from "#tests/utils";

const ROWS = 200_000;

/** `count` subscribers, several sharing each microsecond-precise timestamp (keyset ties). */
async function insertSubscribers(count: number) {
  // The site's timeouts (app/db/client.server.ts) are for requests; on a busy host this one insert
  // of test data may take longer.
  await database().withoutTimeouts(async (session) => {
    await session.execute(sql`
      insert into newsletter_subscriptions (first_name, email, created_at)
      select 'Subscriber ' || n, 'subscriber-' || n || '@example.org',
             timestamptz '2026-01-01 00:00:00.000001+00' + ((n / 3) * interval '7 microseconds')
      from generate_series(1, ${count}) as n
    `);
  });
  // As the site keeps them after such a load: autovacuum on PostgreSQL, analyzeTables on PGlite.
  await analyzeTables();
}

function exportRequest(file: string, cookie: string) {
  return loader(routeArgs(requestWithCookie(`/admin/export/${file}`, cookie), { file }));
}

describe("streamed exports", () => {
  test("keyset batches return every row once, newest first, through timestamp ties", async () => {
    await insertSubscribers(2_500);
    const seen: string[] = [];
    let previous = Number.POSITIVE_INFINITY;
    for await (const batch of newestFirstBatches(newsletterSubscriptions, undefined, 100)) {
      expect(batch.length).toBeLessThanOrEqual(100);
      for (const row of batch) {
        expect(row.createdAt.getTime()).toBeLessThanOrEqual(previous);
        previous = row.createdAt.getTime();
        seen.push(row.id);
      }
    }
    expect(seen).toHaveLength(2_500);
    expect(new Set(seen).size).toBe(2_500);
  });

  test(`a ${ROWS.toLocaleString("en-US")}-row export streams with flat memory`, {
    timeout: 240_000,
  }, async () => {
    await insertSubscribers(ROWS);
    const { cookie } = await createUserSession("finance");
    // What the export keeps alive, not garbage V8 has not collected yet (that depends on timing).
    const liveHeap = () => {
      globalThis.gc?.();
      return process.memoryUsage().heapUsed;
    };
    const baseline = liveHeap();
    const response = (await exportRequest("subscribers.csv", cookie)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");

    // Read as a browser downloads: chunk by chunk, keeping only counts, sampling the heap.
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let peak = 0;
    let chunks = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      lines += decoder.decode(chunk.value, { stream: true }).split("\r\n").length - 1;
      if (++chunks % 50 === 0) peak = Math.max(peak, liveHeap() - baseline);
    }
    expect(lines).toBe(ROWS + 1);
    // Built whole, these rows take several hundred MB (objects, cells, the document); streamed,
    // only a batch or two is alive at a time.
    expect(typeof globalThis.gc).toBe("function");
    expect(peak).toBeLessThan(48 * 1024 * 1024);
  });

  test("the streamed file is the same CSV: header, BOM, neutralised cells", async () => {
    await db()
      .insert(newsletterSubscriptions)
      .values([
        { firstName: '=HYPERLINK("x")', email: "a@example.org" },
        { firstName: 'Zoë, "Z"', email: "b@example.org" },
      ]);
    const { cookie } = await createUserSession("finance");
    const response = (await exportRequest("subscribers.csv", cookie)) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows: string[][] = parse(text, { bom: true });
    expect(rows[0]).toEqual(["Name", "Email", "Date", "Language"]);
    expect(rows.map((row) => row[0])).toEqual(
      expect.arrayContaining(['\'=HYPERLINK("x")', 'Zoë, "Z"']),
    );
  });

  test("exports are rate-limited per staff account", async () => {
    const { cookie } = await createUserSession("finance");
    let last: Response | undefined;
    for (let attempt = 0; attempt <= EXPORT_LIMIT.points; attempt++) {
      last = (await exportRequest("subscribers.csv", cookie)) as Response;
    }
    expect(await toastOf(last!)).toMatchObject({ type: "error", title: "Too many exports" });
  });
});
