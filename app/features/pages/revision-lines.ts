import { parseRichText, richTextToPlainText } from "#app/lib/rich-text";
import { isPageImage } from "./addresses";

interface RevisionText {
  title: string;
  summary: string;
  body: unknown;
}

/** A revision's words as lines: its title, its summary, then its body as plain text. */
function linesOf(revision: RevisionText): string[] {
  const body = parseRichText(revision.body, { isOwnImage: isPageImage });
  return [
    `Title: ${revision.title}`,
    `Summary: ${revision.summary}`,
    "",
    ...(body.ok ? richTextToPlainText(body.doc).split("\n") : []),
  ];
}

/**
 * A revision's lines, each marked when the other revision does not have it: enough to see what a
 * publication changed, side by side.
 */
export function revisionLines(revision: RevisionText, other: RevisionText) {
  const others = new Set(linesOf(other));
  return linesOf(revision).map((text, number) => ({
    number,
    text,
    changed: text !== "" && !others.has(text),
  }));
}
