/**
 * After any write to the services' data: the services it touched get a new last_modified (the
 * export's modified_after and other processes' freshness read it,
 * docs/decisions/163-page-topics-and-finder-freshness.md) and their search text again (names,
 * descriptions in both languages, organization name; docs/decisions/160-hsds-tables.md), and the
 * stored opening statuses (docs/decisions/184-stored-opening-status.md).
 */
import { inArray, sql } from "drizzle-orm";
import { type Database, selectRows } from "#app/db/client.server";
import { finderNow } from "#app/lib/clock.server";
import { refreshStoredStatuses } from "./stored-status.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const CHUNK = 400;

async function idsWhere(tx: Tx, query: (chunk: string[]) => ReturnType<typeof sql>, ids: string[]) {
  const found: string[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await selectRows<{ id: string }>(query(ids.slice(start, start + CHUNK)), tx);
    found.push(...rows.map((row) => row.id));
  }
  return found;
}

export interface Touched {
  services?: string[];
  organizations?: string[];
  locations?: string[];
  serviceAtLocations?: string[];
}

/** Returns the ids of the services refreshed. */
export async function refreshServices(tx: Tx, touched: Touched): Promise<string[]> {
  const ids = new Set(touched.services ?? []);
  // One after another: a transaction is one connection.
  const more = [
    await idsWhere(
      tx,
      (chunk) => sql`select id from hsds_service where ${inArray(sql`organization_id`, chunk)}`,
      touched.organizations ?? [],
    ),
    await idsWhere(
      tx,
      (chunk) =>
        sql`select service_id as id from hsds_service_at_location where ${inArray(sql`location_id`, chunk)}`,
      touched.locations ?? [],
    ),
    await idsWhere(
      tx,
      (chunk) =>
        sql`select service_id as id from hsds_service_at_location where ${inArray(sql`id`, chunk)}`,
      touched.serviceAtLocations ?? [],
    ),
  ];
  for (const id of more.flat()) ids.add(id);
  const all = [...ids];
  for (let start = 0; start < all.length; start += CHUNK) {
    await tx.execute(sql`
      update hsds_service as s set
        last_modified = now(),
        search_text = concat_ws(E'\\n', s.name, s.name_es, s.alternate_name, s.description, s.description_es, o.name)
      from hsds_organization as o
      where o.id = s.organization_id and ${inArray(sql`s.id`, all.slice(start, start + CHUNK))}`);
  }
  // The statuses the hours written made stale (drizzle/0006_finder_status.sql), computed now
  // rather than by the finder's next visitor.
  await refreshStoredStatuses(finderNow(), tx);
  return all;
}
