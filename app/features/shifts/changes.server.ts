import { changeSignal } from "#app/lib/change-signal";

/** Listeners told of every change to shifts or their places: the page cache drops /volunteer. */
const shifts = changeSignal();

export const onShiftsChange = shifts.listen;
export const shiftsChanged = shifts.announce;
