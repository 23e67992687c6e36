import { catalogs } from "./catalogs.server";
import { localeFromRequest } from "./locales";
import type { PageMessages, PageMessagesHandle } from "./page-messages";

/** The groups a route declares, from the catalog of the request's locale. */
export function pageMessages(request: Request, { messages }: PageMessagesHandle): PageMessages {
  const catalog = catalogs[localeFromRequest(request)];
  return Object.fromEntries(messages.map((group) => [group, catalog[group]]));
}
