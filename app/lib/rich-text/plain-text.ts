import { absoluteHref } from "./links";
import type { Block, List, Paragraph, RichTextDoc, TextNode } from "./schema";

/**
 * Rich text as plain text (an e-mail's text part, a search summary): blocks apart by a blank line,
 * list items as "- " or "1. ", quotes as "> ", a link's target in brackets after its words unless
 * the words are the target, an image as its alternative text, a button as "label: target".
 * `origin` makes site paths absolute.
 */
export function richTextToPlainText(doc: RichTextDoc, options: { origin?: string } = {}): string {
  return doc.content
    .map((node) => blockText(node, options.origin))
    .filter((text) => text !== "")
    .join("\n\n");
}

function blockText(node: Block, origin: string | undefined): string {
  switch (node.type) {
    case "heading":
      return inlineText(node.content, origin);
    case "image":
      return `[${node.attrs.alt}]`;
    case "callToAction":
      return `${node.attrs.label}: ${absoluteHref(node.attrs.href, origin)}`;
    case "blockquote":
      return node.content
        .map((child) => nestedText(child, origin))
        .join("\n\n")
        .split("\n")
        .map((line) => (line === "" ? ">" : `> ${line}`))
        .join("\n");
    default:
      return nestedText(node, origin);
  }
}

function nestedText(node: Paragraph | List, origin: string | undefined): string {
  if (node.type === "paragraph") return inlineText(node.content, origin);
  const first = node.type === "orderedList" ? (node.attrs?.start ?? 1) : 1;
  return node.content
    .map((item, index) => {
      const bullet = node.type === "orderedList" ? `${first + index}. ` : "- ";
      const indent = " ".repeat(bullet.length);
      const body = item.content.map((child) => nestedText(child, origin)).join("\n");
      return bullet + body.split("\n").join(`\n${indent}`);
    })
    .join("\n");
}

function inlineText(content: TextNode[] | undefined, origin: string | undefined): string {
  // Runs next to each other under one link (a bold word inside it) are one link.
  const groups: { text: string; href?: string }[] = [];
  for (const run of content ?? []) {
    const href = run.marks?.find((mark) => mark.type === "link")?.attrs.href;
    const last = groups.at(-1);
    if (last && last.href === href) last.text += run.text;
    else groups.push({ text: run.text, href });
  }
  return groups
    .map(({ text, href }) => {
      if (href === undefined) return text;
      const target = absoluteHref(href, origin);
      const shown = target.replace(/^(mailto|tel):/, "");
      return text === target || text === shown ? text : `${text} (${target})`;
    })
    .join("");
}
