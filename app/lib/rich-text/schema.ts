import { z } from "zod";
import { isAllowedHref, isSitePath } from "./links";

/**
 * The structured body of rich text (docs/decisions/280-rich-text-as-checked-json.md): the shape
 * ProseMirror/TipTap writes, narrowed to an allowlist. Unknown keys are dropped; an unknown node or
 * mark type, a link outside the allowed schemes, an image without alternative text or from outside
 * the site refuse the whole body.
 */

export type Mark =
  | { type: "bold" }
  | { type: "italic" }
  | { type: "link"; attrs: { href: string } };

export type TextNode = { type: "text"; text: string; marks?: Mark[] };

export type Paragraph = { type: "paragraph"; content?: TextNode[] };
export type Heading = { type: "heading"; attrs: { level: 2 | 3 }; content?: TextNode[] };
export type ListItem = { type: "listItem"; content: (Paragraph | List)[] };
export type BulletList = { type: "bulletList"; content: ListItem[] };
export type OrderedList = { type: "orderedList"; attrs?: { start?: number }; content: ListItem[] };
export type List = BulletList | OrderedList;
export type Blockquote = { type: "blockquote"; content: (Paragraph | List)[] };
export type Image = { type: "image"; attrs: { src: string; alt: string } };
export type CallToAction = { type: "callToAction"; attrs: { href: string; label: string } };

export type Block = Paragraph | Heading | List | Blockquote | Image | CallToAction;
export type RichTextDoc = { type: "doc"; content: Block[] };

export const RICH_TEXT_LIMITS = {
  /** Characters in one run of text. */
  text: 20_000,
  /** Characters in a link, an image address, alternative text or a button label. */
  attribute: 2_000,
  /** Blocks at the top of a body, and items in a list. */
  children: 2_000,
  /** How deep lists may nest inside lists and quotes. */
  depth: 6,
} as const;

/** Why a body was refused: `link` names the refused link, `path` where in the body it was. */
export type RichTextIssue =
  | { code: "link"; link: string; path: (string | number)[]; message: string }
  | { code: "image-source"; link: string; path: (string | number)[]; message: string }
  | { code: "image-alt"; path: (string | number)[]; message: string }
  | { code: "shape"; path: (string | number)[]; message: string };

const attribute = z.string().max(RICH_TEXT_LIMITS.attribute);

const linkMark = z.object({
  type: z.literal("link"),
  attrs: z.object({
    href: attribute.trim().refine(isAllowedHref),
  }),
});

const mark: z.ZodType<Mark> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bold") }),
  z.object({ type: z.literal("italic") }),
  linkMark,
]);

const textNode: z.ZodType<TextNode> = z.object({
  type: z.literal("text"),
  text: z.string().min(1).max(RICH_TEXT_LIMITS.text),
  marks: z.array(mark).max(3).optional(),
});

const inline = z.array(textNode).max(RICH_TEXT_LIMITS.children).optional();

const paragraph: z.ZodType<Paragraph> = z.object({ type: z.literal("paragraph"), content: inline });

const heading: z.ZodType<Heading> = z.object({
  type: z.literal("heading"),
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3)]) }),
  content: inline,
});

/** Lists and quotes nest; each level takes a schema one level shallower, down to paragraphs only. */
function nested(depth: number): z.ZodType<Paragraph | List> {
  if (depth === 0) return paragraph;
  const inner = nested(depth - 1);
  const item = z.object({
    type: z.literal("listItem"),
    content: z.array(inner).min(1).max(RICH_TEXT_LIMITS.children),
  });
  const items = z.array(item).min(1).max(RICH_TEXT_LIMITS.children);
  return z.union([
    paragraph,
    z.object({ type: z.literal("bulletList"), content: items }),
    z.object({
      type: z.literal("orderedList"),
      attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).optional(),
      content: items,
    }),
  ]) as z.ZodType<Paragraph | List>;
}

const listOrParagraph = nested(RICH_TEXT_LIMITS.depth);

const image: z.ZodType<Image> = z.object({
  type: z.literal("image"),
  attrs: z.object({
    src: attribute.refine(isSitePath),
    alt: attribute.trim().min(1),
  }),
});

const callToAction: z.ZodType<CallToAction> = z.object({
  type: z.literal("callToAction"),
  attrs: z.object({
    href: attribute.trim().refine(isSitePath),
    label: attribute.trim().min(1),
  }),
});

