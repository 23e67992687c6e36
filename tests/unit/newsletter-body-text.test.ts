import { describe, expect, test } from "vitest";
import { docToMarkedText, markedTextToDoc } from "#app/features/newsletters/body-text";
import { parseRichText } from "#app/lib/rich-text";

/** The Newsletters tab's marked text and the rich-text JSON it is stored as (decision 292). */
describe("newsletter bodies as marked text", () => {
  const source = [
    "## Warming centers",
    "They are **open** tonight, *all* night. [Find one](/find-help) or [write](mailto:info@example.org).",
    "- Blankets\n- Hot meals",
    "1. Come in\n2. Stay warm",
    "![Volunteers serving soup](/files/soup.jpg)",
  ].join("\n\n");

  test("each mark becomes the rich-text node the shared schema accepts", () => {
    const doc = markedTextToDoc(source);
    expect(doc.content.map((block) => block.type)).toEqual([
      "heading",
      "paragraph",
      "bulletList",
      "orderedList",
      "image",
    ]);
    expect(doc.content[1].content).toEqual([
      { type: "text", text: "They are " },
      { type: "text", text: "open", marks: [{ type: "bold" }] },
      { type: "text", text: " tonight, " },
      { type: "text", text: "all", marks: [{ type: "italic" }] },
      { type: "text", text: " night. " },
      { type: "text", text: "Find one", marks: [{ type: "link", attrs: { href: "/find-help" } }] },
      { type: "text", text: " or " },
      {
        type: "text",
        text: "write",
        marks: [{ type: "link", attrs: { href: "mailto:info@example.org" } }],
      },
      { type: "text", text: "." },
    ]);
    expect(parseRichText(doc).ok).toBe(true);
  });

  test("the stored JSON reads back as the same marked text", () => {
    expect(docToMarkedText(markedTextToDoc(source))).toBe(source);
  });

  test("lines of a paragraph join; blank and Windows line ends are blocks apart", () => {
    expect(docToMarkedText(markedTextToDoc("One\r\ntwo\r\n\r\n\r\nThree"))).toBe(
      "One two\n\nThree",
    );
  });
});
