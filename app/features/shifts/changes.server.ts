/** Listeners told of every change to shifts or their places: the page cache drops /volunteer. */
type ChangeListener = () => void;

const listeners = new Set<ChangeListener>();

export function onShiftsChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function shiftsChanged() {
  for (const listener of listeners) listener();
}
