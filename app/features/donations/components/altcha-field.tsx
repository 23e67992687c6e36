import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale } from "#app/i18n/translator";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: "off" | "onfocus" | "onload" | "onsubmit";
        name?: string;
        type?: string;
        language?: string;
      };
    }
  }
}

/**
 * The self-hosted proof of work that guards payment creation (card-testing defence). The widget's
 * code (about 35 kB) is fetched only when the donor starts using the panel, then solves its
 * challenge by itself: nothing to click, read or hear. `whenVerified` lets the form wait for it.
 * Without JavaScript the element stays empty and the server applies a stricter limit instead.
 */
export function useAltcha() {
  const { locale } = useLocale();
  const [load, setLoad] = useState(false);
  const widgetRef = useRef<HTMLElement>(null);
  const waiting = useRef<(() => void)[]>([]);
  // Read synchronously by the submit handler, which may run before React re-renders.
  const verified = useRef(false);

  useEffect(() => {
    if (!load) return;
    void import("altcha");
    // The widget's own words (its status line) in the page's language.
    if (locale === "es") void import("altcha/i18n/es-419");
  }, [load, locale]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget || !load) return;
    const onStateChange = (event: Event) => {
      const next = (event as CustomEvent<{ state?: string }>).detail?.state;
      verified.current = next === "verified";
      if (verified.current) for (const resolve of waiting.current.splice(0)) resolve();
    };
    widget.addEventListener("statechange", onStateChange);
    return () => widget.removeEventListener("statechange", onStateChange);
  }, [load]);

  /** Starts loading the widget (on the donor's first focus or touch in the panel). */
  const start = useCallback(() => setLoad(true), []);

  /** Resolves once a solved challenge is in the form (at once if it already is). */
  const whenVerified = useCallback((): Promise<void> => {
    setLoad(true);
    if (verified.current) return Promise.resolve();
    return new Promise((resolve) => waiting.current.push(resolve));
  }, []);

  const isVerified = useCallback(() => verified.current, []);

  const widget = load ? (
    <div className="altcha-box">
      <altcha-widget
        ref={widgetRef}
        challenge="/api/altcha/challenge"
        auto="onload"
        name="altcha"
        language={locale === "es" ? "es-419" : "en"}
      />
    </div>
  ) : null;

  return { widget, start, whenVerified, isVerified };
}
