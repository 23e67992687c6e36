import { Fragment, type ReactNode } from "react";
import { absoluteHref } from "./links";
import type { Block, List, Paragraph, RichTextDoc, TextNode } from "./schema";

/**
 * Rich text as React elements, node by node from the allowlist (docs/decisions/280-rich-text-as-checked-json.md):
 * no HTML string is ever produced, so nothing in a body reaches the browser as markup. `origin`
 * makes site paths absolute (for an e-mail); `buttonClassName` styles the call-to-action link.
 */
export function RichText({
  doc,
  origin,
  buttonClassName = "btn btn-primary",
}: {
  doc: RichTextDoc;
  origin?: string;
  buttonClassName?: string;
}) {
  const context = { origin, buttonClassName };
  return <>{doc.content.map((node, index) => renderBlock(node, index, context))}</>;
}

type Context = { origin?: string; buttonClassName: string };

function renderBlock(node: Block, key: number, context: Context): ReactNode {
  switch (node.type) {
    case "heading": {
      const Tag = node.attrs.level === 2 ? "h2" : "h3";
      return <Tag key={key}>{renderInline(node.content, context)}</Tag>;
    }
    case "image":
      return (
        <img
          key={key}
          src={absoluteHref(node.attrs.src, context.origin)}
          alt={node.attrs.alt}
          loading="lazy"
          decoding="async"
        />
      );
    case "callToAction":
      return (
        <p key={key}>
          <a
            className={context.buttonClassName}
            href={absoluteHref(node.attrs.href, context.origin)}
          >
            {node.attrs.label}
          </a>
        </p>
      );
    case "blockquote":
      return <blockquote key={key}>{renderNested(node, context)}</blockquote>;
    default:
      return renderParagraphOrList(node, key, context);
  }
}

function renderNested(node: { content: (Paragraph | List)[] }, context: Context) {
  return node.content.map((child, index) => renderParagraphOrList(child, index, context));
}

function renderParagraphOrList(node: Paragraph | List, key: number, context: Context): ReactNode {
  if (node.type === "paragraph") return <p key={key}>{renderInline(node.content, context)}</p>;
  const items = node.content.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the body is rendered once on the server, in order
    <li key={index}>{renderNested(item, context)}</li>
  ));
  if (node.type === "bulletList") return <ul key={key}>{items}</ul>;
  const start = node.attrs?.start;
  return (
    <ol key={key} start={start !== undefined && start !== 1 ? start : undefined}>
      {items}
    </ol>
  );
}

function renderInline(content: TextNode[] | undefined, context: Context): ReactNode {
  return (content ?? []).map((text, index) => {
    let element: ReactNode = text.text;
    const marks = text.marks ?? [];
    if (marks.some((mark) => mark.type === "bold")) element = <strong>{element}</strong>;
    if (marks.some((mark) => mark.type === "italic")) element = <em>{element}</em>;
    const link = marks.find((mark) => mark.type === "link");
    if (link) element = <a href={absoluteHref(link.attrs.href, context.origin)}>{element}</a>;
    // biome-ignore lint/suspicious/noArrayIndexKey: runs of text have no identity but their order
    return <Fragment key={index}>{element}</Fragment>;
  });
}
