import type { NewsletterBody } from "#app/db/schema/newsletters";

/**
 * The body of an issue as mail parts. Interim until app/lib/rich-text lands: the body is that
 * module's structured JSON, read here only for its text.
 */

type Node = { type?: string; text?: string; content?: Node[] };

function textOf(node: Node): string {
  if (node.type === "text") return node.text ?? "";
  const parts = (node.content ?? []).map(textOf);
  return node.type === "doc" || node.type === "bulletList" || node.type === "orderedList"
    ? parts.join("\n\n")
    : parts.join("");
}

export function bodyText(body: NewsletterBody, _origin: string): string {
  return textOf(body as Node);
}

export function bodyHtml(
  _body: NewsletterBody,
  _origin: string,
  _frame: { lang: string; footer: Record<string, string>; online: string; unsubscribe: string },
): string | undefined {
  return undefined;
}
