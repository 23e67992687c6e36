import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useContext,
} from "react";
import type en from "#app/i18n/catalogs/en.json";
import { dateFormat, numberFormat } from "./formats";
import { type Locale, localeTags, localizePath } from "./locales";

/**
 * The translator of the site (docs/decisions/116-in-house-translator.md): catalog lookup by dotted
 * key and `{{name}}` interpolation, nothing more. No plurals, no nesting, no formatting inside
 * messages.
 */

export type Messages = typeof en;

/** "a.b.c" for every string leaf of a nested catalog. */
type LeafKeys<Node, Prefix extends string = ""> = {
  [Key in keyof Node & string]: Node[Key] extends string
    ? `${Prefix}${Key}`
    : LeafKeys<Node[Key], `${Prefix}${Key}.`>;
}[keyof Node & string];

/** A key of the catalogs, such as "nav.home". */
export type MessageKey = LeafKeys<Messages>;

export type MessageValues = Record<string, string | number>;

export type TFunction = (key: MessageKey, values?: MessageValues) => string;

/** One locale's catalog, bound: what the provider hands to every component. */
export interface I18n {
  locale: Locale;
  t: TFunction;
  /** The message as written in the catalog, placeholders and tags included. */
  template: (key: MessageKey) => string;
}

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * `{{name}}` replaced by its value, as is: React escapes text, and e-mails are plain text. A
 * placeholder without a value stays visible, so a forgotten value shows instead of vanishing.
 */
function interpolate(text: string, values?: MessageValues): string {
  if (!values) return text;
  return text.replace(placeholder, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

/** A translator over one catalog: the one the root loader sent to the page, or on the server any. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const template = (key: MessageKey): string => {
    let node: unknown = messages;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return key;
      node = (node as Record<string, unknown>)[part];
    }
    // A missing key, or one naming a group of messages, shows the key itself.
    return typeof node === "string" ? node : key;
  };
  return { locale, template, t: (key, values) => interpolate(template(key), values) };
}

const translators = new WeakMap<Messages, TFunction>();

/** A translate function outside React (route `meta`, server code), one per catalog object. */
export function translatorFor(locale: Locale, messages: Messages): TFunction {
  let t = translators.get(messages);
  if (!t) {
    t = createI18n(locale, messages).t;
    translators.set(messages, t);
  }
  return t;
}

const I18nContext = createContext<I18n | null>(null);

/** Gives the page's translator to everything below it (root.tsx). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useLocale() needs an <I18nProvider> above it");
  return i18n;
}

/** The page's locale and helpers bound to it. */
export function useLocale() {
  const { t, locale } = useI18n();
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
    formatNumber: (value: number) => numberFormat(tag).format(value),
    formatDate: (date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }) =>
      dateFormat(tag, options).format(date),
  };
}

/** Plain text and `<tag>…</tag>` parts of a message; tags do not nest. */
type RichPart = { text: string } | { tag: string; text: string };

const tagged = /<(\w+)>(.*?)<\/\1>/gs;

function richParts(message: string): RichPart[] {
  const parts: RichPart[] = [];
  let rest = 0;
  for (const match of message.matchAll(tagged)) {
    if (match.index > rest) parts.push({ text: message.slice(rest, match.index) });
    parts.push({ tag: match[1], text: match[2] });
    rest = match.index + match[0].length;
  }
  if (rest < message.length) parts.push({ text: message.slice(rest) });
  return parts;
}

export interface RichMessageProps {
  messageKey: MessageKey;
  values?: MessageValues;
  /** An element per tag of the message; it is cloned with the tag's text as its children. */
  components?: Record<string, ReactElement>;
}

/**
 * A catalog message with markup: "Write to <email>{{email}}</email>" with
 * `components={{ email: <a href="mailto:…" /> }}`. Tags are read from the catalog before values
 * are put in, so a value is always text, never markup. A tag without a component shows its text.
 */
export function RichMessage({ messageKey, values, components = {} }: RichMessageProps) {
  const { template } = useI18n();
  const children = richParts(template(messageKey)).map((part) => {
    const text = interpolate(part.text, values);
    const element = "tag" in part ? components[part.tag] : undefined;
    return element ? cloneElement(element, undefined, text) : text;
  });
  // Spread as arguments: a fixed list of children, which needs no keys.
  return createElement(Fragment, null, ...children);
}
