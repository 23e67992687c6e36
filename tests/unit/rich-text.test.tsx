import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import {
  isAllowedHref,
  parseRichText,
  parseRichTextJson,
  RichText,
  type RichTextDoc,
  richTextToPlainText,
} from "#app/lib/rich-text";

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, marks });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const linked = (href: string) => ({
  type: "doc",
  content: [paragraph(text("see", [{ type: "link", attrs: { href } }]))],
});

const full = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [text("Our work")] },
    paragraph(
      text("We "),
      text("house", [{ type: "bold" }]),
      text(" and "),
      text("feed", [{ type: "italic" }]),
      text(" people. "),
      text("Read more", [{ type: "link", attrs: { href: "/about", target: "_blank" } }]),
    ),
    { type: "heading", attrs: { level: 3 }, content: [text("Programs")] },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [paragraph(text("Shelter"))] },
        {
          type: "listItem",
          content: [
            paragraph(text("Meals")),
            {
              type: "orderedList",
              attrs: { start: 1 },
              content: [{ type: "listItem", content: [paragraph(text("Breakfast"))] }],
            },
          ],
        },
      ],
    },
    { type: "blockquote", content: [paragraph(text("A bed changed my life."))] },
    {
      type: "image",
      attrs: { src: "/page-images/abc123.webp", alt: "Volunteers serving lunch", title: null },
    },
    { type: "callToAction", attrs: { href: "/donate", label: "Give today" } },
  ],
};

describe("the rich-text schema", () => {
  test("accepts every allowed node and drops keys it does not know", () => {
    const result = parseRichText(full);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const link = result.doc.content[1];
    expect(link.type === "paragraph" && link.content?.[5]?.marks).toEqual([
      { type: "link", attrs: { href: "/about" } },
    ]);
    expect(result.doc.content[5]).toEqual({
      type: "image",
      attrs: { src: "/page-images/abc123.webp", alt: "Volunteers serving lunch" },
    });
  });

  test.each([
    "https://example.org/a?b#c",
    "http://example.org",
    "mailto:help@example.org",
    "tel:+17135551234",
    "/our-work",
    "/es/p/winter-drive?x=1#top",
  ])("allows the link %s", (href) => {
    expect(isAllowedHref(href)).toBe(true);
    expect(parseRichText(linked(href)).ok).toBe(true);
  });

  test.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.org",
    "//evil.example",
    "/\\evil.example",
    "https://",
    "our-work",
    "#top",
    "",
  ])("refuses the link %j, naming it", (href) => {
    const result = parseRichText(linked(href));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]).toMatchObject({ code: "link", link: href.trim() });
    expect(result.issues[0].message).toContain(`"${href.trim()}"`);
  });

  test("a button leads only to a page of the site", () => {
    const result = parseRichText({
      type: "doc",
      content: [{ type: "callToAction", attrs: { href: "https://example.org", label: "Go" } }],
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [{ code: "link", link: "https://example.org" }],
    });
  });

  test("an image needs alternative text and a source in the site's storage", () => {
    const noAlt = parseRichText({
      type: "doc",
      content: [{ type: "image", attrs: { src: "/page-images/a.webp", alt: "  " } }],
    });
    expect(noAlt).toMatchObject({ ok: false, issues: [{ code: "image-alt" }] });
    const outside = parseRichText({
      type: "doc",
      content: [{ type: "image", attrs: { src: "https://evil.example/a.png", alt: "A" } }],
    });
    expect(outside).toMatchObject({
      ok: false,
      issues: [{ code: "image-source", link: "https://evil.example/a.png" }],
    });
    const ownOnly = parseRichText(
      { type: "doc", content: [{ type: "image", attrs: { src: "/files/a.png", alt: "A" } }] },
      { isOwnImage: (src) => src.startsWith("/page-images/") },
    );
    expect(ownOnly).toMatchObject({
      ok: false,
      issues: [{ code: "image-source", link: "/files/a.png" }],
    });
  });

  test.each([
    [
      "a heading of level 1",
      { type: "doc", content: [{ type: "heading", attrs: { level: 1 }, content: [text("A")] }] },
    ],
    ["an unknown node", { type: "doc", content: [{ type: "codeBlock", content: [text("x")] }] }],
    ["raw HTML", { type: "doc", content: [{ type: "html", html: "<script>alert(1)</script>" }] }],
    ["an unknown mark", linkedWith({ type: "underline" })],
    ["not a document", [paragraph(text("A"))]],
    ["text that is not a string", { type: "doc", content: [paragraph({ type: "text", text: 3 })] }],
    ["an empty list", { type: "doc", content: [{ type: "bulletList", content: [] }] }],
  ])("refuses %s", (_name, body) => {
    const result = parseRichText(body);
    expect(result).toMatchObject({ ok: false, issues: [{ code: "shape" }] });
  });

  test("refuses lists nested deeper than the limit", () => {
    let node: unknown = paragraph(text("deep"));
    for (let level = 0; level < 8; level++) {
      node = { type: "bulletList", content: [{ type: "listItem", content: [node] }] };
    }
    expect(parseRichText({ type: "doc", content: [node] }).ok).toBe(false);
  });

  test("bad JSON is refused with a message", () => {
    expect(parseRichTextJson("{")).toMatchObject({ ok: false, issues: [{ code: "shape" }] });
    expect(parseRichTextJson(JSON.stringify(full)).ok).toBe(true);
  });
});

