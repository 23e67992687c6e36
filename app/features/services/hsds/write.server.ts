/**
 * Stores an ImportSet in one transaction (docs/decisions/162-hsds-import.md): every record is
 * matched by its HSDS id (a second import updates, never duplicates), the children a file
 * describes replace the stored ones, and the services touched get a new last_modified and search
 * text. Any error rolls everything back.
 */
import { getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Database, db, selectRows } from "#app/db/client.server";
import {
  hsdsAccessibility,
  hsdsAddress,
  hsdsLocation,
  hsdsOrganization,
  hsdsService,
  hsdsServiceAtLocation,
} from "#app/db/schema/services";
import { hsdsLanguage, hsdsPhone, hsdsSchedule } from "#app/db/schema/services-details";
import { refreshServices } from "../refresh.server";
import { servicesChanged } from "../services.server";
import { writeCapacities } from "./capacity-write.server";
import type { ImportSet } from "./import-set";
import { resolveReferences, type StoredIds } from "./references";
import { rowsOf } from "./rows";

export interface ImportSummary {
  organizations: number;
  services: number;
  locations: number;
  serviceAtLocations: number;
  phones: number;
  schedules: number;
  /** Phones that belong only to a contact, which the finder does not store. */
  leftOut: number;
}

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Which of `ids` are stored in the table `hsds_<table>`. */
function storedIn(tx: Tx): StoredIds {
  return async (table, ids) => {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = await selectRows<{ id: string }>(
        sql`select id from ${sql.identifier(`hsds_${table}`)} where ${inArray(sql`id`, ids.slice(start, start + CHUNK))}`,
        tx,
      );
      for (const row of rows) found.add(row.id);
    }
    return found;
  };
}

/** Rows a statement carries at most: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 400;

/** Inserts `rows`, updating the stored row of the same id with the given columns. */
async function upsert(
  tx: Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
  keep: Record<string, unknown> = {},
) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const idColumn = columns.id;
  const keys = Object.keys(rows[0]).filter((key) => key !== "id");
  const set: Record<string, unknown> = {};
  for (const key of keys) set[key] = sql.raw(`excluded."${columns[key].name}"`);
  Object.assign(set, keep);
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx
      .insert(table)
      .values(rows.slice(start, start + CHUNK) as never)
      .onConflictDoUpdate({ target: idColumn, set });
  }
}

/** Deletes the `table` rows of the given parents whose ids the file does not list. */
async function prune(
  tx: Tx,
  table: PgTable,
  parentColumn: string,
  parents: Iterable<string>,
  keptIds: Iterable<string>,
) {
  const parentIds = [...parents];
  if (parentIds.length === 0) return;
  const columns = getTableColumns(table);
  const kept = [...keptIds];
  for (let start = 0; start < parentIds.length; start += CHUNK) {
    const chunk = parentIds.slice(start, start + CHUNK);
    const keepClause = kept.length ? sql` and not (${inArray(columns.id, kept)})` : sql``;
    await tx.execute(
      sql`delete from ${table} where ${inArray(columns[parentColumn], chunk)}${keepClause}`,
    );
  }
}

/**
 * Writes `set`; `replaces` names the child tables whose rows the file gives in full (JSON: all;
 * CSV: the files present), so stored children of the same parents missing from it are removed.
 */
export async function writeImportSet(
  set: ImportSet,
  replaces: ReadonlySet<keyof ImportSet>,
  database: Database = db(),
): Promise<ImportSummary> {
  const summary = await database.transaction(async (tx) => {
    const leftOut = await resolveReferences(set, storedIn(tx));
    const rows = rowsOf(set);
    const now = sql`now()`;
    await upsert(tx, hsdsOrganization, rows.organizations, { lastModified: now });
    // A category the file does not give keeps the stored one (staff may have chosen it).
    await upsert(tx, hsdsService, rows.servicesWithCategory, { lastModified: now });
    await upsert(tx, hsdsService, rows.servicesWithoutCategory, { lastModified: now });
    await upsert(tx, hsdsLocation, rows.locations, { lastModified: now });
    await upsert(tx, hsdsAddress, rows.addresses);
    await upsert(tx, hsdsAccessibility, rows.accessibility);
    await upsert(tx, hsdsServiceAtLocation, rows.serviceAtLocations);
    await upsert(tx, hsdsPhone, rows.phones);
    await upsert(tx, hsdsSchedule, rows.schedules);
    await upsert(tx, hsdsLanguage, rows.languages);
    await writeCapacities(tx, [...set.capacities.values()]);

    const services = [...set.services.keys()];
    const locations = [...set.locations.keys()];
    const sals = [...set.serviceAtLocations.keys()];
    if (replaces.has("serviceAtLocations")) {
      await prune(tx, hsdsServiceAtLocation, "serviceId", services, sals);
    }
    for (const [name, table] of [
      ["phones", hsdsPhone],
      ["schedules", hsdsSchedule],
      ["languages", hsdsLanguage],
    ] as const) {
      if (!replaces.has(name)) continue;
      const keptIds = [...set[name].keys()];
      await prune(tx, table, "serviceId", services, keptIds);
      await prune(tx, table, "locationId", locations, keptIds);
      if (name !== "languages") await prune(tx, table, "serviceAtLocationId", sals, keptIds);
    }
    if (replaces.has("addresses")) {
      await prune(tx, hsdsAddress, "locationId", locations, set.addresses.keys());
    }
    if (replaces.has("accessibility")) {
      await prune(tx, hsdsAccessibility, "locationId", locations, set.accessibility.keys());
    }

    await refreshServices(tx, {
      services: [
        ...services,
        ...[...set.phones.values(), ...set.schedules.values(), ...set.languages.values()].flatMap(
          (row) => (row.service_id ? [row.service_id] : []),
        ),
      ],
      organizations: [...set.organizations.keys()],
      locations,
      serviceAtLocations: sals,
    });
    return {
      organizations: set.organizations.size,
      services: set.services.size,
      locations: set.locations.size,
      serviceAtLocations: set.serviceAtLocations.size,
      phones: set.phones.size,
      schedules: set.schedules.size,
      leftOut,
    };
  });
  servicesChanged();
  return summary;
}
