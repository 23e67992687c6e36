// Rows as one JSON text (app/db/json-rows.ts, docs/decisions/203-finder-rows-in-one-statement.md):
// the same values the driver gives row by row, in the order asked for, and an empty set as [].
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { selectRows } from "#app/db/client.server";
import { jsonRows } from "#app/db/json-rows";

const values = sql`select * from (values
  ('b', 2, 29.715::double precision, 'Refugio "Casa" \\ niños' || chr(10) || 'línea', null::text),
  ('a', -7, -95.4::double precision, '', 'x'),
  ('c', null::int, null::double precision, 'emoji 🏠', null::text)
) as t (id, whole, coordinate, words, optional)`;

async function parsed<Row>(query: ReturnType<typeof jsonRows>): Promise<Row[]> {
  const [row] = await selectRows<{ rows: string }>(sql`select ${query} as rows`);
  expect(typeof row.rows).toBe("string");
  return JSON.parse(row.rows) as Row[];
}

test("one JSON text holds the rows the driver reads, ordered by the column named", async () => {
  const direct = await selectRows<Record<string, unknown>>(sql`${values} order by id`);
  expect(direct.map((row) => row.id)).toEqual(["a", "b", "c"]);
  expect(await parsed(jsonRows(sql`${values} order by id desc`, "id"))).toEqual(direct);
});

test("without an order the rows are all there; a query matching nothing gives an empty list", async () => {
  const rows = await parsed<{ id: string }>(jsonRows(values));
  expect(rows.map((row) => row.id).sort()).toEqual(["a", "b", "c"]);
  expect(await parsed(jsonRows(sql`${values} where false`, "id"))).toEqual([]);
});
