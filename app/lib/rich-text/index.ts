/**
 * Rich text stored as checked JSON (docs/decisions/280-rich-text-as-checked-json.md): the schema and
 * its parse, the allowed link targets, a React renderer and a plain-text rendering. Knows no feature.
 * Code that runs in the browser imports `./render` and `./links` directly: this index brings the
 * schema, and with it zod, into any bundle that imports it.
 */
export { absoluteHref, isAllowedHref, isSitePath } from "./links";
export { richTextToPlainText } from "./plain-text";
export { RichText } from "./render";
export {
  type Block,
  emptyRichText,
  parseRichText,
  parseRichTextJson,
  RICH_TEXT_LIMITS,
  type RichTextDoc,
  type RichTextIssue,
  type RichTextParse,
  richTextSchema,
} from "./schema";