const block: z.ZodType<Block> = z.union([
  listOrParagraph,
  heading,
  z.object({
    type: z.literal("blockquote"),
    content: z.array(listOrParagraph).min(1).max(RICH_TEXT_LIMITS.children),
  }),
  image,
  callToAction,
]) as z.ZodType<Block>;

export const richTextSchema: z.ZodType<RichTextDoc> = z.object({
  type: z.literal("doc"),
  content: z.array(block).max(RICH_TEXT_LIMITS.children),
});

export const emptyRichText: RichTextDoc = { type: "doc", content: [] };

export type RichTextParse = { ok: true; doc: RichTextDoc } | { ok: false; issues: RichTextIssue[] };

/**
 * Checks a body (already parsed JSON) against the allowlist. `isOwnImage` narrows image sources to
 * the caller's storage route; any site path passes without it.
 */
export function parseRichText(
  input: unknown,
  options: { isOwnImage?: (src: string) => boolean } = {},
): RichTextParse {
  const result = richTextSchema.safeParse(input);
  if (!result.success) return { ok: false, issues: toIssues(input, result.error.issues) };
  const foreign = options.isOwnImage ? findForeignImages(result.data, options.isOwnImage) : [];
  if (foreign.length > 0) return { ok: false, issues: foreign };
  return { ok: true, doc: result.data };
}

/** Parses a JSON string (a form field) and checks it; bad JSON is a shape issue. */
export function parseRichTextJson(
  json: string,
  options: { isOwnImage?: (src: string) => boolean } = {},
): RichTextParse {
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch {
    return {
      ok: false,
      issues: [{ code: "shape", path: [], message: "The body is not valid JSON." }],
    };
  }
  return parseRichText(input, options);
}

function findForeignImages(
  doc: RichTextDoc,
  isOwnImage: (src: string) => boolean,
): RichTextIssue[] {
  return doc.content.flatMap((node, index) =>
    node.type === "image" && !isOwnImage(node.attrs.src)
      ? [imageSourceIssue(node.attrs.src, ["content", index, "attrs", "src"])]
      : [],
  );
}

function imageSourceIssue(link: string, path: (string | number)[]): RichTextIssue {
  return {
    code: "image-source",
    link,
    path,
    message: `The image "${link}" is not from the site's own storage.`,
  };
}

/**
 * Turns zod's issues into ours. A union reports every branch it tried; the issues we named (a
 * link, an image) are found by walking the input at the issue's path, so a refused link is named
 * even when zod reports it as "no branch matched".
 */
function toIssues(input: unknown, issues: z.core.$ZodIssue[]): RichTextIssue[] {
  const named = [...collectLinkIssues(input, [])];
  if (named.length > 0) return named;
  return issues.slice(0, 5).map((issue) => ({
    code: "shape",
    path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    message: `The body does not have an allowed shape at ${formatPath(issue.path)}.`,
  }));
}

function formatPath(path: PropertyKey[]) {
  return path.length === 0 ? "its top" : path.map(String).join(".");
}

/** Every refused link, foreign image source and missing alternative text anywhere in the input. */
function* collectLinkIssues(value: unknown, path: (string | number)[]): Generator<RichTextIssue> {
  if (Array.isArray(value)) {
    for (const [index, child] of value.entries()) yield* collectLinkIssues(child, [...path, index]);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const record = value as Record<string, unknown>;
  const attrs = (record.attrs ?? {}) as Record<string, unknown>;
  const href = typeof attrs.href === "string" ? attrs.href.trim() : undefined;
  if (record.type === "link" && href !== undefined && !isAllowedHref(href)) {
    yield {
      code: "link",
      link: href,
      path,
      message: `The link "${href}" is not allowed: use https:, http:, mailto:, tel: or a path of this site.`,
    };
  }
  if (record.type === "callToAction" && href !== undefined && !isSitePath(href)) {
    yield {
      code: "link",
      link: href,
      path,
      message: `The button link "${href}" is not a path of this site.`,
    };
  }
  if (record.type === "image") {
    const src = typeof attrs.src === "string" ? attrs.src : "";
    if (!isSitePath(src)) yield imageSourceIssue(src, path);
    if (typeof attrs.alt !== "string" || attrs.alt.trim() === "") {
      yield { code: "image-alt", path, message: `The image "${src}" has no alternative text.` };
    }
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== "attrs") yield* collectLinkIssues(child, [...path, key]);
  }
}
