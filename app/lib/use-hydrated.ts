import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/** False while rendering on the server and hydrating, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
