import { type ReactNode, Suspense } from "react";

/**
 * Content that React hydrates after the rest of the page, in short slices, rather than in the
 * first pass: a tap on a control outside it (the accessibility button, the donation panel) then
 * waits only for the page around it (docs/decisions/192-below-the-fold-hydrated-later.md). Nothing
 * inside suspends, so the server renders it whole and a client navigation shows it at once; a tap
 * inside it before its turn hydrates it first.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
