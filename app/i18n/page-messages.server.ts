import { catalogs } from "./catalogs.server";
import { localeFromRequest } from "./locales";
import type { PageMessagesHandle, PageMessagesText } from "./page-messages";

/**
 * Each text made once: the keys are the route modules' lists in each locale, a set fixed by the
 * code, so this never grows with what visitors send.
 */
const texts = new Map<string, PageMessagesText>();

/** The groups a route declares, from the catalog of the request's locale, as JSON text. */
export function pageMessages(request: Request, { messages }: PageMessagesHandle): PageMessagesText {
  const locale = localeFromRequest(request);
  const key = `${locale}:${messages.join(",")}`;
  let text = texts.get(key);
  if (text === undefined) {
    const catalog = catalogs[locale];
    text = JSON.stringify(
      Object.fromEntries(messages.map((group) => [group, catalog[group]])),
    ) as PageMessagesText;
    texts.set(key, text);
  }
  return text;
}
