/**
 * A change announced to whoever listens (server/app.ts wires the page cache's topics to them):
 * `listen` returns the function that stops listening; `announce` tells every listener.
 */
export function changeSignal() {
  const listeners = new Set<() => void>();
  return {
    listen: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce: () => {
      for (const listener of listeners) listener();
    },
  };
}
