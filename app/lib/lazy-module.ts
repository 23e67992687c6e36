import { useEffect, useRef, useState } from "react";

/**
 * A module fetched on first use rather than with the page
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md): `load` starts the download
 * once (call it early, e.g. when a pointer enters the button that needs it); a failed download is
 * tried again at the next call.
 */
export type LazyModule<T> = { load: () => Promise<T>; loaded: () => T | null };

export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load() {
      pending ??= importModule().then(
        (value) => {
          module = value;
          return value;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

/**
 * The module once it has been wanted and has arrived, null before. Once loaded it stays (the
 * caller decides what to render). `onError` runs when the download fails, e.g. offline.
 */
export function useLazyModule<T>(
  lazy: LazyModule<T>,
  wanted: boolean,
  onError: () => void,
): T | null {
  const [module, setModule] = useState<{ value: T } | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    lazy.load().then(
      (value) => {
        if (current) setModule({ value });
      },
      () => {
        if (current) onErrorRef.current();
      },
    );
    return () => {
      current = false;
    };
  }, [lazy, wanted, module]);
  // Already downloaded for an earlier use: no need to wait for the effect.
  return module?.value ?? (wanted ? lazy.loaded() : null);
}
