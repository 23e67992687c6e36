import { data } from "react-router";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";

/**
 * The pages behind a subscriber's signed link (unsubscribe, confirm the address): opening the link
 * shows a button and changes nothing, so a mail scanner that follows every link acts for no one;
 * the button's POST acts (docs/decisions/291-newsletter-subscribers-and-leaving.md).
 */

/** What the link's token names: the address, and whether its action was already taken. */
export interface SignedLinkSubject {
  email: string;
  done: boolean;
}

export async function signedLinkLoader<Done extends string>(
  request: Request,
  handle: PageMessagesHandle,
  find: (token: string | null) => Promise<SignedLinkSubject | null>,
  doneStatus: Done,
) {
  const token = new URL(request.url).searchParams.get("token");
  const subject = await find(token);
  const messages = pageMessages(request, handle);
  if (!subject || !token) return data({ status: "invalid" as const, messages }, { status: 400 });
  return {
    status: subject.done ? doneStatus : ("confirm" as const),
    email: subject.email,
    token,
    messages,
  };
}

/**
 * The button posts the token as a field; mail programs' own unsubscribe button posts
 * `List-Unsubscribe=One-Click` to the link itself (RFC 8058), the token in its query string.
 */
export async function signedLinkAction(
  request: Request,
  act: (token: string | null) => Promise<string | null>,
) {
  assertFormPost(request);
  const field = (await readForm(request)).get("token");
  const token = typeof field === "string" ? field : new URL(request.url).searchParams.get("token");
  const email = await act(token);
  if (!email) return data({ status: "invalid" as const }, { status: 400 });
  return { status: "done" as const, email };
}
