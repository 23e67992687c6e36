/**
 * The Newsletters tab writes a body as lightly marked text, which works in a plain textarea without
 * scripts (docs/decisions/292-newsletters-tab-and-role.md), and stores it as the rich-text module's
 * structured JSON; that module's schema then decides what is allowed. A blank line separates
 * blocks; `## ` and `### ` start headings, `- ` bullet items, `1. ` numbered items; inline,
 * `**bold**`, `*italic*` and `[words](target)`; a line `![alternative text](/path)` is an image.
 */

type Mark = { type: "bold" } | { type: "italic" } | { type: "link"; attrs: { href: string } };
type Inline = { type: "text"; text: string; marks?: Mark[] };
type Block = { type: string; attrs?: Record<string, unknown>; content?: unknown[] };
export type MarkedDoc = { type: "doc"; content: Block[] };

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string, marks: Mark[] = []): Inline[] {
  const nodes: Inline[] = [];
  const push = (value: string, extra: Mark[]) => {
    if (value)
      nodes.push(
        extra.length > 0
          ? { type: "text", text: value, marks: extra }
          : { type: "text", text: value },
      );
  };
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    push(text.slice(last, match.index), marks);
    const [, bold, italic, words, href] = match;
    if (bold !== undefined) nodes.push(...inline(bold, [...marks, { type: "bold" }]));
    else if (italic !== undefined) nodes.push(...inline(italic, [...marks, { type: "italic" }]));
    else push(words, [...marks, { type: "link", attrs: { href } }]);
    last = (match.index ?? 0) + match[0].length;
  }
  push(text.slice(last), marks);
  return nodes;
}

const paragraph = (text: string): Block => ({ type: "paragraph", content: inline(text) });

function list(lines: string[], ordered: boolean): Block {
  return {
    type: ordered ? "orderedList" : "bulletList",
    content: lines.map((line) => ({
      type: "listItem",
      content: [paragraph(line.replace(/^(- |\d+\. )/, ""))],
    })),
  };
}

export function markedTextToDoc(source: string): MarkedDoc {
  const blocks = source
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return {
    type: "doc",
    content: blocks.map((block): Block => {
      const lines = block.split("\n").map((line) => line.trim());
      const heading = block.match(/^(#{2,3}) (.+)$/s);
      if (heading) {
        return {
          type: "heading",
          attrs: { level: heading[1].length },
          content: inline(heading[2].replace(/\n/g, " ")),
        };
      }
      const image = block.match(/^!\[([^\]]*)\]\(([^)\s]+)\)$/);
      if (image) return { type: "image", attrs: { src: image[2], alt: image[1] } };
      if (lines.every((line) => line.startsWith("- "))) return list(lines, false);
      if (lines.every((line) => /^\d+\. /.test(line))) return list(lines, true);
      return paragraph(lines.join(" "));
    }),
  };
}

function markedInline(nodes: unknown): string {
  return ((nodes as Inline[] | undefined) ?? [])
    .map((node) => {
      let text = node.text;
      for (const mark of node.marks ?? []) {
        if (mark.type === "bold") text = `**${text}**`;
        else if (mark.type === "italic") text = `*${text}*`;
        else text = `[${text}](${mark.attrs.href})`;
      }
      return text;
    })
    .join("");
}

/** The marked text of a stored body, to edit it again. */
export function docToMarkedText(doc: { content: unknown[] }): string {
  return (doc.content as Block[])
    .map((block) => {
      if (block.type === "heading") {
        return `${"#".repeat(Number(block.attrs?.level ?? 2))} ${markedInline(block.content)}`;
      }
      if (block.type === "image") return `![${block.attrs?.alt}](${block.attrs?.src})`;
      if (block.type === "bulletList" || block.type === "orderedList") {
        return ((block.content ?? []) as Block[])
          .map((item, index) => {
            const first = ((item.content ?? []) as Block[])[0];
            const bullet = block.type === "bulletList" ? "- " : `${index + 1}. `;
            return `${bullet}${markedInline(first?.content)}`;
          })
          .join("\n");
      }
      return markedInline(block.content);
    })
    .join("\n\n");
}
