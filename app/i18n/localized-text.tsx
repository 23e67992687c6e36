import type { ElementType, ReactNode } from "react";
import type { Locale } from "./locales";

/**
 * A stored text that may have a Spanish version: on /es the Spanish text where staff wrote one,
 * otherwise the English text marked `lang="en"` so screen readers switch voice (WCAG 3.1.2,
 * docs/decisions/171-spanish-content-and-english-fallbacks.md).
 */
export function pickLocalized(
  locale: Locale,
  english: string | null | undefined,
  spanish: string | null | undefined,
): { text: string; lang: "en" | undefined } {
  if (locale === "es" && spanish?.trim()) return { text: spanish, lang: undefined };
  return { text: english ?? "", lang: locale === "en" ? undefined : "en" };
}

/** `pickLocalized` as an element: `as` names the tag (a span by default). */
export function LocalizedText({
  locale,
  en,
  es,
  as: Tag = "span",
  className,
  id,
}: {
  locale: Locale;
  en: string | null | undefined;
  es: string | null | undefined;
  as?: ElementType;
  className?: string;
  id?: string;
}): ReactNode {
  const { text, lang } = pickLocalized(locale, en, es);
  return (
    <Tag lang={lang} className={className} id={id}>
      {text}
    </Tag>
  );
}
