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

/** Some groups of one locale's catalog: what a loader sends. */
export type PageMessages = Partial<Messages>;

function messagesOf(loaderData: unknown): PageMessages | undefined {
  if (typeof loaderData !== "object" || loaderData === null) return undefined;
  const messages = (loaderData as { messages?: unknown }).messages;
  return typeof messages === "object" && messages !== null ? (messages as PageMessages) : undefined;
}

/**
 * The groups sent by the matched routes' loaders, merged (null when none sent any: the root's
 * loader failed). Groups are whole, so a group sent twice is the same text.
 */
export function mergeMessages(loaderData: readonly unknown[]): Messages | null {
  const parts = loaderData.map(messagesOf).filter((part) => part !== undefined);
  if (parts.length === 0) return null;
  return Object.assign({}, ...parts) as Messages;
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
  const merged = mergeMessages(parts.map((messages) => ({ messages })));
  previous.current = { parts, merged };
  return merged;
}
