/**
 * The hours of services at locations read for the finder (docs/decisions/164-finder-query.md), and
 * their statuses at one moment (docs/decisions/161-opening-status.md).
 */
import { type SQL, sql } from "drizzle-orm";
import { type Database, db, selectRows } from "#app/db/client.server";
import { anyOf } from "#app/db/id-list";
import { HoustonCalendar } from "#app/lib/houston-calendar";
import {
  nextStatusChange,
  type OpeningStatus,
  openingStatus,
  type ScheduleHours,
  statusSortKey,
} from "./hours";

export interface ScheduleRow {
  service_id: string | null;
  location_id: string | null;
  service_at_location_id: string | null;
  freq: string | null;
  byday: string | null;
  opens_at: string | null;
  closes_at: string | null;
  valid_from: string | null;
  valid_to: string | null;
  until: string | null;
  interval: number | null;
  description: string | null;
}

/** A schedule row as the hours logic reads it (hours.ts). */
export function hoursOfRow(row: ScheduleRow): ScheduleHours {
  return {
    freq: row.freq,
    byday: row.byday,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    until: row.until,
    interval: row.interval,
    description: row.description,
  };
}

/** A service at a location, by its ids. */
export interface Place {
  sal_id: string;
  service_id: string;
  location_id: string;
}

/** The schedules that may apply to `rows`: of each service at location, service and location. */
export function schedulesQuery(rows: Place[]): SQL {
  return sql`
    select service_id, location_id, service_at_location_id, freq, byday, opens_at, closes_at,
      valid_from::text as valid_from, valid_to::text as valid_to, until::text as until,
      interval, description
    from hsds_schedule
    where service_at_location_id = ${anyOf(rows.map((row) => row.sal_id))}
      or service_id = ${anyOf(rows.map((row) => row.service_id))}
      or location_id = ${anyOf(rows.map((row) => row.location_id))}`;
}

/** The schedules that may apply to `rows`, read. */
export async function schedulesOf(rows: Place[], database: Database = db()) {
  return hoursByPlace(
    rows.length ? await selectRows<ScheduleRow>(schedulesQuery(rows), database) : [],
  );
}

/** Each place's hours among `schedules`, by service at location, service and location. */
export function hoursByPlace(schedules: ScheduleRow[]) {
  const by = {
    sal: new Map<string, ScheduleHours[]>(),
    service: new Map<string, ScheduleHours[]>(),
    location: new Map<string, ScheduleHours[]>(),
  };
  const add = (map: Map<string, ScheduleHours[]>, key: string, hours: ScheduleHours) => {
    const list = map.get(key);
    if (list) list.push(hours);
    else map.set(key, [hours]);
  };
  for (const row of schedules) {
    const hours = hoursOfRow(row);
    if (row.service_at_location_id) add(by.sal, row.service_at_location_id, hours);
    else if (row.service_id) add(by.service, row.service_id, hours);
    else if (row.location_id) add(by.location, row.location_id, hours);
  }
  // A place's own hours; else the service's; else the location's opening hours.
  return (row: Place): ScheduleHours[] =>
    by.sal.get(row.sal_id) ??
    by.service.get(row.service_id) ??
    by.location.get(row.location_id) ??
    [];
}

export interface StatusFacts {
  status: OpeningStatus;
  sortKey: number;
  /** The next moment the status can change (hours.ts nextStatusChange); null: never. */
  until: number | null;
}

/**
 * The status of hours at one moment, computed once per distinct set of hours: directories repeat
 * the same few ("MO-FR 9-5", "every night 7 pm-7 am") across thousands of services.
 */
export function statusesAt(now: Date) {
  const calendar = new HoustonCalendar();
  const known = new Map<string, StatusFacts>();
  return (schedules: ScheduleHours[]): StatusFacts => {
    const key = JSON.stringify(schedules);
    let facts = known.get(key);
    if (!facts) {
      const status = openingStatus(schedules, now, calendar);
      facts = {
        status,
        sortKey: statusSortKey(status),
        until: nextStatusChange(schedules, now, calendar),
      };
      known.set(key, facts);
    }
    return facts;
  };
}