function linkedWith(mark: unknown) {
  return { type: "doc", content: [paragraph(text("see", [mark]))] };
}

function parsed(body: unknown): RichTextDoc {
  const result = parseRichText(body);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.doc;
}

describe("rendering rich text", () => {
  test("renders React elements from the allowlist", () => {
    const html = renderToStaticMarkup(<RichText doc={parsed(full)} />);
    expect(html).toBe(
      [
        "<h2>Our work</h2>",
        '<p>We <strong>house</strong> and <em>feed</em> people. <a href="/about">Read more</a></p>',
        "<h3>Programs</h3>",
        "<ul><li><p>Shelter</p></li><li><p>Meals</p><ol><li><p>Breakfast</p></li></ol></li></ul>",
        "<blockquote><p>A bed changed my life.</p></blockquote>",
        '<img src="/page-images/abc123.webp" alt="Volunteers serving lunch" loading="lazy" decoding="async"/>',
        '<p><a class="btn btn-primary" href="/donate">Give today</a></p>',
      ].join(""),
    );
  });

  test("text that looks like HTML stays text", () => {
    const html = renderToStaticMarkup(
      <RichText
        doc={parsed({ type: "doc", content: [paragraph(text("<img src=x onerror=alert(1)>"))] })}
      />,
    );
    expect(html).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>");
  });

  test("an origin makes the site's paths absolute, for an e-mail", () => {
    const html = renderToStaticMarkup(
      <RichText doc={parsed(full)} origin="https://site.example" />,
    );
    expect(html).toContain('href="https://site.example/about"');
    expect(html).toContain('src="https://site.example/page-images/abc123.webp"');
  });

  test("renders plain text", () => {
    const body = parsed({
      ...full,
      content: [
        ...full.content,
        paragraph(
          text("Write to "),
          text("help@example.org", [{ type: "link", attrs: { href: "mailto:help@example.org" } }]),
          text(" or "),
          text("call", [{ type: "bold" }, { type: "link", attrs: { href: "tel:+17135551234" } }]),
          text(" us", [{ type: "link", attrs: { href: "tel:+17135551234" } }]),
        ),
      ],
    });
    expect(richTextToPlainText(body, { origin: "https://site.example" })).toBe(
      [
        "Our work",
        "We house and feed people. Read more (https://site.example/about)",
        "Programs",
        "- Shelter\n- Meals\n  1. Breakfast",
        "> A bed changed my life.",
        "[Volunteers serving lunch]",
        "Give today: https://site.example/donate",
        "Write to help@example.org or call us (tel:+17135551234)",
      ].join("\n\n"),
    );
  });
});
