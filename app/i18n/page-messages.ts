import { useRef } from "react";
import { useMatches } from "react-router";
import type { Messages } from "./translator";

/**
 * Each page receives the messages it uses, not the whole catalog
 * (docs/decisions/153-messages-per-page.md): the root sends the shell's groups (navigation,
 * accessibility panel, errors), and every route module names the other groups its page draws in
 * `handle.messages`; its loader sends them (page-messages.server.ts). The page's translator reads
 * the groups of all matched routes merged. tests/unit/page-messages.test.ts checks each route's
 * list against the keys its modules use.
 */

/** A top-level group of the catalogs, such as "landing" or "donation". */
export type MessageGroup = keyof Messages;

/** What a route module declares: the groups its page uses that the routes above it do not send. */
export interface PageMessagesHandle {
  messages: readonly MessageGroup[];
}

/** Some groups of one locale's catalog. */
export type PageMessages = Partial<Messages>;

/**
 * Some groups as JSON text: what a loader sends. React Router encodes loader data value by value
 * on every request, and the messages are most of a page's data; text is encoded in one step, and
 * each distinct text is parsed once (docs/decisions/200-page-messages-as-text.md).
 */
export type PageMessagesText = string & { readonly pageMessagesText: unique symbol };

/** Parsed texts: one per page and locale, in the server and in the browser. */
const parsedTexts = new Map<string, PageMessages>();

/** The groups a loader sent, parsed once and then shared. */
export function parsePageMessages(text: PageMessagesText): PageMessages {
  let messages = parsedTexts.get(text);
  if (messages === undefined) {
    messages = JSON.parse(text) as PageMessages;
    parsedTexts.set(text, messages);
  }
  return messages;
}

function messagesOf(loaderData: unknown): PageMessages | undefined {
  if (typeof loaderData !== "object" || loaderData === null) return undefined;
  const messages = (loaderData as { messages?: unknown }).messages;
  return typeof messages === "string" ? parsePageMessages(messages as PageMessagesText) : undefined;
}

/**
 * The groups sent by the matched routes' loaders, merged (null when none sent any: the root's
 * loader failed). Groups are whole, so a group sent twice is the same text.
 */
export function mergeMessages(loaderData: readonly unknown[]): Messages | null {
  return mergeParts(loaderData.map(messagesOf));
}

function mergeParts(parts: readonly (PageMessages | undefined)[]): Messages | null {
  const sent = parts.filter((part) => part !== undefined);
  if (sent.length === 0) return null;
  return Object.assign({}, ...sent) as Messages;
}

/** The merged messages of the matched routes, the same object while no route sent new ones. */
export function useMatchedMessages(): Messages | null {
  const parts = useMatches().map((match) => messagesOf(match.data));
  const previous = useRef<{ parts: (PageMessages | undefined)[]; merged: Messages | null }>(null);
  const last = previous.current;
  if (
    last &&
    last.parts.length === parts.length &&
    last.parts.every((part, i) => part === parts[i])
  ) {
    return last.merged;
  }
  const merged = mergeParts(parts);
  previous.current = { parts, merged };
  return merged;
}
