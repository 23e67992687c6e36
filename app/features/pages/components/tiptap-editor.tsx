import { Node } from "@tiptap/core";
import { Image } from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { useId, useState } from "react";
// Not the module's index: it brings the schema and zod, which the browser needs not.
import { isAllowedHref, isSitePath } from "#app/lib/rich-text/links";
import type { RichTextEditorProps } from "./editor-props";

/**
 * TipTap, narrowed to the nodes and marks app/lib/rich-text allows
 * (docs/decisions/284-the-page-editor.md). Its JSON goes in a hidden field of the form; the server
 * checks it on every save. Every control is a native button, input or select with a label, in a
 * toolbar the keyboard reaches before the text.
 */

/** The call-to-action button: a link styled as a button, to a page of this site. */
const CallToAction = Node.create({
  name: "callToAction",
  group: "block",
  atom: true,
  addAttributes() {
    return { href: { default: "/" }, label: { default: "" } };
  },
  parseHTML() {
    return [{ tag: "a[data-call-to-action]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      "a",
      { "data-call-to-action": "", href: HTMLAttributes.href, class: "btn btn-primary" },
      String(HTMLAttributes.label ?? ""),
    ];
  },
});

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    hardBreak: false,
    link: { openOnClick: false, autolink: false, isAllowedUri: (url) => isAllowedHref(url) },
  }),
  Image.configure({ inline: false }),
  CallToAction,
];

function ToolButton({
  pressed,
  onClick,
  children,
}: {
  pressed?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-outline px-3 py-1 text-sm"
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export default function TipTapEditor({
  name,
  label,
  defaultValue,
  lang,
  images,
}: RichTextEditorProps) {
  const id = useId();
  const [json, setJson] = useState(defaultValue);
  const [linkHref, setLinkHref] = useState("");
  const [imageSrc, setImageSrc] = useState(images[0]?.src ?? "");
  const [buttonLabel, setButtonLabel] = useState("");
  const [buttonHref, setButtonHref] = useState("/donate");
  const [problem, setProblem] = useState("");
  const editor = useEditor({
    extensions,
    content: JSON.parse(defaultValue),
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id: `${id}-text`,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        lang,
        class:
          "field-input min-h-64 space-y-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-bold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_a]:underline",
      },
    },
    onUpdate: ({ editor: changed }) => setJson(JSON.stringify(changed.getJSON())),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current?.isActive("heading", { level: 2 }) ?? false,
      h3: current?.isActive("heading", { level: 3 }) ?? false,
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      bullet: current?.isActive("bulletList") ?? false,
      ordered: current?.isActive("orderedList") ?? false,
      quote: current?.isActive("blockquote") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });
  const chain = () => editor?.chain().focus();

  function applyLink() {
    const href = linkHref.trim();
    if (href === "") {
      chain()?.extendMarkRange("link").unsetLink().run();
      return setProblem("");
    }
    if (!isAllowedHref(href)) {
      return setProblem(
        `The link "${href}" is not allowed: use https:, http:, mailto:, tel: or a path of this site.`,
      );
    }
    setProblem("");
    chain()?.extendMarkRange("link").setLink({ href }).run();
  }

  function insertImage() {
    const image = images.find((candidate) => candidate.src === imageSrc);
    if (image) chain()?.setImage({ src: image.src, alt: image.alt }).run();
  }

  function insertButton() {
    if (!isSitePath(buttonHref.trim()) || buttonLabel.trim() === "") {
      return setProblem("A button needs its words and a path of this site, such as /donate.");
    }
    setProblem("");
    chain()
      ?.insertContent({
        type: "callToAction",
        attrs: { href: buttonHref.trim(), label: buttonLabel.trim() },
      })
      .run();
  }

  return (
    <div className="field">
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <input type="hidden" name={name} value={json} />
      <div role="toolbar" aria-label="Formatting" className="mb-2 flex flex-wrap gap-2">
        <ToolButton pressed={state?.h2} onClick={() => chain()?.toggleHeading({ level: 2 }).run()}>
          Heading
        </ToolButton>
        <ToolButton pressed={state?.h3} onClick={() => chain()?.toggleHeading({ level: 3 }).run()}>
          Subheading
        </ToolButton>
        <ToolButton pressed={state?.bold} onClick={() => chain()?.toggleBold().run()}>
          Bold
        </ToolButton>
        <ToolButton pressed={state?.italic} onClick={() => chain()?.toggleItalic().run()}>
          Italic
        </ToolButton>
        <ToolButton pressed={state?.bullet} onClick={() => chain()?.toggleBulletList().run()}>
          Bulleted list
        </ToolButton>
        <ToolButton pressed={state?.ordered} onClick={() => chain()?.toggleOrderedList().run()}>
          Numbered list
        </ToolButton>
        <ToolButton pressed={state?.quote} onClick={() => chain()?.toggleBlockquote().run()}>
          Quote
        </ToolButton>
      </div>
      <div className="mb-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-link`} className="field-label">
            Link address for the selected words
          </label>
          <input
            id={`${id}-link`}
            className="field-input"
            value={linkHref}
            onChange={(event) => setLinkHref(event.target.value)}
            placeholder="https://… or /donate"
          />
        </div>
        <ToolButton pressed={state?.link} onClick={applyLink}>
          Set link
        </ToolButton>
        {images.length > 0 ? (
          <>
            <div>
              <label htmlFor={`${id}-image`} className="field-label">
                Uploaded image
              </label>
              <select
                id={`${id}-image`}
                className="field-input"
                value={imageSrc}
                onChange={(event) => setImageSrc(event.target.value)}
              >
                {images.map((image) => (
                  <option key={image.src} value={image.src}>
                    {image.alt}
                  </option>
                ))}
              </select>
            </div>
            <ToolButton onClick={insertImage}>Insert image</ToolButton>
          </>
        ) : null}
      </div>
      <div className="mb-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-button-label`} className="field-label">
            Button words
          </label>
          <input
            id={`${id}-button-label`}
            className="field-input"
            value={buttonLabel}
            onChange={(event) => setButtonLabel(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-button-href`} className="field-label">
            Button goes to (a path of this site)
          </label>
          <input
            id={`${id}-button-href`}
            className="field-input"
            value={buttonHref}
            onChange={(event) => setButtonHref(event.target.value)}
          />
        </div>
        <ToolButton onClick={insertButton}>Insert button</ToolButton>
      </div>
      <p role="status" className="text-sm font-medium text-[var(--color-error)]">
        {problem}
      </p>
      <EditorContent editor={editor} />
    </div>
  );
}
