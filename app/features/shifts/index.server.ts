export {
  ROSTER_CSV_COLUMNS,
  rosterCsvRows,
  SHIFT_CSV_COLUMNS,
  shiftCsvRows,
} from "./admin/reports.server";
export { onShiftsChange } from "./changes.server";
export {
  addedOpportunities,
  shiftPageExpiryMoments,
  upcomingShiftsByOpportunity,
} from "./public-shifts.server";
export { startShiftsWorker, stopShiftsWorker } from "./reminders.server";
export { signupsOf } from "./signups-of.server";
