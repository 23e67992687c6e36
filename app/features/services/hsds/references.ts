/**
 * Checks an ImportSet's references before anything is written (docs/decisions/162-hsds-import.md):
 * a parent must be in the file or already in the directory. A service without its organization,
 * a service_at_location without its service or location, an address without its location refuse
 * the file. A phone, schedule or language keeps the parents that exist and is refused only when
 * none of those it names does; a phone that belongs only to a contact (not stored) is left out.
 */
import { ImportError, type ImportSet } from "./import-set";

/** Which of `ids` of a table are already stored. */
export type StoredIds = (
  table: "organization" | "service" | "location" | "service_at_location" | "phone",
  ids: string[],
) => Promise<Set<string>>;

interface Known {
  has(
    table: "organization" | "service" | "location" | "service_at_location" | "phone",
    id: string,
  ): boolean;
}

async function knownIds(set: ImportSet, stored: StoredIds): Promise<Known> {
  const inFile = {
    organization: set.organizations,
    service: set.services,
    location: set.locations,
    service_at_location: set.serviceAtLocations,
    phone: set.phones,
  } as const;
  const wanted: Record<keyof typeof inFile, Set<string>> = {
    organization: new Set(),
    service: new Set(),
    location: new Set(),
    service_at_location: new Set(),
    phone: new Set(),
  };
  const want = (table: keyof typeof inFile, id: string | undefined) => {
    if (id && !inFile[table].has(id)) wanted[table].add(id);
  };
  for (const row of set.services.values()) want("organization", row.organization_id);
  for (const row of set.locations.values()) want("organization", row.organization_id);
  for (const row of set.serviceAtLocations.values()) {
    want("service", row.service_id);
    want("location", row.location_id);
  }
  for (const row of [...set.addresses.values(), ...set.accessibility.values()])
    want("location", row.location_id);
  for (const row of set.phones.values()) {
    want("organization", row.organization_id);
    want("service", row.service_id);
    want("location", row.location_id);
    want("service_at_location", row.service_at_location_id);
  }
  for (const row of set.schedules.values()) {
    want("service", row.service_id);
    want("location", row.location_id);
    want("service_at_location", row.service_at_location_id);
  }
  for (const row of set.languages.values()) {
    want("service", row.service_id);
    want("location", row.location_id);
    want("phone", row.phone_id);
  }
  const storedSets = Object.fromEntries(
    await Promise.all(
      (Object.keys(wanted) as (keyof typeof inFile)[]).map(
        async (table) =>
          [
            table,
            wanted[table].size ? await stored(table, [...wanted[table]]) : new Set<string>(),
          ] as const,
      ),
    ),
  ) as Record<keyof typeof inFile, Set<string>>;
  return { has: (table, id) => inFile[table].has(id) || storedSets[table].has(id) };
}

function missing(
  kind: string,
  id: string,
  field: string,
  value: string,
  what: string,
): ImportError {
  return new ImportError(
    `${kind} "${id}": ${field} "${value}" names no ${what} in the file or the directory`,
  );
}

/**
 * Resolves references in place: required ones must exist; optional ones that do not are dropped.
 * Returns how many rows were left out (phones of contacts only).
 */
export async function resolveReferences(set: ImportSet, stored: StoredIds): Promise<number> {
  const known = await knownIds(set, stored);
  for (const row of set.services.values()) {
    if (!row.organization_id)
      throw new ImportError(`service "${row.id}": organization_id is missing`);
    if (!known.has("organization", row.organization_id)) {
      throw missing("service", row.id, "organization_id", row.organization_id, "organization");
    }
  }
  for (const row of set.locations.values()) {
    if (row.organization_id && !known.has("organization", row.organization_id))
      row.organization_id = undefined;
  }
  for (const row of set.serviceAtLocations.values()) {
    for (const [field, table] of [
      ["service_id", "service"],
      ["location_id", "location"],
    ] as const) {
      const value = row[field];
      if (!value) throw new ImportError(`service_at_location "${row.id}": ${field} is missing`);
      if (!known.has(table, value))
        throw missing("service_at_location", row.id, field, value, table);
    }
  }
  for (const [kind, rows] of [
    ["address", set.addresses],
    ["accessibility", set.accessibility],
  ] as const) {
    for (const row of rows.values()) {
      if (!row.location_id) throw new ImportError(`${kind} "${row.id}": location_id is missing`);
      if (!known.has("location", row.location_id))
        throw missing(kind, row.id, "location_id", row.location_id, "location");
    }
  }
  let leftOut = 0;
  for (const row of [...set.phones.values()]) {
    const kept = keepKnown(
      row,
      known,
      [
        ["service_id", "service"],
        ["location_id", "location"],
        ["organization_id", "organization"],
        ["service_at_location_id", "service_at_location"],
      ],
      "phone",
    );
    if (!kept) {
      set.phones.delete(row.id);
      leftOut++;
    }
  }
  for (const row of set.schedules.values()) {
    if (
      !keepKnown(
        row,
        known,
        [
          ["service_id", "service"],
          ["location_id", "location"],
          ["service_at_location_id", "service_at_location"],
        ],
        "schedule",
      )
    ) {
      throw new ImportError(
        `schedule "${row.id}": names no service, location or service_at_location`,
      );
    }
  }
  for (const row of set.languages.values()) {
    if (row.phone_id && !set.phones.has(row.phone_id) && !known.has("phone", row.phone_id))
      row.phone_id = undefined;
    if (
      !keepKnown(
        row,
        known,
        [
          ["service_id", "service"],
          ["location_id", "location"],
        ],
        "language",
      ) &&
      !row.phone_id
    ) {
      throw new ImportError(`language "${row.id}": names no service, location or phone`);
    }
  }
  return leftOut;
}

/** Drops the parents that do not exist; refuses when the row named parents and none exists. */
function keepKnown<Row extends { id: string }>(
  row: Row,
  known: Known,
  parents: [keyof Row & string, Parameters<Known["has"]>[0]][],
  kind: string,
): boolean {
  const named = parents.filter(([field]) => typeof row[field] === "string");
  const existing = named.filter(([field, table]) => known.has(table, row[field] as string));
  for (const [field] of named) {
    if (!existing.some(([kept]) => kept === field))
      (row as Record<string, unknown>)[field] = undefined;
  }
  if (named.length > 0 && existing.length === 0) {
    const [field, table] = named[0];
    throw missing(kind, row.id, field, row[field] as string, table.replaceAll("_", " "));
  }
  return existing.length > 0;
}
