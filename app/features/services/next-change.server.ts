import { sql } from "drizzle-orm";
import { selectRows } from "#app/db/client.server";
import { HoustonCalendar } from "#app/lib/houston-calendar";
import { hoursOfRow, type ScheduleRow } from "./finder-hours.server";
import { nextStatusChange } from "./hours";

/** The next moment any active service's status can change, for the page cache. */
export async function nextChangeOfActiveServices(now: Date): Promise<number | null> {
  const rows = await selectRows<ScheduleRow>(sql`
    select distinct sch.freq, sch.byday, sch.opens_at, sch.closes_at, sch.valid_from::text as valid_from,
      sch.valid_to::text as valid_to, sch.until::text as until, sch.interval, null as description,
      null as service_id, null as location_id, null as service_at_location_id
    from hsds_schedule sch
    where exists (select 1 from hsds_service s where s.status = 'active'
      and (s.id = sch.service_id
        or s.id in (select service_id from hsds_service_at_location where id = sch.service_at_location_id or location_id = sch.location_id)))`);
  const calendar = new HoustonCalendar();
  let next: number | null = null;
  for (const row of rows) {
    // Each row alone: openings of different services must not merge and hide a change.
    const change = nextStatusChange([hoursOfRow(row)], now, calendar);
    if (change !== null && (next === null || change < next)) next = change;
  }
  return next;
}
