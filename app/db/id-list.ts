import { type SQL, sql } from "drizzle-orm";

/**
 * `column = ${anyOf(ids)}`: a list of ids sent as one JSON parameter (the statement stays small
 * however long the list), unpacked once into an array, so the planner looks each id up in the
 * column's index. The earlier `column in (select jsonb_array_elements_text(...))` was planned as a
 * scan of the whole table (docs/decisions/189-id-lists-through-indexes.md).
 */
export function anyOf(ids: Iterable<string>): SQL {
  return sql`any(array(select jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb)))`;
}
