import { memo, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Locale } from "#app/i18n/locales";
import { useLocale } from "#app/i18n/translator";
import { AltchaLoader } from "./altcha-loader";

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

/** The id of the widget's own stylesheet: while an element has it, the widget adds none. */
const ALTCHA_STYLE_ID = "altcha-css";

/**
 * The widget's code, its Spanish words when the page is in Spanish, and its stylesheet scoped to
 * its box (altcha-styles.ts). The style element is put in first, empty, so the widget's code,
 * evaluated as soon as it arrives, finds it and does not add its own page-wide stylesheet.
 */
function loadAltcha(locale: Locale) {
  let slot = document.getElementById(ALTCHA_STYLE_ID);
  if (!(slot instanceof HTMLStyleElement)) {
    slot = document.createElement("style");
    slot.id = ALTCHA_STYLE_ID;
    document.head.append(slot);
  }
  const style = slot as HTMLStyleElement;
  return Promise.all([
    import("./altcha-styles"),
    import("altcha"),
    // The widget's own words (its status line) in the page's language.
    locale === "es" ? import("altcha/i18n/es-419") : undefined,
  ]).then(([styles]) => styles.fillAltchaStyles(style));
}

/**
 * The widget's element, once the loader says so. Its own component, so drawing it does not draw
 * the whole form again.
 */
const AltchaBox = memo(function AltchaBox({
  loader,
  locale,
  onStateChange,
}: {
  loader: AltchaLoader;
  locale: Locale;
  onStateChange: (state: string | undefined) => void;
}) {
  const shown = useSyncExternalStore(loader.subscribe, loader.isShown, () => false);
  const widgetRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (shown && locale === "es") void import("altcha/i18n/es-419");
  }, [shown, locale]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget || !shown) return;
    const listener = (event: Event) =>
      onStateChange((event as CustomEvent<{ state?: string }>).detail?.state);
    widget.addEventListener("statechange", listener);
    return () => widget.removeEventListener("statechange", listener);
  }, [shown, onStateChange]);

  return shown ? (
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
});

/**
 * The self-hosted proof of work that guards payment creation (card-testing defence) and listing
 * reports. The widget's code (about 35 kB) is fetched only once the visitor has used the form and
 * paused (altcha-loader.ts), then
 * solves its challenge by itself: nothing to click, read or hear.
 * `whenVerified` lets the form wait for it. Without JavaScript the element stays empty and the
 * server applies a stricter limit instead.
 */
export function useAltcha() {
  const { locale } = useLocale();
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const [loader] = useState(() => new AltchaLoader(() => loadAltcha(localeRef.current)));
  const waiting = useRef<(() => void)[]>([]);
  // Read synchronously by the submit handler, which may run before React re-renders.
  const verified = useRef(false);

  const onStateChange = useCallback((state: string | undefined) => {
    verified.current = state === "verified";
    if (verified.current) for (const resolve of waiting.current.splice(0)) resolve();
  }, []);

  /** Asks for the widget (on the visitor's focus, touch or keystroke in the form). */
  const start = loader.request;

  /** Resolves once a solved challenge is in the form (at once if it already is). */
  const whenVerified = useCallback((): Promise<void> => {
    loader.now();
    if (verified.current) return Promise.resolve();
    return new Promise((resolve) => waiting.current.push(resolve));
  }, [loader]);

  const isVerified = useCallback(() => verified.current, []);

  const widget = <AltchaBox loader={loader} locale={locale} onStateChange={onStateChange} />;

  return { widget, start, whenVerified, isVerified };
}
