import { createInstance, type i18n, type ParseKeys, type TFunction } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import type en from "#app/locales/en.json";
import { defaultLocale, isLocale, type Locale, localeTags, localizePath } from "./locales";

export type Messages = typeof en;

/** A key of the catalogs, such as "nav.home". */
export type MessageKey = ParseKeys;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
  }
}

/**
 * An i18next instance holding one locale's catalog: the one the root loader sent to the page, or on
 * the server any of them.
 */
export function createI18n(locale: Locale, messages: Messages): i18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    // Synchronous: resources are in memory, and server rendering needs them before the first render.
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

const translators = new WeakMap<Messages, TFunction>();

/** A translate function outside React (route `meta`), one per catalog object. */
export function translatorFor(locale: Locale, messages: Messages): TFunction {
  let t = translators.get(messages);
  if (!t) {
    t = createI18n(locale, messages).t;
    translators.set(messages, t);
  }
  return t;
}

/** The page's locale and helpers bound to it. */
export function useLocale() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  return {
    t,
    locale,
    /** A site path in the page's locale. */
    href: (path: string) => localizePath(path, locale),
    ...formattersFor(locale),
  };
}

/** Numbers and dates written the way the locale writes them ("April 24, 2025" / "24 de abril de 2025"). */
export function formattersFor(locale: Locale) {
  const tag = localeTags[locale];
  return {
    formatNumber: (value: number) => new Intl.NumberFormat(tag).format(value),
    formatDate: (date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }) =>
      new Intl.DateTimeFormat(tag, options).format(date),
  };
}

export type { TFunction };
