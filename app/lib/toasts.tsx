import { useEffect, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { lazyModule } from "./lazy-module";

/**
 * Toasts through sonner, downloaded with the first toast rather than with every page
 * (docs/decisions/106-dialogs-panel-and-toasts-loaded-when-used.md). `showToast` works at any time:
 * until sonner is loaded and its list is on the page, toasts wait here and are shown once it is, so
 * none is lost.
 */

type ToastType = "success" | "error";
type ToastOptions = { id?: string; description?: string };

/**
 * Long enough to read a title and a sentence at a slow pace
 * (docs/decisions/031-toasts-and-live-region.md).
 */
const TOAST_DURATION_MS = 10_000;

const sonnerModule = lazyModule(() => import("sonner"));
let mounted = false;
const waiting: { type: ToastType; title: string; options?: ToastOptions }[] = [];
const listeners = new Set<() => void>();

function loadSonner() {
  sonnerModule.load().then(
    () => {
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or a replaced build: the next toast tries again; these stale ones are dropped.
      waiting.length = 0;
    },
  );
}

function show(type: ToastType, title: string, options?: ToastOptions) {
  const sonner = sonnerModule.loaded();
  if (sonner && mounted) {
    sonner.toast[type](title, options);
    return;
  }
  waiting.push({ type, title, options });
  loadSonner();
}

export const showToast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
};

/** The open modal dialog toasts are shown in, if any (`showToastsInside`). */
let host: HTMLElement | null = null;

/**
 * Shows the toast list inside `element`, an open modal <dialog>, until called with null: the
 * browser makes everything outside such a dialog inert and draws it beneath, toasts included.
 * Toasts on screen when the list moves are not carried over.
 */
export function showToastsInside(element: HTMLElement | null) {
  host = element;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the toasts appear: nothing until the first toast, then sonner's list (root layout). */
export function Toasts() {
  const module = useSyncExternalStore(subscribe, sonnerModule.loaded, () => null);
  const inside = useSyncExternalStore(
    subscribe,
    () => host,
    () => null,
  );
  useEffect(() => {
    if (!module) return;
    // Sonner's list is a live region: it is on the page for a frame before the first toast
    // enters it, so screen readers announce that toast like any later one.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        mounted = true;
        for (const { type, title, options } of waiting.splice(0)) {
          module.toast[type](title, options);
        }
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      mounted = false;
    };
  }, [module]);
  if (!module) return null;
  // A polite live region; toasts pause while hovered or after Alt+T.
  const list = (
    <module.Toaster position="bottom-right" richColors closeButton duration={TOAST_DURATION_MS} />
  );
  return inside ? createPortal(list, inside) : list;
}
